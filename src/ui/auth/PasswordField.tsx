import { useId, useState, type InputHTMLAttributes } from 'react'
import { checkPassword, type PasswordCheck } from '../../domain/password.ts'
import { useI18n } from '../../i18n.tsx'
import { TextField } from '../form.tsx'
import { CheckIcon } from '../icons.tsx'

const RULES: (keyof PasswordCheck)[] = ['length', 'upper', 'lower', 'digit', 'symbol']

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  label: string
  name: string
  value: string
  onChange: (value: string) => void
}

/**
 * A new password with SPEC 2's popup: while the field has the focus, each rule of SPEC 5 is
 * listed and ticked off as the person types.
 */
export function PasswordField({ label, value, onChange, ...input }: Props) {
  const { t } = useI18n()
  const [focused, setFocused] = useState(false)
  const listId = useId()
  const check = checkPassword(value)
  return (
    <TextField
      {...input}
      label={label}
      type="password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      aria-describedby={listId}
      className="relative"
      hint={
        <div
          id={listId}
          data-testid="password-requirements"
          hidden={!focused}
          className="absolute inset-x-0 top-full z-20 mt-2 rounded-xl border border-slate-200 bg-white p-3.5 shadow-lg"
        >
          <p className="mb-2 text-xs font-semibold text-slate-500">{t('password.requirementsTitle')}</p>
          <ul className="flex flex-col gap-1.5 text-sm">
            {RULES.map((rule) => (
              <li
                key={rule}
                data-rule={rule}
                data-met={check[rule]}
                className={`flex items-center gap-2 ${check[rule] ? 'text-emerald-700' : 'text-slate-600'}`}
              >
                <span
                  className={`flex size-4.5 shrink-0 items-center justify-center rounded-full ${
                    check[rule] ? 'bg-emerald-600 text-white' : 'border border-slate-300'
                  }`}
                  aria-hidden="true"
                >
                  {check[rule] && <CheckIcon width={12} height={12} strokeWidth={3} />}
                </span>
                {t(`password.rules.${rule}`)}
                <span className="sr-only">({t(check[rule] ? 'password.met' : 'password.unmet')})</span>
              </li>
            ))}
          </ul>
        </div>
      }
    />
  )
}
