import { z } from 'zod'
import { Profile } from '../user/schemas.ts'

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Invalid e-mail address' }))

export const LoginBody = z.object({
  email: Email,
  password: z.string().min(1).max(1024),
  tfaCode: z.union([z.string().max(16), z.number().int().nonnegative()]).optional(),
})

export const UserResponse = z.object({ user: Profile })
export const MessageResponse = z.object({ message: z.string() })
