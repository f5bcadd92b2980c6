import { useId } from 'react'
import type { ForgotPasswordState } from '../../machines/auth/forgotPassword.ts'
import type { TwoFactorSetupState } from '../../machines/settings/twoFactorSetup.ts'
import { useI18n } from '../../i18n.tsx'
import { CodeStep, TextButton } from '../auth/CodeStep.tsx'
import { Badge } from '../common/Badge.tsx'
import { Button, FormError } from '../common/form.tsx'
import { CheckIcon } from '../common/icons.tsx'
import { EmailText, richText } from '../common/UserText.tsx'
import { SettingRow } from './SettingsLayout.tsx'

/** "Send a reset link" to the signed-in address. */
export function ResetLinkRow({
  state,
  email,
  error,
  onSend,
}: {
  state: ForgotPasswordState
  email: string
  error?: string
  onSend: () => void
}) {
  const { t } = useI18n()
  return (
    <SettingRow
      title={t('settings.password')}
      description={t('settings.passwordHint')}
      action={
        <Button type="button" variant="secondary" busy={state === 'sending'} onClick={onSend}>
          {t('settings.sendResetLink')}
        </Button>
      }
    >
      {state === 'linkSent' && (
        <p role="status" className="flex items-center gap-2 text-sm text-emerald-700">
          <CheckIcon width={16} height={16} className="shrink-0" />
          <span className="min-w-0">
            {richText(t, 'settings.resetLinkSentTo', { email: <EmailText email={email} /> })}
          </span>
        </p>
      )}
      {state === 'enteringEmail' && <FormError message={error} />}
    </SettingRow>
  )
}

type TwoFactorProps = {
  state: TwoFactorSetupState
  enabled: boolean
  email: string
  error?: string
  onStart: () => void
  onSubmitCode: (code: string) => void
  onCancel: () => void
}

/** Two-factor sign-in: its state, and the mailed code that switches it (docs/product.md §4.5). */
export function TwoFactorRow({
  state,
  enabled,
  email,
  error,
  onStart,
  onSubmitCode,
  onCancel,
}: TwoFactorProps) {
  const { t } = useI18n()
  const titleId = useId()
  const enteringCode = state === 'enteringCode' || state === 'confirming'
  return (
    <SettingRow
      title={
        <>
          <span id={titleId}>{t('settings.twoFactor')}</span>
          <Badge tone={enabled ? 'green' : 'slate'}>{t(enabled ? 'settings.on' : 'settings.off')}</Badge>
        </>
      }
      description={t('settings.twoFactorHint')}
      action={
        !enteringCode && (
          <Button
            type="button"
            variant={enabled ? 'secondary' : 'primary'}
            busy={state === 'sendingCode'}
            onClick={onStart}
            aria-describedby={titleId}
          >
            {t(enabled ? 'settings.disable' : 'settings.enable')}
          </Button>
        )
      }
    >
      {enteringCode ? (
        <div className="rounded-2xl bg-slate-50 p-4">
          <CodeStep
            testId="twofactor-code-form"
            intro={richText(t, 'settings.twoFactorCodeSentTo', { email: <EmailText email={email} /> })}
            submitLabel={t('settings.confirm')}
            busy={state === 'confirming'}
            error={error}
            onSubmit={onSubmitCode}
            actions={<TextButton onClick={onCancel}>{t('app.cancel')}</TextButton>}
          />
        </div>
      ) : (
        <FormError message={error} />
      )}
    </SettingRow>
  )
}
