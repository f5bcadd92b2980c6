import { expect } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { TestDevice } from '../server/pushService.ts'
import { DESKTOP } from './browser.ts'

// Chromium without a vendor's push service cannot subscribe: the page's PushManager is given the
// suite's push service instead (the one the server tests decrypt with), and what it receives is
// delivered to the real service worker through DevTools.

type Account = { email: string; password: string }

/** A signed-in context whose pages subscribe to `device` of the test push service. */
export async function hostWithDevice(
  browser: Browser,
  serverUrl: string,
  account: Account,
  device: TestDevice,
  viewport: typeof DESKTOP,
  language: 'en' | 'ar',
) {
  const context = await browser.newContext({ viewport })
  await context.grantPermissions(['notifications'], { origin: serverUrl })
  const signIn = await context.request.post(`${serverUrl}/api/auth/login`, {
    data: account,
    headers: { origin: serverUrl },
  })
  expect(signIn.status()).toBe(200)
  await context.addInitScript(
    ({ subscription, lang }) => {
      localStorage.setItem('manzil.language', lang)
      const KEY = 'e2e.subscription'
      const current = () => {
        const stored = localStorage.getItem(KEY)
        if (stored === null) return null
        const serverKey = Uint8Array.from(JSON.parse(stored) as number[])
        return {
          endpoint: subscription.endpoint,
          options: { applicationServerKey: serverKey.buffer, userVisibleOnly: true },
          toJSON: () => subscription,
          unsubscribe: async () => (localStorage.removeItem(KEY), true),
        }
      }
      PushManager.prototype.getSubscription = async function () {
        return current() as unknown as PushSubscription
      }
      PushManager.prototype.subscribe = async function (options) {
        const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer)
        localStorage.setItem(KEY, JSON.stringify([...key]))
        return current() as unknown as PushSubscription
      }
    },
    { subscription: device.subscription, lang: language },
  )
  return context
}

/** Opens the settings on a page whose service worker is ready; the alerts row. */
export async function openAlerts(page: Page, serverUrl: string, viewport: typeof DESKTOP) {
  await page.goto(`${serverUrl}/dashboard`)
  await page.evaluate(async () => void (await navigator.serviceWorker.ready))
  if (viewport === DESKTOP) await page.getByTestId('settings-button').click()
  else await page.goto(`${serverUrl}/settings`)
  const row = page.getByTestId('device-alerts')
  await row.waitFor()
  return row
}

/** Hands a push the service received to the page's real service worker; the notifications it shows. */
export async function deliverPush(context: BrowserContext, page: Page, serverUrl: string, payload: object) {
  const cdp = await context.newCDPSession(page)
  const registrations: { registrationId: string }[] = []
  cdp.on(
    'ServiceWorker.workerRegistrationUpdated',
    (event: { registrations: { registrationId: string }[] }) => registrations.push(...event.registrations),
  )
  await cdp.send('ServiceWorker.enable')
  await expect.poll(() => registrations.length).toBeGreaterThan(0)
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: serverUrl,
    registrationId: registrations[0]!.registrationId,
    data: JSON.stringify(payload),
  })
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
        title: notification.title,
        body: notification.body,
        tag: notification.tag,
        url: (notification.data as { url: string }).url,
      })),
    )
  const { title } = payload as { title: string }
  await expect.poll(async () => (await shown()).map((notification) => notification.title)).toContain(title)
  return shown()
}
