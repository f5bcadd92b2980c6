import type { ReactNode, SelectHTMLAttributes } from 'react'
import { describedBy, FIELD_CLASS, FieldError } from './form.tsx'

// A file of its own: the sign-in page, which loads form.tsx, has no select to draw.
type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string
  /** The select's id, which its label and its error's id follow. */
  id: string
  hint?: ReactNode
  /** As a text field's. */
  error?: string
}

/** A native select framed like the text fields, under its label, its problem under it. */
export function SelectField({ label, hint, error, id, className = '', children, ...select }: SelectProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        {...select}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(select['aria-describedby'], error && `${id}-error`)}
        className={`h-11 ${FIELD_CLASS} ${error ? 'border-red-400' : ''} ${className}`}
      >
        {children}
      </select>
      <FieldError id={`${id}-error`} message={error} />
      {hint}
    </div>
  )
}
