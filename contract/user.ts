import { z } from 'zod'
import { singleLine } from '../src/domain/plainText.ts'
import { Code, Email } from './auth.ts'

export const Profile = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  residentalAddress: z.string().nullable(),
  isAdmin: z.boolean(),
  accountState: z.enum(['active', 'deactivated']),
  /** `pushGuestNames`: whether push alerts name the guest (off: a lock screen is public). */
  settings: z.object({ notifications: z.boolean(), twofactorMode: z.boolean(), pushGuestNames: z.boolean() }),
  /**
   * `cleaner` for an account that owns no property and co-hosts none but cleans at least one: it
   * lands on Turnovers and its menu holds only what a cleaner may open (docs/product.md §7.13).
   */
  workspace: z.enum(['host', 'cleaner']).optional(),
})
export type Profile = z.infer<typeof Profile>

export const UserResponse = z.object({ user: Profile })

/** Blank or null clears a field; it is stored as null, the way GET answers it. */
const blankToNull = (text: string | null) => (text === null || text === '' ? null : text)
/** One line, without control characters, as a name may reach a mail. */
const ClearableText = (max: number) =>
  z.string().overwrite(singleLine).trim().max(max).nullable().transform(blankToNull)

export const ProfileUpdateBody = z.object({
  name: ClearableText(100).optional(),
  phone: z
    .string()
    .trim()
    .max(32)
    .regex(/^[\d\s+().-]*$/)
    .nullable()
    .transform(blankToNull)
    .optional(),
  email: Email.optional(),
  residentalAddress: ClearableText(300).optional(),
})
export type ProfileUpdate = z.infer<typeof ProfileUpdateBody>

/** One's own profile: a new `email` needs the current password, else 400 "Wrong password". */
export const OwnProfileUpdateBody = ProfileUpdateBody.extend({
  currentPassword: z.string().max(1024).optional(),
})
export type OwnProfileUpdate = z.infer<typeof OwnProfileUpdateBody>

/** The profile after a save; `pendingEmail` is a new address waiting for its mailed code. */
export const ProfileUpdateResponse = Profile.extend({ pendingEmail: z.string().optional() })

export const CodeBody = z.object({ code: Code })
/** The secret of the link mailed to the old address when the address changes. */
export const CancelEmailChangeBody = z.object({ token: z.string().min(1).max(200) })
export const TwofactorResponse = z.object({ twofactorMode: z.boolean(), message: z.string() })
export const NotificationsBody = z.object({ enabled: z.boolean() })
export const NotificationsResponse = z.object({ enabled: z.boolean() })
/** One's own notification settings; a setting left out keeps its value. */
export const OwnNotificationsBody = z.object({
  enabled: z.boolean().optional(),
  pushGuestNames: z.boolean().optional(),
})
export const OwnNotificationsResponse = NotificationsResponse.extend({ pushGuestNames: z.boolean() })
