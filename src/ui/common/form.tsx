import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react'
import { Spinner } from './Spinner.tsx'
import { useI18n } from '../../i18n.tsx'

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string
  hint?: ReactNode
  /** A problem with what was typed, shown under the field and tied to it. */
  error?: string
}
type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string
  hint?: ReactNode
  /** As a text field's. */
  error?: string
}

/** The frame of every text control: inputs, selects and text areas look alike. */
export const FIELD_CLASS =
  'rounded-xl border border-slate-300 bg-white px-3.5 text-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:bg-slate-100'

/** A field's own description (a hint, a list of rules) and its error, together. */
export const describedBy = (...ids: (string | undefined)[]) => ids.filter(Boolean).join(' ') || undefined

export function TextField({ label, hint, error, id, className = '', ...input }: FieldProps) {
  const fieldId = id ?? `field-${input.name}`
  // A number is written left to right in Arabic too ("-3", not "3-"), at the field's start.
  const numeric = input.type === 'number'
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={fieldId}
        dir={numeric ? 'ltr' : undefined}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(input['aria-describedby'], error && `${fieldId}-error`)}
        className={`h-11 ${FIELD_CLASS} ${numeric ? 'rtl:text-end' : ''} ${error ? 'border-red-400' : ''}`}
      />
      <FieldError id={`${fieldId}-error`} message={error} />
      {hint}
    </div>
  )
}

/** A field's own problem, under it. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} className="text-xs text-red-600">
      {message}
    </p>
  )
}

export function TextAreaField({ label, hint, error, id, ...textarea }: TextAreaProps) {
  const fieldId = id ?? `field-${textarea.name}`
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={fieldId}
        {...textarea}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(textarea['aria-describedby'], error && `${fieldId}-error`)}
        className={`resize-y py-2.5 ${FIELD_CLASS} ${error ? 'border-red-400' : ''}`}
      />
      <FieldError id={`${fieldId}-error`} message={error} />
      {hint}
    </div>
  )
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  busy?: boolean
  variant?: 'primary' | 'secondary' | 'danger'
}

const VARIANTS = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-300',
  secondary: 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:text-slate-400',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-slate-300',
}

export function Button({
  busy,
  variant = 'primary',
  children,
  className = '',
  disabled,
  ...button
}: ButtonProps) {
  return (
    <button
      {...button}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`inline-flex h-11 items-center justify-center gap-2 rounded-xl px-5 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
    >
      {busy && <Spinner className="[&>span]:border-white/40 [&>span]:border-t-white" />}
      {children}
    </button>
  )
}

export function FormError({ message }: { message?: string }) {
  if (!message) return null
  return (
    // Focusable by script only: a refused submit brings the focus here (useFocusOnRefusal).
    <p role="alert" tabIndex={-1} className="rounded-xl bg-red-50 px-3.5 py-2.5 text-sm text-red-700">
      {message}
    </p>
  )
}

type DialogActionsProps = {
  busy: boolean
  onCancel: () => void
  confirmLabel: string
  variant?: ButtonProps['variant']
  /** Without it, the confirming button submits the form it sits in. */
  onConfirm?: () => void
  confirmTestId?: string
}

/** A dialog's Cancel and confirming buttons: side by side on wide screens, stacked on a phone. */
export function DialogActions({
  busy,
  onCancel,
  confirmLabel,
  variant,
  onConfirm,
  confirmTestId,
}: DialogActionsProps) {
  const { t } = useI18n()
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
        {t('app.cancel')}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        variant={variant}
        busy={busy}
        onClick={onConfirm}
        data-testid={confirmTestId}
      >
        {confirmLabel}
      </Button>
    </div>
  )
}
