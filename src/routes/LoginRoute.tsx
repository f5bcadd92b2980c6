import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation, useSearch } from 'wouter'
import { fromPromise } from 'xstate'
import { api } from '../actors/api.ts'
import { useI18n } from '../i18n.tsx'
import { loginMachine, type LoginState } from '../machines/login.ts'
import { AuthLayout } from '../ui/auth/AuthLayout.tsx'
import { LoginView } from '../ui/auth/LoginView.tsx'
import { feedbackText, showNotice } from './notify.ts'
import { PROFILE_KEY } from './session.ts'
import { useSecondsUntil } from './useCountdown.ts'
import { nextPath } from './redirect.ts'
import { useFlow, type FlowImplementations } from './useFlow.ts'

type Props = { implementations?: FlowImplementations<typeof loginMachine> }

export default function LoginRoute({ implementations = {} }: Props) {
  const { t, language, setLanguage } = useI18n()
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  // Where to go once signed in, fixed when the screen opens: leaving changes the search.
  const search = useSearch()
  const [destination] = useState(() => nextPath(search))
  const [state, send] = useFlow(
    loginMachine
      .provide({
        actors: {
          sendLoginCode: fromPromise(({ input }) => api.auth.sendLoginCode(input)),
          signIn: fromPromise(({ input }) => api.auth.login(input)),
        },
        actions: { notify: (_, notice) => showNotice(t, notice) },
      })
      .provide(implementations),
  )
  const step = state.value as LoginState
  const resendWait = useSecondsUntil(state.context.resendAllowedAt)

  useEffect(() => {
    if (step !== 'done') return
    void queryClient.invalidateQueries({ queryKey: PROFILE_KEY })
    navigate(destination, { replace: true })
  }, [step, navigate, destination, queryClient])

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
        error={feedbackText(t, state.context.error)}
        onSubmit={(email, password) => send({ type: 'submit', email, password })}
        onSubmitCode={(code) => send({ type: 'submitCode', code })}
        onResend={() => send({ type: 'resend' })}
        resendWait={resendWait}
        onBack={() => send({ type: 'back' })}
      />
    </AuthLayout>
  )
}
