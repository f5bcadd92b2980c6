import { useParams } from 'wouter'
import { fromPromise } from 'xstate'
import { api } from '../../actors/api.ts'
import { useI18n } from '../../i18n.tsx'
import { cancelEmailChangeMachine } from '../../machines/auth/cancelEmailChange.ts'
import { AuthLayout } from '../../ui/auth/AuthLayout.tsx'
import { CancelEmailChangeView } from '../../ui/auth/CancelEmailChangeView.tsx'
import { feedbackText } from '../../common/notify.ts'
import { useFlow, type FlowImplementations } from '../../common/useFlow.ts'

type Props = { implementations?: FlowImplementations<typeof cancelEmailChangeMachine> }

/** /cancel-email-change/{token}: the old address takes an e-mail change back. */
export default function CancelEmailChangeRoute({ implementations = {} }: Props) {
  const { t, language, setLanguage } = useI18n()
  const { token = '' } = useParams<{ token?: string }>()
  const [state, send] = useFlow(
    cancelEmailChangeMachine({
      actors: { cancelChange: fromPromise(({ input }) => api.auth.cancelEmailChange(input.token)) },
    }).provide(implementations),
    { input: { token } },
  )
  const step = state.value
  return (
    <AuthLayout
      title={step === 'cancelled' ? undefined : t('emailCancel.title')}
      subtitle={t('emailCancel.subtitle')}
      language={language}
      onLanguageChange={setLanguage}
    >
      <CancelEmailChangeView
        state={step}
        error={feedbackText(t, state.context.error)}
        onConfirm={() => send({ type: 'confirm' })}
      />
    </AuthLayout>
  )
}
