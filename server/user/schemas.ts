import { z } from 'zod'
import type { User } from '../db/schema.ts'

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
