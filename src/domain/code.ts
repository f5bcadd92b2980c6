export const CODE_LENGTH = 6

/** A verification code is six single digits, digits only (docs/product.md §5.2). */
export const isCompleteCode = (code: string) => new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code)

/** Keeps the digits of typed or pasted text, at most six. */
export const digitsOnly = (text: string) => text.replace(/\D/g, '').slice(0, CODE_LENGTH)

/**
 * "Send a new code" waits this long after each code sent. The server lets one address
 * ask for five mails in fifteen minutes (`mailPerAddress` in server/auth/rateLimits.ts); one every
 * three minutes never meets that limit. tests/unit/resendCooldown.test.ts keeps the two equal.
 */
export const RESEND_COOLDOWN_MS = 3 * 60_000

/** "0:42", "2:05": the wait left, in minutes and seconds. */
export const formatWait = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
