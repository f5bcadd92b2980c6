export const CODE_LENGTH = 6

/** SPEC 5: a verification code is six single digits, digits only. */
export const isCompleteCode = (code: string) => new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code)

/** Keeps the digits of typed or pasted text, at most six. */
export const digitsOnly = (text: string) => text.replace(/\D/g, '').slice(0, CODE_LENGTH)
