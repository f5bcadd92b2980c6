import { useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import type { RegistrationState } from '../../machines/registration.ts'
import { useI18n } from '../../i18n.tsx'
import { Button, FormError, TextField } from '../form.tsx'
import { CodeStep, ResendButton, TextButton } from './CodeStep.tsx'
import { PasswordField } from './PasswordField.tsx'
import { Splash } from './Splash.tsx'
import { EmailText, richText } from '../UserText.tsx'

type Props = {
  state: RegistrationState
  email: string
  error?: string
  onSubmit: (fields: { email: string; password: string; confirmPassword: string }) => void
  onSubmitCode: (code: string) => void
  onResend: () => void
  onBack: () => void
  /** Seconds until "Send a new code" may be pressed again; 0 when it may. */
  resendWait?: number
}

/** SPEC 2, Registration: the form, the six-box code, the success splash. */
export function RegistrationView({
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
  const [fields, setFields] = useState({ email, password: '', confirmPassword: '' })

  if (state === 'success' || state === 'done') {
    return <Splash title={t('registration.successTitle')} text={t('auth.welcomeText')} />
  }

  if (
    state === 'codeSent' ||
    state === 'enteringCode' ||
    state === 'resendingCode' ||
    state === 'confirming'
  ) {
    return (
      <CodeStep
        testId="registration-code-form"
        intro={richText(t, 'auth.codeSentTo', { email: <EmailText email={email} /> })}
        submitLabel={t('registration.confirm')}
        busy={state === 'confirming'}
        error={error}
        onSubmit={onSubmitCode}
        actions={
          <>
            <TextButton onClick={onBack}>{t('registration.changeEmail')}</TextButton>
            <ResendButton
              secondsLeft={state === 'codeSent' ? Math.max(1, resendWait) : 0}
              busy={state === 'resendingCode'}
              onResend={onResend}
            />
          </>
        }
      />
    )
  }

  const busy = state === 'sendingCode'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit(fields)
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-5" data-testid="registration-form" noValidate>
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
      <PasswordField
        label={t('auth.password')}
        name="password"
        autoComplete="new-password"
        value={fields.password}
        onChange={(password) => setFields({ ...fields, password })}
        disabled={busy}
      />
      <TextField
        label={t('auth.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={fields.confirmPassword}
        onChange={(event) => setFields({ ...fields, confirmPassword: event.target.value })}
        disabled={busy}
      />
      <FormError message={error} />
      <Button type="submit" busy={busy}>
        {t('registration.submit')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t('auth.haveAccount')}{' '}
        <Link href="/login" className="font-medium text-brand-700 hover:underline">
          {t('auth.signIn')}
        </Link>
      </p>
    </form>
  )
}
