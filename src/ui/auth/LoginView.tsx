import { useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import type { LoginState } from '../../machines/login.ts'
import { useI18n } from '../../i18n.tsx'
import { CodeInput } from '../CodeInput.tsx'
import { Button, FormError, TextField } from '../form.tsx'
import { Splash } from './Splash.tsx'

type Props = {
  state: LoginState
  email: string
  error?: string
  onSubmit: (email: string, password: string) => void
  onSubmitCode: (code: string) => void
  onResend: () => void
  onBack: () => void
}

export function LoginView({ state, email, error, onSubmit, onSubmitCode, onResend, onBack }: Props) {
  const { t } = useI18n()
  const [fields, setFields] = useState({ email, password: '' })
  const [code, setCode] = useState('')

  if (state === 'welcome' || state === 'done') {
    return <Splash title={t('auth.welcomeTitle')} text={t('auth.welcomeText')} />
  }

  if (state === 'enteringCode' || state === 'verifying') {
    const submitCode = (event: FormEvent) => {
      event.preventDefault()
      onSubmitCode(code)
    }
    return (
      <form onSubmit={submitCode} className="flex flex-col gap-5" data-testid="login-code-form" noValidate>
        <p className="text-sm text-slate-600">{t('auth.codeSentTo', { email })}</p>
        <CodeInput
          value={code}
          onChange={setCode}
          label={t('auth.codeLabel')}
          autoFocus
          disabled={state === 'verifying'}
        />
        <FormError message={error} />
        <Button type="submit" busy={state === 'verifying'}>
          {t('auth.verify')}
        </Button>
        <div className="flex justify-between text-sm">
          <button type="button" onClick={onBack} className="text-slate-600 hover:text-slate-900">
            {t('auth.back')}
          </button>
          <button type="button" onClick={onResend} className="font-medium text-brand-700 hover:underline">
            {t('auth.resendCode')}
          </button>
        </div>
      </form>
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
