import type { FormEvent } from 'react'
import type { ProfileField, ProfileFields, ProfileFormState } from '../../machines/settings/profileForm.ts'
import { useI18n } from '../../i18n.tsx'
import { CodeStep, TextButton } from '../auth/CodeStep.tsx'
import { Badge } from '../common/Badge.tsx'
import { Button, FormError, TextField } from '../common/form.tsx'
import { EmailText, richText } from '../common/UserText.tsx'

type Props = {
  state: ProfileFormState
  fields: ProfileFields
  savedEmail: string
  /** Asked for while the e-mail address differs from the saved one. */
  currentPassword: string
  pendingEmail?: string
  /** What is wrong with each field, under it. */
  fieldErrors?: Partial<Record<ProfileField | 'currentPassword', string>>
  error?: string
  onChange: (field: ProfileField, value: string) => void
  onCurrentPasswordChange: (value: string) => void
  onSave: () => void
  onSubmitCode: (code: string) => void
  onCancelEmailChange: () => void
}

/** Settings (docs/product.md §2.21): name, address, e-mail (with its verify button) and phone, then Save. */
export function PersonalInfoForm(props: Props) {
  const { state, fields, savedEmail, pendingEmail, fieldErrors = {}, error, onChange } = props
  const { t } = useI18n()
  const confirmingEmail = state === 'enteringEmailCode' || state === 'confirmingEmail'
  const saving = state === 'saving'
  const locked = saving || confirmingEmail
  const emailChanged = fields.email.trim() !== savedEmail
  const submit = (event: FormEvent) => {
    event.preventDefault()
    props.onSave()
  }
  const field = (name: ProfileField) => ({
    name,
    value: fields[name],
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
    disabled: locked,
    id: `settings-${name}`,
    error: fieldErrors[name],
  })

  return (
    <div className="flex flex-col gap-4">
      <form
        onSubmit={submit}
        noValidate
        className="grid grid-cols-1 gap-4 md:grid-cols-2"
        data-testid="personal-info-form"
      >
        <TextField label={t('settings.name')} autoComplete="name" dir="auto" {...field('name')} />
        <TextField label={t('settings.phone')} type="tel" autoComplete="tel" dir="ltr" {...field('phone')} />
        <TextField
          label={t('settings.address')}
          autoComplete="street-address"
          dir="auto"
          className="md:col-span-2"
          {...field('residentalAddress')}
        />
        <div className="flex flex-col gap-1.5 md:col-span-2">
          <div className="flex items-end gap-2">
            <TextField
              label={t('settings.email')}
              type="email"
              autoComplete="email"
              dir="ltr"
              className="min-w-0 flex-1"
              {...field('email')}
            />
            {emailChanged && !confirmingEmail ? (
              <Button type="submit" variant="secondary" busy={saving}>
                {t('settings.verifyEmail')}
              </Button>
            ) : (
              <span className="flex h-11 items-center">
                <Badge tone="green">{t('users.verified')}</Badge>
              </span>
            )}
          </div>
          {emailChanged && !confirmingEmail && (
            <p className="text-xs text-slate-500">{t('settings.verifyHint')}</p>
          )}
        </div>
        {emailChanged && !confirmingEmail && (
          <TextField
            label={t('settings.currentPassword')}
            name="currentPassword"
            id="settings-currentPassword"
            type="password"
            autoComplete="current-password"
            className="md:col-span-2"
            value={props.currentPassword}
            error={fieldErrors.currentPassword}
            onChange={(event) => props.onCurrentPasswordChange(event.target.value)}
            disabled={locked}
            hint={<p className="text-xs text-slate-500">{t('settings.currentPasswordHint')}</p>}
          />
        )}
        {!confirmingEmail && (
          <>
            <FormError message={error} />
            <div className="flex justify-end md:col-span-2">
              <Button type="submit" busy={saving} className="w-full md:w-auto">
                {t('app.save')}
              </Button>
            </div>
          </>
        )}
      </form>
      {confirmingEmail && (
        <div className="rounded-2xl bg-slate-50 p-4">
          <CodeStep
            testId="email-code-form"
            intro={richText(t, 'settings.emailCodeSentTo', {
              email: <EmailText email={pendingEmail ?? ''} />,
            })}
            submitLabel={t('settings.confirm')}
            busy={state === 'confirmingEmail'}
            error={error}
            onSubmit={props.onSubmitCode}
            actions={<TextButton onClick={props.onCancelEmailChange}>{t('app.cancel')}</TextButton>}
          />
        </div>
      )}
    </div>
  )
}
