import type { Db } from '../db/database.ts'
import type { User } from '../db/schema.ts'
import type { Profile } from '../../contract/user.ts'
import { workspaceOf } from '../team/access.ts'

/**
 * An account as its holder reads it: no hash, no internal state; with the workspace it opens on
 * (docs/product.md §7.13), so every answer the app signs in with says it.
 */
export async function toProfile(db: Db, user: User): Promise<Profile> {
  return {
    workspace: await workspaceOf(db, user.id),
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
