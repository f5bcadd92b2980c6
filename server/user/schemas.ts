import { z } from 'zod'
import type { User } from '../db/schema.ts'
import { Code, Email } from '../auth/schemas.ts'

export const Profile = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  residentalAddress: z.string().nullable(),
  isAdmin: z.boolean(),
  accountState: z.enum(['active', 'deactivated']),
  settings: z.object({ notifications: z.boolean(), twofactorMode: z.boolean() }),
})
export type Profile = z.infer<typeof Profile>

export const UserResponse = z.object({ user: Profile })

/** Blank or null clears a field; it is stored as null, the way GET answers it. */
const blankToNull = (text: string | null) => (text === null || text === '' ? null : text)
const ClearableText = (max: number) => z.string().trim().max(max).nullable().transform(blankToNull)

export const ProfileUpdateBody = z.object({
  name: ClearableText(100).optional(),
  phone: z
    .string()
    .trim()
    .max(32)
    .regex(/^[\d\s+().-]*$/, { message: 'Use digits, spaces and + ( ) . - only' })
    .nullable()
    .transform(blankToNull)
    .optional(),
  email: Email.optional(),
  residentalAddress: ClearableText(300).optional(),
})
export type ProfileUpdate = z.infer<typeof ProfileUpdateBody>

/** The profile after a save; `pendingEmail` is a new address waiting for its mailed code. */
export const ProfileUpdateResponse = Profile.extend({ pendingEmail: z.string().optional() })

export const CodeBody = z.object({ code: Code })
export const TwofactorResponse = z.object({ twofactorMode: z.boolean(), message: z.string() })
export const NotificationsBody = z.object({ enabled: z.boolean() })
export const NotificationsResponse = z.object({ enabled: z.boolean() })

export function toProfile(user: User): Profile {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    residentalAddress: user.residental_address,
    isAdmin: user.is_admin === 1,
    accountState: user.account_state,
    settings: {
      notifications: user.notifications_enabled === 1,
      twofactorMode: user.twofactor_enabled === 1,
    },
  }
}
