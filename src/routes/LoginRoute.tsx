import { useEffect } from 'react'
import { useMachine } from '@xstate/react'
import { useQueryClient } from '@tanstack/react-query'
import { fromPromise } from 'xstate'
import { useLocation, useSearch } from 'wouter'
import { api } from '../actors/api.ts'
import { useI18n } from '../i18n.tsx'
import { loginMachine, type LoginState } from '../machines/login.ts'
import { AuthLayout } from '../ui/auth/AuthLayout.tsx'
import { LoginView } from '../ui/auth/LoginView.tsx'
import { showNotice } from './notify.ts'
import { PROFILE_KEY } from './session.ts'
import { nextPath } from './redirect.ts'

export default function LoginRoute() {
  const { t, language, setLanguage } = useI18n()
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const search = useSearch()
  const [state, send] = useMachine(
    loginMachine.provide({
      actors: {
        sendLoginCode: fromPromise(({ input }) => api.auth.sendLoginCode(input)),
        signIn: fromPromise(({ input }) => api.auth.login(input)),
      },
      actions: { notify: (_, notice) => showNotice(t, notice) },
    }),
  )
  const step = state.value as LoginState

  useEffect(() => {
    if (step !== 'done') return
    void queryClient.invalidateQueries({ queryKey: PROFILE_KEY })
    navigate(nextPath(search), { replace: true })
  }, [step, navigate, search, queryClient])

  const error = state.context.error
  const onCodeStep = step === 'enteringCode' || step === 'verifying'
  return (
    <AuthLayout
      title={t(onCodeStep ? 'auth.codeTitle' : 'auth.loginTitle')}
      subtitle={onCodeStep ? undefined : t('auth.loginSubtitle')}
      language={language}
      onLanguageChange={setLanguage}
    >
      <LoginView
        state={step}
        email={state.context.email}
        error={error && (error.detail ?? t(error.key))}
        onSubmit={(email, password) => send({ type: 'submit', email, password })}
        onSubmitCode={(code) => send({ type: 'submitCode', code })}
        onResend={() => send({ type: 'resend' })}
        onBack={() => send({ type: 'back' })}
      />
    </AuthLayout>
  )
}
