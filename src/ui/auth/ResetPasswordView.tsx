import { useState, type FormEvent } from 'react'
import type { ResetPasswordState } from '../../machines/resetPassword.ts'
import { useI18n } from '../../i18n.tsx'
import { Button, FormError, TextField } from '../form.tsx'
import { BackToLogin } from './BackToLogin.tsx'
import { PasswordField } from './PasswordField.tsx'
import { Splash } from './Splash.tsx'

type Props = {
  state: ResetPasswordState
  /** What is wrong with each field, under it (issue 15). */
  fieldErrors?: Partial<Record<'password' | 'confirmation', string>>
  error?: string
  onSubmit: (password: string, confirmation: string) => void
}

/** SPEC 2, Reset password: the new password twice; on success a message before /login. */
export function ResetPasswordView({ state, fieldErrors = {}, error, onSubmit }: Props) {
  const { t } = useI18n()
  const [fields, setFields] = useState({ password: '', confirmation: '' })

  if (state === 'changed' || state === 'done') {
    return <Splash title={t('reset.changedTitle')} text={t('reset.changedText')} />
  }

  const busy = state === 'changing'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit(fields.password, fields.confirmation)
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-5" data-testid="reset-form" noValidate>
      <PasswordField
        label={t('auth.newPassword')}
        name="password"
        autoComplete="new-password"
        value={fields.password}
        error={fieldErrors.password}
        onChange={(password) => setFields({ ...fields, password })}
        disabled={busy}
      />
      <TextField
        label={t('auth.confirmPassword')}
        name="confirmation"
        type="password"
        autoComplete="new-password"
        value={fields.confirmation}
        error={fieldErrors.confirmation}
        onChange={(event) => setFields({ ...fields, confirmation: event.target.value })}
        disabled={busy}
      />
      <FormError message={error} />
      <Button type="submit" busy={busy}>
        {t('reset.submit')}
      </Button>
      <BackToLogin />
    </form>
  )
}
