import { useEffect, useState } from 'react'
import { useSearch } from 'wouter'
import { fromPromise } from 'xstate'
import { api } from '../../actors/api.ts'
import { useI18n } from '../../i18n.tsx'
import { loginMachine } from '../../machines/auth/login.ts'
import { AuthLayout } from '../../ui/auth/AuthLayout.tsx'
import { LoginView } from '../../ui/auth/LoginView.tsx'
import { feedbackText, formFeedback, showNotice } from '../../common/notify.ts'
import { useArriveSignedIn } from '../../common/sessionHint.ts'
import { useSecondsUntil } from '../../common/useCountdown.ts'
import { nextPath } from '../../common/redirect.ts'
import { useFlow, type FlowImplementations } from '../../common/useFlow.ts'

type Props = { implementations?: FlowImplementations<typeof loginMachine> }

export default function LoginRoute({ implementations = {} }: Props) {
  const { t, language, setLanguage } = useI18n()
  const arriveSignedIn = useArriveSignedIn()
  // Where to go once signed in, fixed when the screen opens: leaving changes the search.
  const search = useSearch()
  const [destination] = useState(() => nextPath(search))
  const [state, send] = useFlow(
    loginMachine({
      actors: {
        sendLoginCode: fromPromise(({ input }) => api.auth.sendLoginCode(input)),
        signIn: fromPromise(({ input }) => api.auth.login(input)),
      },
      actions: { notify: (_, notice) => showNotice(t, notice) },
    }).provide(implementations),
  )
  const step = state.value
  const resendWait = useSecondsUntil(state.context.resendAllowedAt)

  useEffect(() => {
    if (step === 'done') arriveSignedIn(destination)
  }, [step, arriveSignedIn, destination])

  const refused = formFeedback(t, state.context.error, ['email', 'password'])
  const onCodeStep = step === 'codeSent' || step === 'enteringCode' || step === 'verifying'
  const welcome = step === 'welcome' || step === 'done'
  return (
    <AuthLayout
      title={welcome ? undefined : t(onCodeStep ? 'auth.codeTitle' : 'auth.loginTitle')}
      subtitle={onCodeStep ? undefined : t('auth.loginSubtitle')}
      language={language}
      onLanguageChange={setLanguage}
    >
      <LoginView
        state={step}
        email={state.context.email}
        error={onCodeStep ? feedbackText(t, state.context.error) : refused.banner}
        fieldErrors={refused.fields}
        onSubmit={(email, password) => send({ type: 'submit', email, password })}
        onSubmitCode={(code) => send({ type: 'submitCode', code })}
        onResend={() => send({ type: 'resend' })}
        resendWait={resendWait}
        onBack={() => send({ type: 'back' })}
        search={search}
      />
    </AuthLayout>
  )
}
