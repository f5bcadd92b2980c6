import type { User } from '../db/schema.ts'
import type { Profile } from '../../contract/user.ts'

/** An account as its holder reads it: no hash, no internal state. */
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
      pushGuestNames: user.push_guest_names === 1,
    },
  }
}
