import { z } from 'zod'
import { CODE_LENGTH } from '../src/domain/code.ts'

export const Email = z.string().trim().toLowerCase().max(254).pipe(z.email())

/**
 * Strength is checked by the service, so a weak password gets the rule's own message
 * (docs/product.md §5.1).
 */
const NewPassword = z.string().max(1024)
const Password = z.string().min(1).max(1024)

/**
 * An e-mailed code. A client may send it as a number, which loses leading zeros: 4211 is
 * the code 004211.
 */
export const Code = z
  .union([
    z.string().regex(new RegExp(`^\\d{1,${CODE_LENGTH}}$`)),
    z
      .number()
      .int()
      .nonnegative()
      .max(10 ** CODE_LENGTH - 1),
  ])
  .transform((code) => String(code).padStart(CODE_LENGTH, '0'))

export const EmailBody = z.object({ email: Email })
export const CredentialsBody = z.object({ email: Email, password: Password })
export const LoginBody = CredentialsBody.extend({ tfaCode: Code.optional() })
export const RegisterBody = z.object({ email: Email, password: NewPassword, code: Code })
export const ResetParams = z.object({ token: z.string().min(1).max(200) })
export const NewPasswordBody = z.object({ password: NewPassword })

export const MessageResponse = z.object({ message: z.string() })
