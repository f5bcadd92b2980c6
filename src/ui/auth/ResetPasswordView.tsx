import { useState, type FormEvent } from 'react'
import type { ResetPasswordState } from '../../machines/auth/resetPassword.ts'
import { useI18n } from '../../i18n.tsx'
import { Button, FormError } from '../common/form.tsx'
import { BackToLogin } from './BackToLogin.tsx'
import { NewPasswordFields } from './PasswordField.tsx'
import { Splash } from './Splash.tsx'

type Props = {
  state: ResetPasswordState
  /** What is wrong with each field, under it. */
  fieldErrors?: Partial<Record<'password' | 'confirmPassword', string>>
  error?: string
  onSubmit: (password: string, confirmPassword: string) => void
}

/** Reset password (docs/product.md §2.5): the new password twice; on success a message before /login. */
export function ResetPasswordView({ state, fieldErrors = {}, error, onSubmit }: Props) {
  const { t } = useI18n()
  const [fields, setFields] = useState({ password: '', confirmPassword: '' })

  if (state === 'changed' || state === 'done') {
    return <Splash title={t('reset.changedTitle')} text={t('reset.changedText')} />
  }

  const busy = state === 'changing'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit(fields.password, fields.confirmPassword)
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-5" data-testid="reset-form" noValidate>
      <NewPasswordFields
        label={t('auth.newPassword')}
        value={fields}
        errors={fieldErrors}
        disabled={busy}
        onChange={setFields}
      />
      <FormError message={error} />
      <Button type="submit" busy={busy}>
        {t('reset.submit')}
      </Button>
      <BackToLogin />
    </form>
  )
}
