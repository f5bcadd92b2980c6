import { deleteInBatches, DELETE_BATCH } from '../db/batchedDelete.ts'
import type { DatabaseHandle } from '../db/database.ts'
import { isUniqueViolation } from '../db/errors.ts'
import type { User, UserUpdate } from '../db/schema.ts'
import { conflict, fieldError } from '../errors.ts'
import { consumeCode, sendCode } from '../auth/codes.ts'
import { verifyPassword } from '../auth/password.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { PropertyService } from '../property/service.ts'
import type { Language } from '../../src/domain/translator.ts'
import { createEmailChange } from './emailChange.ts'
import { deactivateUnlessLastAdmin } from './lastAdmin.ts'
import type { OwnProfileUpdate } from '../../contract/user.ts'

export type UserServiceDeps = {
  database: DatabaseHandle
  mailer: Mailer
  /** Where mailed links point. */
  publicUrl: string
  /** Removes an account's properties, photo files included. */
  properties: Pick<PropertyService, 'removeAll'>
}

/** One's own account: profile, address, two-factor, notifications, and deleting it. */
export function createUserService({ database, mailer, publicUrl, properties }: UserServiceDeps) {
  const { db } = database
  const emailChange = createEmailChange({ db, mailer, publicUrl })
  const findUser = (id: string) =>
    db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

  /** Notifications on or off, and whether push alerts name guests; each as it was when not given. */
  async function setNotifications(
    user: User,
    settings: { enabled?: boolean | undefined; pushGuestNames?: boolean | undefined },
  ): Promise<{ enabled: boolean; pushGuestNames: boolean }> {
    const enabled = settings.enabled ?? user.notifications_enabled === 1
    const guestNames = settings.pushGuestNames ?? user.push_guest_names === 1
    await db
      .updateTable('users')
      .set({
        notifications_enabled: enabled ? 1 : 0,
        push_guest_names: guestNames ? 1 : 0,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', user.id)
      .execute()
    return { enabled, pushGuestNames: guestNames }
  }

  /**
   * Deletes an account's data and then the account: its properties through the property service
   * (photo files included), its notifications, both in batches (server/db/batchedDelete.ts), then
   * the account and, by cascade, its sessions, codes and sign-in records.
   */
  async function removeAccount(userId: string): Promise<void> {
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

  return {
    /**
     * Saves name, phone and address at once. A new e-mail address is not applied: it needs the
     * current password, and then `startEmailChange` (after the answer) mails the code and
     * the old address's notice; `confirmEmailChange` applies it (docs/decisions.md, "Changing the
     * e-mail address"). Whether another account has the new address is not told here.
     */
    async updateProfile(
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
      return { user: await findUser(user.id), ...(pendingEmail ? { pendingEmail } : {}) }
    },

    startEmailChange: emailChange.start,
    cancelEmailChange: emailChange.cancel,

    /** Applies the address the code was mailed to; 409 if an account took it meanwhile. */
    async confirmEmailChange(user: User, code: string): Promise<User> {
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
      return findUser(user.id)
    },

    removeAccount,

    /**
     * Deletes one's own account: first deactivates it, refusing the last active admin
     * (lastAdmin.ts), then removes its data and the account.
     */
    async deleteAccount(user: User): Promise<void> {
      await deactivateUnlessLastAdmin(database, user.id, 'errors.user.lastAdmin')
      await removeAccount(user.id)
    },

    sendTwofactorCode: (user: User, language: Language) =>
      sendCode({ db, mailer }, { purpose: 'tfa-enable', userId: user.id, email: user.email }, language),

    /** Turns two-factor on when it is off and off when it is on, with a mailed code either way. */
    async toggleTwofactor(user: User, code: string): Promise<boolean> {
      await consumeCode(db, { purpose: 'tfa-enable', userId: user.id }, code)
      const enabled = user.twofactor_enabled !== 1
      await db
        .updateTable('users')
        .set({ twofactor_enabled: enabled ? 1 : 0, updated_at: new Date().toISOString() })
        .where('id', '=', user.id)
        .execute()
      return enabled
    },

    setNotifications,
  }
}

export type UserService = ReturnType<typeof createUserService>
