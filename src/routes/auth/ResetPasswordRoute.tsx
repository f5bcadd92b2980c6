import { useEffect } from 'react'
import { useLocation, useParams } from 'wouter'
import { fromPromise } from 'xstate'
import { api } from '../../actors/api.ts'
import { useI18n } from '../../i18n.tsx'
import { RESET_CHECKS, resetPasswordMachine } from '../../machines/auth/resetPassword.ts'
import { AuthLayout } from '../../ui/auth/AuthLayout.tsx'
import { ResetPasswordView } from '../../ui/auth/ResetPasswordView.tsx'
import { formFeedback } from '../../common/notify.ts'
import { useFlow, type FlowImplementations } from '../../common/useFlow.ts'
import { PATHS } from '../../domain/paths.ts'

type Props = { implementations?: FlowImplementations<typeof resetPasswordMachine> }

/** /reset-password/{token}: a new password, then /login after 1.5 s. */
export default function ResetPasswordRoute({ implementations = {} }: Props) {
  const { t, language, setLanguage } = useI18n()
  const [, navigate] = useLocation()
  const { token = '' } = useParams<{ token?: string }>()
  const [state, send] = useFlow(
    resetPasswordMachine({
      actors: {
        changePassword: fromPromise(({ input }) =>
          api.auth.changePassword(input.token, { password: input.password }),
        ),
      },
    }).provide(implementations),
    { input: { token } },
  )
  const step = state.value

  useEffect(() => {
    if (step === 'done') navigate(PATHS.login, { replace: true })
  }, [step, navigate])

  const changed = step === 'changed' || step === 'done'
  const refused = formFeedback(t, state.context.error, ['password', 'confirmPassword'], RESET_CHECKS)
  return (
    <AuthLayout
      title={changed ? undefined : t('reset.title')}
      subtitle={t('reset.subtitle')}
      language={language}
      onLanguageChange={setLanguage}
    >
      <ResetPasswordView
        state={step}
        fieldErrors={refused.fields}
        error={refused.banner}
        onSubmit={(password, confirmPassword) => send({ type: 'submit', password, confirmPassword })}
      />
    </AuthLayout>
  )
}
