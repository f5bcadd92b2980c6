import { useEffect, useId, useRef, useState } from 'react'
import { useI18n } from '../../i18n.tsx'
import { CheckIcon } from '../common/icons.tsx'
import { CopyIcon } from '../common/appIcons.tsx'

const COPIED_FOR_MS = 2000

/** The clipboard API needs a secure origin; a plain-http one still copies the selected text. */
async function copyText(text: string, input: HTMLInputElement | null) {
  if (navigator.clipboard) {
    await navigator.clipboard.writeText(text)
    return
  }
  input?.select()
  if (!document.execCommand('copy')) throw new Error('copy refused')
}

type Props = {
  label: string
  value?: string
  loading?: boolean
  error?: string
  /** Tells one field from another on a screen with several. */
  testId?: string
}

/** A read-only value with a copy button that confirms the copy ("Copied!") for two seconds. */
export function CopyField({ label, value, loading, error, testId = 'internal-calendar-url' }: Props) {
  const { t } = useI18n()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS)
    return () => clearTimeout(timer)
  }, [copied])

  const copy = () => {
    if (!value) return
    copyText(value, input.current).then(
      () => setCopied(true),
      () => input.current?.select(),
    )
  }
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          ref={input}
          readOnly
          dir="ltr"
          value={value ?? (loading ? t('app.loading') : '')}
          onFocus={(event) => event.target.select()}
          data-testid={testId}
          className="h-11 min-w-0 flex-1 rounded-xl border border-slate-200 bg-slate-50 px-3.5 font-mono text-xs text-slate-600 focus:outline-none"
        />
        <button
          type="button"
          onClick={copy}
          disabled={!value}
          data-testid="copy-button"
          aria-live="polite"
          className={`flex h-11 shrink-0 items-center gap-1.5 rounded-xl px-4 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-400 ${
            copied ? 'bg-emerald-600 text-white' : 'bg-brand-700 text-white hover:bg-brand-800'
          }`}
        >
          {copied ? <CheckIcon width={16} height={16} /> : <CopyIcon width={16} height={16} />}
          {copied ? t('property.copied') : t('property.copy')}
        </button>
      </div>
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  )
}
