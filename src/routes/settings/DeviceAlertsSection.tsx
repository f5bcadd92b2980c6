import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { fromPromise } from 'xstate'
import { api, type Profile } from '../../actors/api.ts'
import { pushApi } from '../../actors/pushApi.ts'
import { feedbackText } from '../../common/notify.ts'
import { useI18n } from '../../i18n.tsx'
import { useFlow, type FlowImplementations } from '../../common/useFlow.ts'
import {
  currentDeviceId,
  disableDeviceAlerts,
  enableDeviceAlerts,
  findDeviceAlerts,
  type PushCalls,
} from '../../features/push/devicePush.ts'
import { useProfileUpdater } from '../../features/settings/profileCache.ts'
import { deviceAlertsMachine } from '../../machines/settings/deviceAlerts.ts'
import { notificationToggleMachine } from '../../machines/settings/notificationToggle.ts'
import { AlertDevicesList } from '../../ui/settings/AlertDevicesList.tsx'
import { DeviceAlertsRow } from '../../ui/settings/DeviceAlertsRow.tsx'
import { GuestNamesRow } from '../../ui/settings/NotificationsRow.tsx'

/** The server's side of a device's alerts. */
export const pushCalls: PushCalls = {
  publicKey: async () => (await pushApi.key()).publicKey,
  register: (subscription) => pushApi.subscribe(subscription),
  remove: (id) => pushApi.unsubscribe(id),
}

const DEVICES_KEY = ['push', 'devices'] as const

type Props = {
  profile: Profile
  implementations?: FlowImplementations<typeof deviceAlertsMachine>
}

/**
 * Alerts that reach a closed app (docs/product.md §12.6): this device's, the account's devices
 * with Remove, and whether alerts name the guest.
 */
export function DeviceAlertsSection({ profile, implementations = {} }: Props) {
  const { t } = useI18n()
  const queryClient = useQueryClient()
  const devices = useQuery({ queryKey: DEVICES_KEY, queryFn: pushApi.devices })
  const refreshDevices = () => queryClient.invalidateQueries({ queryKey: DEVICES_KEY })
  const [state, send] = useFlow(
    deviceAlertsMachine({
      actors: {
        find: fromPromise(findDeviceAlerts),
        enable: fromPromise(async () => {
          const found = await enableDeviceAlerts(pushCalls)
          await refreshDevices()
          return found
        }),
        disable: fromPromise(async () => {
          await disableDeviceAlerts(pushCalls.remove)
          await refreshDevices()
        }),
        sendTest: fromPromise(async (): Promise<void> => {
          await pushApi.test()
        }),
      },
      actions: { logFailure: (_, { error }) => console.error('Device alerts failed', error) },
    }).provide(implementations),
  )
  const remove = useMutation({
    mutationFn: async (id: string) => {
      // This browser's own device: its subscription ends too, as with Turn off.
      if (id === currentDeviceId()) await disableDeviceAlerts(pushCalls.remove)
      else await pushApi.unsubscribe(id)
    },
    onSettled: refreshDevices,
    onError: (error) => console.error('Removing a device failed', error),
  })
  return (
    <>
      <DeviceAlertsRow
        state={state.value}
        error={feedbackText(t, state.context.error)}
        onEnable={() => send({ type: 'enable' })}
        onDisable={() => send({ type: 'disable' })}
        onTest={() => send({ type: 'test' })}
      />
      <AlertDevicesList
        devices={devices.data ?? []}
        currentId={state.matches('off') || state.matches('enabling') ? null : currentDeviceId()}
        removingId={remove.isPending ? (remove.variables ?? null) : null}
        onRemove={(id) => remove.mutate(id)}
      />
      <GuestNamesSection profile={profile} />
    </>
  )
}

/** Whether alerts name the guest: the notifications toggle's flow, saving this one setting. */
function GuestNamesSection({ profile }: { profile: Profile }) {
  const updateProfile = useProfileUpdater()
  const [state, send] = useFlow(
    notificationToggleMachine({
      actors: {
        save: fromPromise(async ({ input }) => {
          const saved = await api.user.setNotifications({ pushGuestNames: input.enabled })
          return { enabled: saved.pushGuestNames }
        }),
      },
      actions: {
        changed: (_, pushGuestNames) => updateProfile({ settings: { pushGuestNames } }),
        logFailure: (_, { error }) => console.error('Switching guest names in alerts failed', error),
      },
    }),
    { input: { enabled: profile.settings.pushGuestNames } },
  )
  return (
    <GuestNamesRow
      enabled={state.context.enabled}
      saving={state.matches('saving')}
      onToggle={() => send({ type: 'toggle' })}
    />
  )
}
