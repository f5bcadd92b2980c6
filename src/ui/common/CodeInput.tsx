import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react'
import { CODE_LENGTH, digitsOnly } from '../../domain/code.ts'

type Props = {
  value: string
  onChange: (code: string) => void
  label: string
  disabled?: boolean
  autoFocus?: boolean
}

/** Six single-digit boxes: digits only, pasting a whole code fills them all, backspace steps back. */
export function CodeInput({ value, onChange, label, disabled, autoFocus }: Props) {
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const digits = Array.from({ length: CODE_LENGTH }, (_, i) => value[i] ?? '')
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))]?.focus()

  const setDigit = (index: number, typed: string) => {
    const digit = digitsOnly(typed).slice(-1)
    const next = digits.slice()
    next[index] = digit
    onChange(next.join('').slice(0, CODE_LENGTH))
    if (digit) focus(index + 1)
  }
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    const pasted = digitsOnly(event.clipboardData.getData('text'))
    if (!pasted) return
    onChange(pasted)
    focus(pasted.length)
  }
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index]) focus(index - 1)
  }

  return (
    <fieldset className="mx-auto grid w-full max-w-[328px] grid-cols-6 gap-2" dir="ltr" disabled={disabled}>
      <legend className="sr-only">{label}</legend>
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element
          }}
          value={digit}
          onChange={(event) => setDigit(index, event.target.value)}
          onPaste={onPaste}
          onKeyDown={onKeyDown(index)}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          maxLength={2}
          autoFocus={autoFocus && index === 0}
          aria-label={`${label} ${index + 1}`}
          data-testid={`code-digit-${index}`}
          className="aspect-square w-full min-w-0 rounded-xl border border-slate-300 bg-white text-center text-xl font-semibold focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:bg-slate-100"
        />
      ))}
    </fieldset>
  )
}
