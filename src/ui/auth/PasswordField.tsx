import { useId, useState, type InputHTMLAttributes } from 'react'
import { checkPassword, type PasswordCheck } from '../../domain/password.ts'
import { useI18n } from '../../i18n.tsx'
import { TextField } from '../common/form.tsx'
import { CheckIcon } from '../common/icons.tsx'

const RULES: (keyof PasswordCheck)[] = ['length', 'upper', 'lower', 'digit', 'symbol']

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  label: string
  name: string
  value: string
  onChange: (value: string) => void
  /** What is wrong with it, under the field. */
  error?: string
}

/**
 * A new password with the list of the password's rules (docs/product.md §5.1), each ticked off as
 * the person types.
 *
 * The list sits in the flow under the field, never over what follows it (a floating
 * popup covered Confirm password and the submit button, and caught the click meant for the
 * button). It appears once the field is first focused and stays until every rule is met, when a
 * single "all set" line takes its place. Leaving the field never changes it, so the form does not
 * move under a pointer on its way to the button.
 */
export function PasswordField({ label, value, onChange, onFocus, error, ...input }: Props) {
  const { t } = useI18n()
  const [engaged, setEngaged] = useState(false)
  const listId = useId()
  const check = checkPassword(value)
  const allMet = RULES.every((rule) => check[rule])
  const shown = engaged || value !== ''
  return (
    <TextField
      {...input}
      label={label}
      type="password"
      error={error}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onFocus={(event) => {
        setEngaged(true)
        onFocus?.(event)
      }}
      aria-describedby={listId}
      hint={
        <div id={listId}>
          <div
            data-testid="password-requirements"
            data-all-met={allMet}
            hidden={!shown || allMet}
            className="mt-1 rounded-xl border border-slate-200 bg-white p-3.5"
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
          {/* Said once, when the last rule is met; an empty paragraph takes no room. */}
          <p
            aria-live="polite"
            data-testid="password-all-met"
            className="flex items-center gap-2 text-sm text-emerald-700 empty:hidden"
          >
            {shown && allMet && (
              <>
                <span
                  className="flex size-4.5 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white"
                  aria-hidden="true"
                >
                  <CheckIcon width={12} height={12} strokeWidth={3} />
                </span>
                {t('password.allMet')}
              </>
            )}
          </p>
        </div>
      }
    />
  )
}

type NewPasswordProps = {
  /** The first field's label: "Password" on registration, "New password" on a reset. */
  label: string
  value: { password: string; confirmPassword: string }
  errors: Partial<Record<'password' | 'confirmPassword', string>>
  disabled: boolean
  onChange: (value: { password: string; confirmPassword: string }) => void
}

/** A new password with its rules, and the same password again to confirm it. */
export function NewPasswordFields({ label, value, errors, disabled, onChange }: NewPasswordProps) {
  const { t } = useI18n()
  return (
    <>
      <PasswordField
        label={label}
        name="password"
        autoComplete="new-password"
        value={value.password}
        error={errors.password}
        onChange={(password) => onChange({ ...value, password })}
        disabled={disabled}
      />
      <TextField
        label={t('auth.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={value.confirmPassword}
        error={errors.confirmPassword}
        onChange={(event) => onChange({ ...value, confirmPassword: event.target.value })}
        disabled={disabled}
      />
    </>
  )
}
