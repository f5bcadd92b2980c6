import { useEffect, useState } from 'react'
import { useSearch } from 'wouter'
import { fromPromise } from 'xstate'
import { api } from '../../actors/api.ts'
import { useI18n } from '../../i18n.tsx'
import { registrationMachine } from '../../machines/auth/registration.ts'
import { AuthLayout } from '../../ui/auth/AuthLayout.tsx'
import { RegistrationView } from '../../ui/auth/RegistrationView.tsx'
import { feedbackText, formFeedback, showNotice } from '../../common/notify.ts'
import { useArriveSignedIn } from '../../common/sessionHint.ts'
import { useSecondsUntil } from '../../common/useCountdown.ts'
import { useFlow, type FlowImplementations } from '../../common/useFlow.ts'
import { nextPath } from '../../common/redirect.ts'

type Props = { implementations?: FlowImplementations<typeof registrationMachine> }

/**
 * /registration: sign up, confirm the e-mailed code, then the dashboard, or the page `?next=` names
 * (an invitation's, docs/product.md §2.3).
 */
export default function RegistrationRoute({ implementations = {} }: Props) {
  const { t, language, setLanguage } = useI18n()
  const arriveSignedIn = useArriveSignedIn()
  // Where to go once registered, fixed when the screen opens: leaving changes the search.
  const search = useSearch()
  const [destination] = useState(() => nextPath(search))
  const [state, send] = useFlow(
    registrationMachine({
      actors: {
        sendCode: fromPromise(({ input }) => api.auth.sendRegistrationCode(input)),
        register: fromPromise(({ input }) => api.auth.register(input)),
      },
      actions: { notify: (_, notice) => showNotice(t, notice) },
    }).provide(implementations),
  )
  const step = state.value
  const resendWait = useSecondsUntil(state.context.resendAllowedAt)

  useEffect(() => {
    if (step === 'done') arriveSignedIn(destination)
  }, [step, arriveSignedIn, destination])

  const onForm = step === 'editing' || step === 'sendingCode'
  const error = state.context.error
  const refused = formFeedback(t, error, ['email', 'password', 'confirmPassword'])
  const splash = step === 'success' || step === 'done'
  return (
    <AuthLayout
      title={splash ? undefined : t(onForm ? 'registration.title' : 'registration.codeTitle')}
      subtitle={onForm ? t('registration.subtitle') : undefined}
      language={language}
      onLanguageChange={setLanguage}
    >
      <RegistrationView
        state={step}
        email={state.context.email}
        error={onForm ? refused.banner : feedbackText(t, state.context.error)}
        fieldErrors={refused.fields}
        onSubmit={(fields) => send({ type: 'submit', ...fields })}
        onSubmitCode={(code) => send({ type: 'submitCode', code })}
        onResend={() => send({ type: 'resend' })}
        resendWait={resendWait}
        onBack={() => send({ type: 'back' })}
        search={search}
      />
    </AuthLayout>
  )
}
