export const PASSWORD_MIN_LENGTH = 8

/** The fixed set of special characters the password rule counts as a symbol. */
export const PASSWORD_SYMBOLS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?`~'

export type PasswordCheck = {
  length: boolean
  digit: boolean
  lower: boolean
  upper: boolean
  symbol: boolean
}

/** Each requirement on its own, for the popup that lists them while the person types. */
export function checkPassword(password: string): PasswordCheck {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    digit: /\d/.test(password),
    lower: /[a-z]/.test(password),
    upper: /[A-Z]/.test(password),
    symbol: [...password].some((char) => PASSWORD_SYMBOLS.includes(char)),
  }
}

/** 8+ characters with a digit, a lower- and an upper-case letter and a symbol (docs/product.md §5.1). */
export const isStrongPassword = (password: string) => Object.values(checkPassword(password)).every(Boolean)

/**
 * What is wrong with a new password and its confirmation, as a locale key, checked in this order
 * wherever one is chosen (registration, reset): its strength, then the match; undefined when
 * neither. Registration compares the confirmation too: a typo
 * there would lock the new owner out (docs/decisions.md).
 */
export function newPasswordProblem(password: string, confirmPassword: string) {
  if (!isStrongPassword(password)) return 'errors.auth.weakPassword'
  if (password !== confirmPassword) return 'auth.passwordsDoNotMatch'
  return undefined
}

/** The field each of `newPasswordProblem`'s answers is about, so a form shows it there. */
export const NEW_PASSWORD_CHECKS = {
  'errors.auth.weakPassword': 'password',
  'auth.passwordsDoNotMatch': 'confirmPassword',
} as const
