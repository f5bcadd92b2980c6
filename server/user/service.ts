import type { FastifyInstance } from 'fastify'
import { deleteInBatches, DELETE_BATCH } from '../db/batchedDelete.ts'
import type { DatabaseHandle, Db } from '../db/database.ts'
import { isUniqueViolation } from '../db/errors.ts'
import type { User, UserUpdate } from '../db/schema.ts'
import { conflict, fieldError } from '../errors.ts'
import { consumeCode, sendCode } from '../auth/codes.ts'
import { verifyPassword } from '../auth/password.ts'
import type { PropertyService } from '../property/service.ts'
import type { Language } from '../../src/domain/translator.ts'
import { deactivateUnlessLastAdmin } from './lastAdmin.ts'
import type { OwnProfileUpdate, Profile } from '../../contract/user.ts'

const findUser = (db: Db, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

/**
 * Saves name, phone and address at once. A new e-mail address is not applied: it needs the
 * current password, and then `startEmailChange` (after the answer) mails the code and
 * the old address's notice; `confirmEmailChange` applies it (docs/decisions.md, "Changing the
 * e-mail address"). Whether another account has the new address is not told here.
 */
export async function updateProfile(
  db: Db,
  user: User,
  { email, name, phone, residentalAddress, currentPassword }: OwnProfileUpdate,
): Promise<{ user: User; pendingEmail?: string }> {
  const pendingEmail = email !== undefined && email !== user.email ? email : undefined
  if (pendingEmail && !(currentPassword && (await verifyPassword(user.password_hash, currentPassword))))
    throw fieldError('currentPassword', 'errors.auth.wrongPassword')
  const changes: UserUpdate = { name, phone, residental_address: residentalAddress }
  if (Object.values(changes).some((value) => value !== undefined))
    await db
      .updateTable('users')
      .set({ ...changes, updated_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .execute()
  return { user: await findUser(db, user.id), ...(pendingEmail ? { pendingEmail } : {}) }
}

/** Applies the address the code was mailed to; 409 if an account took it meanwhile. */
export async function confirmEmailChange(db: Db, user: User, code: string): Promise<User> {
  const email = await consumeCode(db, { purpose: 'email-change', userId: user.id }, code)
  try {
    await db
      .updateTable('users')
      .set({ email, updated_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .execute()
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('errors.auth.emailTaken', 'email')
    throw error
  }
  return findUser(db, user.id)
}

/**
 * Deletes an account's data and then the account: its properties through the property service
 * (photo files included), its notifications, both in batches (server/db/batchedDelete.ts), then
 * the account and, by cascade, its sessions, codes and sign-in records.
 */
export async function removeAccount(db: Db, properties: PropertyService, userId: string): Promise<void> {
  await properties.removeAll(userId)
  await deleteInBatches(db, DELETE_BATCH.rows, (trx, size) =>
    trx
      .deleteFrom('notifications')
      .where(
        'id',
        'in',
        trx.selectFrom('notifications').select('id').where('user_id', '=', userId).limit(size),
      )
      .executeTakeFirst(),
  )
  await db.deleteFrom('users').where('id', '=', userId).execute()
}

/**
 * Deletes one's own account: first deactivates it, refusing the last active admin (lastAdmin.ts),
 * then removes its data and the account.
 */
export async function deleteAccount(
  database: DatabaseHandle,
  properties: PropertyService,
  user: User,
): Promise<void> {
  await deactivateUnlessLastAdmin(database, user.id, 'errors.user.lastAdmin')
  await removeAccount(database.db, properties, user.id)
}

export const sendTwofactorCode = (app: FastifyInstance, user: User, language: Language) =>
  sendCode(app, { purpose: 'tfa-enable', userId: user.id, email: user.email }, language)

/** Turns two-factor on when it is off and off when it is on, with a mailed code either way. */
export async function toggleTwofactor(db: Db, user: User, code: string): Promise<boolean> {
  await consumeCode(db, { purpose: 'tfa-enable', userId: user.id }, code)
  const enabled = user.twofactor_enabled !== 1
  await db
    .updateTable('users')
    .set({ twofactor_enabled: enabled ? 1 : 0, updated_at: new Date().toISOString() })
    .where('id', '=', user.id)
    .execute()
  return enabled
}

export async function setNotifications(db: Db, user: User, enabled: boolean): Promise<boolean> {
  await db
    .updateTable('users')
    .set({ notifications_enabled: enabled ? 1 : 0, updated_at: new Date().toISOString() })
    .where('id', '=', user.id)
    .execute()
  return enabled
}

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
