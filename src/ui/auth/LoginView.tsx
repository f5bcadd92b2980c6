import { useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import type { LoginState } from '../../machines/login.ts'
import { useI18n } from '../../i18n.tsx'
import { Button, FormError, TextField } from '../form.tsx'
import type { MailedCodeProps } from './CodeStep.tsx'
import { LazyMailedCodeStep, loadCodeStep } from './LazyMailedCodeStep.tsx'
import { Splash } from './Splash.tsx'

type Props = MailedCodeProps & {
  state: LoginState
  /** What is wrong with each field, under it (issue 15). */
  fieldErrors?: Partial<Record<'email' | 'password', string>>
  onSubmit: (email: string, password: string) => void
}

export function LoginView({ state, email, error, fieldErrors = {}, onSubmit, ...code }: Props) {
  const { t } = useI18n()
  const [fields, setFields] = useState({ email, password: '' })

  if (state === 'welcome' || state === 'done') {
    return <Splash title={t('auth.welcomeTitle')} text={t('auth.welcomeText')} />
  }

  if (state === 'codeSent' || state === 'enteringCode' || state === 'verifying') {
    return (
      <LazyMailedCodeStep
        {...code}
        email={email}
        error={error}
        testId="login-code-form"
        submitLabel={t('auth.verify')}
        backLabel={t('auth.back')}
        busy={state === 'verifying'}
        waiting={state === 'codeSent'}
      />
    )
  }

  const busy = state === 'sendingCode' || state === 'signingIn'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void loadCodeStep()
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
        error={fieldErrors.email}
        onChange={(event) => setFields({ ...fields, email: event.target.value })}
        disabled={busy}
      />
      <TextField
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={fields.password}
        error={fieldErrors.password}
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
