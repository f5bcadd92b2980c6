import type { Db } from '../db/database.ts'
import type { User } from '../db/schema.ts'
import { badRequest, forbidden } from '../errors.ts'
import { recordAudit } from '../audit/service.ts'
import { hashPassword, verifyPassword } from './password.ts'

// Verifying against a real hash when the address is unknown keeps both answers equally slow,
// so timing does not reveal which addresses have accounts.
const unknownUserHash = hashPassword('not a real password: timing only')

export type Credentials = { email: string; password: string; ip: string }

/** The account behind an e-mail and password, or a 400 (wrong) / 403 (deactivated). */
export async function checkCredentials(db: Db, { email, password, ip }: Credentials): Promise<User> {
  const user = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()
  const valid = await verifyPassword(user?.password_hash ?? (await unknownUserHash), password)
  if (!user || !valid) {
    await recordAudit(db, {
      kind: 'auth.sign-in-failed',
      message: `Failed sign-in for ${email}`,
      data: { email },
      ip,
    })
    throw badRequest('errors.auth.wrongCredentials')
  }
  if (user.account_state !== 'active') throw forbidden('errors.auth.deactivated')
  return user
}
