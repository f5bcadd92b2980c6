import { useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import type { LoginState } from '../../machines/login.ts'
import { useI18n } from '../../i18n.tsx'
import { Button, FormError, TextField } from '../form.tsx'
import { CodeStep, ResendButton, TextButton } from './CodeStep.tsx'
import { Splash } from './Splash.tsx'
import { EmailText, richText } from '../UserText.tsx'

type Props = {
  state: LoginState
  email: string
  error?: string
  onSubmit: (email: string, password: string) => void
  onSubmitCode: (code: string) => void
  onResend: () => void
  onBack: () => void
  /** Seconds until "Send a new code" may be pressed again; 0 when it may. */
  resendWait?: number
}

export function LoginView({
  state,
  email,
  error,
  onSubmit,
  onSubmitCode,
  onResend,
  onBack,
  resendWait = 0,
}: Props) {
  const { t } = useI18n()
  const [fields, setFields] = useState({ email, password: '' })

  if (state === 'welcome' || state === 'done') {
    return <Splash title={t('auth.welcomeTitle')} text={t('auth.welcomeText')} />
  }

  if (state === 'codeSent' || state === 'enteringCode' || state === 'verifying') {
    return (
      <CodeStep
        testId="login-code-form"
        intro={richText(t, 'auth.codeSentTo', { email: <EmailText email={email} /> })}
        submitLabel={t('auth.verify')}
        busy={state === 'verifying'}
        error={error}
        onSubmit={onSubmitCode}
        actions={
          <>
            <TextButton onClick={onBack}>{t('auth.back')}</TextButton>
            <ResendButton
              secondsLeft={state === 'codeSent' ? Math.max(1, resendWait) : 0}
              onResend={onResend}
            />
          </>
        }
      />
    )
  }

  const busy = state === 'sendingCode' || state === 'signingIn'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit(fields.email, fields.password)
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-5" data-testid="login-form" noValidate>
      <TextField
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="email"
        dir="ltr"
        value={fields.email}
        onChange={(event) => setFields({ ...fields, email: event.target.value })}
        disabled={busy}
      />
      <TextField
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={fields.password}
        onChange={(event) => setFields({ ...fields, password: event.target.value })}
        disabled={busy}
        hint={
          <Link
            href="/forgot-password"
            className="self-end text-sm font-medium text-brand-700 hover:underline"
          >
            {t('auth.forgotPassword')}
          </Link>
        }
      />
      <FormError message={error} />
      <Button type="submit" busy={busy}>
        {t('auth.signIn')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t('auth.noAccount')}{' '}
        <Link href="/registration" className="font-medium text-brand-700 hover:underline">
          {t('auth.createAccount')}
        </Link>
      </p>
    </form>
  )
}
