import { fromPromise } from 'xstate'
import { api } from '../../actors/api.ts'
import { useI18n } from '../../i18n.tsx'
import { FORGOT_CHECKS, forgotPasswordMachine } from '../../machines/auth/forgotPassword.ts'
import { AuthLayout } from '../../ui/auth/AuthLayout.tsx'
import { ForgotPasswordView } from '../../ui/auth/ForgotPasswordView.tsx'
import { formFeedback, showNotice } from '../../common/notify.ts'
import { useFlow, type FlowImplementations } from '../../common/useFlow.ts'

type Props = { implementations?: FlowImplementations<typeof forgotPasswordMachine> }

/** /forgot-password: ask for a reset link, then say it was sent (docs/product.md §2.5). */
export default function ForgotPasswordRoute({ implementations = {} }: Props) {
  const { t, language, setLanguage } = useI18n()
  const [state, send] = useFlow(
    forgotPasswordMachine({
      actors: { sendLink: fromPromise(({ input }) => api.auth.sendResetLink(input)) },
      actions: { notify: (_, notice) => showNotice(t, notice) },
    }).provide(implementations),
  )
  const step = state.value
  const sent = step === 'linkSent'
  const refused = formFeedback(t, state.context.error, ['email'], FORGOT_CHECKS)
  return (
    <AuthLayout
      title={t(sent ? 'forgot.sentTitle' : 'forgot.title')}
      subtitle={sent ? undefined : t('forgot.subtitle')}
      language={language}
      onLanguageChange={setLanguage}
    >
      <ForgotPasswordView
        state={step}
        email={state.context.email}
        message={state.context.message}
        emailError={refused.fields.email}
        error={refused.banner}
        onSubmit={(email) => send({ type: 'submit', email })}
        onRetry={() => send({ type: 'retry' })}
      />
    </AuthLayout>
  )
}
