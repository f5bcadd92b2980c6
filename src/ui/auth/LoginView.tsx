import type { FormEvent } from 'react'
import { Link } from 'wouter'
import type { LoginState } from '../../machines/auth/login.ts'
import { useI18n } from '../../i18n.tsx'
import { Button, FormError, TextField } from '../common/form.tsx'
import { useFocusOnRefusal } from './focusOnRefusal.ts'
import type { MailedCodeProps } from './CodeStep.tsx'
import { LazyMailedCodeStep, loadCodeStep } from './LazyMailedCodeStep.tsx'
import { Splash } from './Splash.tsx'
import { PATHS } from '../../domain/paths.ts'

type Props = MailedCodeProps & {
  state: LoginState
  /** What is wrong with each field, under it. */
  /** The address's query (`next=`), which the link to the other form keeps. */
  search?: string
  fieldErrors?: Partial<Record<'email' | 'password', string>>
  onSubmit: (email: string, password: string) => void
}

export function LoginView({ state, email, error, fieldErrors = {}, search, onSubmit, ...code }: Props) {
  const { t } = useI18n()
  const busy = state === 'sendingCode' || state === 'signingIn'
  const [formRef, submitted] = useFocusOnRefusal(busy)

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

  // Uncontrolled: what a host typed into the build's prerendered form before the app
  // hydrated it is what the form holds, and what it sends.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const fields = new FormData(event.currentTarget)
    void loadCodeStep()
    submitted()
    onSubmit(String(fields.get('email') ?? ''), String(fields.get('password') ?? ''))
  }
  return (
    <form ref={formRef} onSubmit={submit} className="flex flex-col gap-5" data-testid="login-form" noValidate>
      <TextField
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="email"
        dir="ltr"
        defaultValue={email}
        error={fieldErrors.email}
        disabled={busy}
      />
      <TextField
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        error={fieldErrors.password}
        disabled={busy}
        hint={
          <Link
            href={PATHS.forgotPassword}
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
        <Link
          href={`${PATHS.registration}${search ? `?${search}` : ''}`}
          className="font-medium text-brand-700 hover:underline"
        >
          {t('auth.createAccount')}
        </Link>
      </p>
    </form>
  )
}
