export const PASSWORD_MIN_LENGTH = 8

/** The fixed set of special characters SPEC 5 counts as a symbol. */
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

/** SPEC 5: 8+ characters with a digit, a lower- and an upper-case letter and a symbol. */
export const isStrongPassword = (password: string) => Object.values(checkPassword(password)).every(Boolean)
