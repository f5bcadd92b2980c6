import type { PushSubscriptionBody } from '../../../contract/push.ts'
import type { DeviceAlertsFound } from '../../machines/settings/deviceAlerts.ts'

/** This browser's device id on the server, kept so that turning off or signing out removes it. */
const DEVICE_KEY = 'manzil.pushDevice'

/** This browser's device id on the server, when its alerts are on. */
export const currentDeviceId = () => localStorage.getItem(DEVICE_KEY)

/** What the server is asked: its key, to register this browser's subscription, to forget one. */
export type PushCalls = {
  publicKey: () => Promise<string>
  register: (subscription: PushSubscriptionBody) => Promise<{ id: string }>
  remove: (id: string) => Promise<unknown>
}

const pushAvailable = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window !== 'undefined' &&
  'PushManager' in window &&
  'Notification' in window

/** The worker that shows the alerts; none where the app runs without one (a development server). */
const workerRegistration = async () =>
  pushAvailable() ? ((await navigator.serviceWorker.getRegistration()) ?? null) : null

/** The VAPID key as `applicationServerKey` takes it: base64url to bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const text = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
  return Uint8Array.from(text, (char) => char.charCodeAt(0))
}

/** Whether this browser can have alerts, may, and has them now. */
export async function findDeviceAlerts(): Promise<DeviceAlertsFound> {
  const registration = await workerRegistration()
  if (!registration) return 'unsupported'
  if (Notification.permission === 'denied') return 'blocked'
  const subscription = await registration.pushManager.getSubscription()
  return subscription && localStorage.getItem(DEVICE_KEY) ? 'on' : 'off'
}

/**
 * Asks the browser's permission (the caller runs this on a tap), subscribes with the server's
 * key and registers the subscription: 'on', 'blocked' when refused, 'off' when the prompt was
 * dismissed. A subscription made with another key is replaced.
 */
export async function enableDeviceAlerts(calls: PushCalls): Promise<'on' | 'off' | 'blocked'> {
  const permission = await Notification.requestPermission()
  if (permission === 'denied') return 'blocked'
  if (permission !== 'granted') return 'off'
  const registration = await navigator.serviceWorker.ready
  const applicationServerKey = keyBytes(await calls.publicKey())
  const existing = await registration.pushManager.getSubscription()
  const sameKey =
    existing?.options.applicationServerKey &&
    new Uint8Array(existing.options.applicationServerKey).every((byte, i) => byte === applicationServerKey[i])
  if (existing && !sameKey) await existing.unsubscribe()
  const subscription =
    existing && sameKey
      ? existing
      : await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey })
  const { endpoint = '', expirationTime = null, keys = {} } = subscription.toJSON()
  const { id } = await calls.register({
    endpoint,
    expirationTime,
    keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' },
  })
  localStorage.setItem(DEVICE_KEY, id)
  return 'on'
}

/**
 * Ends this browser's alerts: its subscription, and its device on the server (already gone is
 * fine). Signing out calls it too, so that a shared computer stops showing the host's news.
 */
export async function disableDeviceAlerts(remove: PushCalls['remove']): Promise<void> {
  const id = localStorage.getItem(DEVICE_KEY)
  const subscription = await (await workerRegistration())?.pushManager.getSubscription()
  await subscription?.unsubscribe()
  localStorage.removeItem(DEVICE_KEY)
  if (id !== null) await remove(id)
}
