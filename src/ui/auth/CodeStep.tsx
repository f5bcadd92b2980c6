import { useState, type FormEvent, type ReactNode } from 'react'
import { formatWait } from '../../domain/code.ts'
import { useI18n } from '../../i18n.tsx'
import { CodeInput } from '../common/CodeInput.tsx'
import { Button, FormError } from '../common/form.tsx'
import { EmailText, richText } from '../common/UserText.tsx'

type Props = {
  /** Where the code went, in words. */
  intro: ReactNode
  submitLabel: string
  busy: boolean
  error?: string
  onSubmit: (code: string) => void
  /** The row under the button: back, resend, cancel. */
  actions: ReactNode
  testId: string
}

/** The six-box code entry of every flow that mails a code: sign-in, registration, settings. */
export function CodeStep({ intro, submitLabel, busy, error, onSubmit, actions, testId }: Props) {
  const { t } = useI18n()
  const [code, setCode] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit(code)
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-5" data-testid={testId} noValidate>
      <p className="text-sm text-slate-600">{intro}</p>
      <CodeInput value={code} onChange={setCode} label={t('auth.codeLabel')} autoFocus disabled={busy} />
      <FormError message={error} />
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">{actions}</div>
    </form>
  )
}

/** A quiet text button for the code step's row. */
export function TextButton({
  onClick,
  children,
  emphasis,
  disabled,
}: {
  onClick: () => void
  children: ReactNode
  emphasis?: boolean
  disabled?: boolean
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className={
        emphasis
          ? 'font-medium text-brand-700 hover:underline disabled:text-slate-400'
          : 'text-slate-600 hover:text-slate-900 disabled:text-slate-400'
      }
    >
      {children}
    </button>
  )
}

/**
 * "Send a new code", or while its wait runs "Send a new code in 0:42", which cannot be
 * pressed until the wait ends.
 */
export function ResendButton({
  secondsLeft,
  busy,
  onResend,
}: {
  secondsLeft: number
  busy?: boolean
  onResend: () => void
}) {
  const { t } = useI18n()
  const waiting = secondsLeft > 0
  return (
    <TextButton onClick={onResend} emphasis disabled={busy || waiting}>
      {waiting ? t('auth.resendCodeIn', { time: formatWait(secondsLeft) }) : t('auth.resendCode')}
    </TextButton>
  )
}

/** What sign-in and registration hand on to their code step. */
export type MailedCodeProps = {
  email: string
  error?: string
  onSubmitCode: (code: string) => void
  onResend: () => void
  onBack: () => void
  /** Seconds until "Send a new code" may be pressed again; 0 when it may. */
  resendWait?: number
}

/**
 * The code step of sign-in and registration: the code went to `email`; under the button, back
 * and "Send a new code", which waits while `waiting` (a code has just gone out).
 */
export function MailedCodeStep({
  testId,
  submitLabel,
  backLabel,
  busy,
  waiting,
  resending,
  email,
  error,
  onSubmitCode,
  onResend,
  onBack,
  resendWait = 0,
}: MailedCodeProps & {
  testId: string
  submitLabel: string
  backLabel: string
  busy: boolean
  waiting: boolean
  resending?: boolean
}) {
  const { t } = useI18n()
  return (
    <CodeStep
      testId={testId}
      intro={richText(t, 'auth.codeSentTo', { email: <EmailText email={email} /> })}
      submitLabel={submitLabel}
      busy={busy}
      error={error}
      onSubmit={onSubmitCode}
      actions={
        <>
          <TextButton onClick={onBack}>{backLabel}</TextButton>
          <ResendButton
            secondsLeft={waiting ? Math.max(1, resendWait) : 0}
            busy={resending}
            onResend={onResend}
          />
        </>
      }
    />
  )
}
