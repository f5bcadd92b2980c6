import { fromPromise } from 'xstate'
import { api, type Profile } from '../../actors/api.ts'
import { notificationToggleMachine } from '../../machines/settings/notificationToggle.ts'
import { NotificationsRow } from '../../ui/settings/NotificationsRow.tsx'
import { useFlow, type FlowImplementations } from '../../common/useFlow.ts'
import { useProfileUpdater } from '../../features/settings/profileCache.ts'

type Props = { profile: Profile; implementations?: FlowImplementations<typeof notificationToggleMachine> }

export function NotificationsSection({ profile, implementations = {} }: Props) {
  const updateProfile = useProfileUpdater()
  const [state, send] = useFlow(
    notificationToggleMachine({
      actors: { save: fromPromise(({ input }) => api.user.setNotifications({ enabled: input.enabled })) },
      actions: {
        changed: (_, notifications) => updateProfile({ settings: { notifications } }),
        logFailure: (_, { error }) => console.error('Switching notifications failed', error),
      },
    }).provide(implementations),
    { input: { enabled: profile.settings.notifications } },
  )
  return (
    <NotificationsRow
      enabled={state.context.enabled}
      saving={state.matches('saving')}
      onToggle={() => send({ type: 'toggle' })}
    />
  )
}
