import { useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import type { RegistrationState } from '../../machines/auth/registration.ts'
import { useI18n } from '../../i18n.tsx'
import { Button, FormError, TextField } from '../common/form.tsx'
import { useFocusOnRefusal } from './focusOnRefusal.ts'
import type { MailedCodeProps } from './CodeStep.tsx'
import { LazyMailedCodeStep, loadCodeStep } from './LazyMailedCodeStep.tsx'
import { NewPasswordFields } from './PasswordField.tsx'
import { Splash } from './Splash.tsx'
import { PATHS } from '../../domain/paths.ts'

type Props = MailedCodeProps & {
  state: RegistrationState
  /** What is wrong with each field, under it. */
  /** The address's query (`next=`), which the link to the other form keeps. */
  search?: string
  fieldErrors?: Partial<Record<'email' | 'password' | 'confirmPassword', string>>
  onSubmit: (fields: { email: string; password: string; confirmPassword: string }) => void
}

/** Registration (docs/product.md §2.3): the form, the six-box code, the success splash. */
export function RegistrationView({
  state,
  email,
  error,
  fieldErrors = {},
  search,
  onSubmit,
  ...code
}: Props) {
  const { t } = useI18n()
  const [fields, setFields] = useState({ email, password: '', confirmPassword: '' })
  const busy = state === 'sendingCode'
  const [formRef, submitted] = useFocusOnRefusal(busy)

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
      <LazyMailedCodeStep
        {...code}
        email={email}
        error={error}
        testId="registration-code-form"
        submitLabel={t('registration.confirm')}
        backLabel={t('registration.changeEmail')}
        busy={state === 'confirming'}
        waiting={state === 'codeSent'}
        resending={state === 'resendingCode'}
      />
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void loadCodeStep()
    submitted()
    onSubmit(fields)
  }
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      className="flex flex-col gap-5"
      data-testid="registration-form"
      noValidate
    >
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
      <NewPasswordFields
        label={t('auth.password')}
        value={fields}
        errors={fieldErrors}
        disabled={busy}
        onChange={(passwords) => setFields({ ...fields, ...passwords })}
      />
      <FormError message={error} />
      <Button type="submit" busy={busy}>
        {t('registration.submit')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t('auth.haveAccount')}{' '}
        <Link
          href={`${PATHS.login}${search ? `?${search}` : ''}`}
          className="font-medium text-brand-700 hover:underline"
        >
          {t('auth.signIn')}
        </Link>
      </p>
    </form>
  )
}
