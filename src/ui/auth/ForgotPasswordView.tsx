import { useState, type FormEvent } from 'react'
import type { ForgotPasswordState } from '../../machines/auth/forgotPassword.ts'
import { useI18n } from '../../i18n.tsx'
import { Button, FormError, TextField } from '../common/form.tsx'
import { BackToLogin } from './BackToLogin.tsx'

type Props = {
  state: ForgotPasswordState
  email: string
  /** The server's answer, shown on step 2. */
  message?: string
  /** What is wrong with the address, under it. */
  emailError?: string
  error?: string
  onSubmit: (email: string) => void
  onRetry: () => void
}

/** Forgot password (docs/product.md §2.5): the e-mail, then a step that repeats it; back to login on both. */
export function ForgotPasswordView({ state, email, message, emailError, error, onSubmit, onRetry }: Props) {
  const { t } = useI18n()
  const [typed, setTyped] = useState(email)

  if (state === 'linkSent') {
    return (
      <div className="flex flex-col gap-5" data-testid="forgot-sent">
        <div className="flex flex-col items-center gap-3 rounded-2xl bg-brand-50 px-5 py-6 text-center">
          <span
            className="flex size-14 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm"
            aria-hidden="true"
          >
            <svg
              viewBox="0 0 24 24"
              width={28}
              height={28}
              fill="none"
              stroke="currentColor"
              strokeWidth={1.8}
            >
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <path d="m4 7 8 6 8-6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
          <p className="text-base font-semibold break-all text-slate-900" dir="ltr">
            {email}
          </p>
          <p className="text-sm text-slate-600">{message || t('forgot.sentText')}</p>
          <p className="text-xs text-slate-500">{t('forgot.sentHint')}</p>
        </div>
        <Button type="button" variant="secondary" onClick={() => onSubmit(email)}>
          {t('forgot.sendAgain')}
        </Button>
        <button type="button" onClick={onRetry} className="text-sm text-slate-600 hover:text-slate-900">
          {t('forgot.otherEmail')}
        </button>
        <BackToLogin />
      </div>
    )
  }

  const busy = state === 'sending'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit(typed)
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-5" data-testid="forgot-form" noValidate>
      <TextField
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="email"
        dir="ltr"
        value={typed}
        error={emailError}
        onChange={(event) => setTyped(event.target.value)}
        disabled={busy}
      />
      <FormError message={error} />
      <Button type="submit" busy={busy}>
        {t('forgot.submit')}
      </Button>
      <BackToLogin />
    </form>
  )
}
