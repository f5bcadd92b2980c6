import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode } from 'react'
import { Spinner } from './Spinner.tsx'

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: ReactNode }

export function TextField({ label, hint, id, className = '', ...input }: FieldProps) {
  const fieldId = id ?? `field-${input.name}`
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={fieldId}
        {...input}
        className="h-11 rounded-xl border border-slate-300 bg-white px-3.5 text-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:bg-slate-100"
      />
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
    <p role="alert" className="rounded-xl bg-red-50 px-3.5 py-2.5 text-sm text-red-700">
      {message}
    </p>
  )
}
