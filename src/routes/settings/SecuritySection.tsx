import { fromPromise } from 'xstate'
import { api, type Profile } from '../../actors/api.ts'
import { useI18n } from '../../i18n.tsx'
import { forgotPasswordMachine } from '../../machines/auth/forgotPassword.ts'
import { twoFactorSetupMachine } from '../../machines/settings/twoFactorSetup.ts'
import { ResetLinkRow, TwoFactorRow } from '../../ui/settings/SecurityRows.tsx'
import { feedbackText, showNotice } from '../../common/notify.ts'
import { useFlow, type FlowImplementations } from '../../common/useFlow.ts'
import { useProfileUpdater } from '../../features/settings/profileCache.ts'

type ResetLinkProps = { email: string; implementations?: FlowImplementations<typeof forgotPasswordMachine> }

/**
 * The forgot-password flow with the signed-in address; its toasts are the settings'
 * (docs/product.md §8.2).
 */
export function ResetLinkSection({ email, implementations = {} }: ResetLinkProps) {
  const { t } = useI18n()
  const [state, send] = useFlow(
    forgotPasswordMachine({
      actors: { sendLink: fromPromise(({ input }) => api.auth.sendResetLink(input)) },
      actions: { notify: (_, notice) => showNotice(t, notice) },
    }).provide(implementations),
  )
  return (
    <ResetLinkRow
      state={state.value}
      email={email}
      error={feedbackText(t, state.context.error)}
      onSend={() => send({ type: 'submit', email })}
    />
  )
}

type TwoFactorProps = {
  profile: Profile
  implementations?: FlowImplementations<typeof twoFactorSetupMachine>
}

export function TwoFactorSection({ profile, implementations = {} }: TwoFactorProps) {
  const { t } = useI18n()
  const updateProfile = useProfileUpdater()
  const [state, send] = useFlow(
    twoFactorSetupMachine({
      actors: {
        sendCode: fromPromise<unknown, void>(() => api.user.sendTwofactorCode()),
        toggle: fromPromise(({ input }) => api.user.toggleTwofactor(input.code)),
      },
      actions: {
        notify: (_, notice) => showNotice(t, notice),
        changed: (_, twofactorMode) => updateProfile({ settings: { twofactorMode } }),
      },
    }).provide(implementations),
    { input: { enabled: profile.settings.twofactorMode } },
  )
  return (
    <TwoFactorRow
      state={state.value}
      enabled={state.context.enabled}
      email={profile.email}
      error={feedbackText(t, state.context.error)}
      onStart={() => send({ type: 'start' })}
      onSubmitCode={(code) => send({ type: 'submitCode', code })}
      onCancel={() => send({ type: 'cancel' })}
    />
  )
}
