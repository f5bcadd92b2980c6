import { randomBytes } from 'node:crypto'
import type { Mailer } from '../mail/mailer.ts'
import type { Db } from '../db/database.ts'
import { isUniqueViolation } from '../db/errors.ts'
import type { User } from '../db/schema.ts'
import { badRequest, conflict } from '../errors.ts'
import { sendCode } from '../auth/codes.ts'
import { revokeSessions, sha256 } from '../auth/session.ts'
import { composeMail } from '../mail/messages.ts'
import type { Language } from '../../src/domain/translator.ts'
import { PATHS } from '../../src/domain/paths.ts'

/** How long the old address can take the change back. */
export const CANCEL_LINK_LIFETIME_MS = 7 * 24 * 3600 * 1000

export type EmailChangeDeps = {
  db: Db
  mailer: Mailer
  /** Where the cancel link points. */
  publicUrl: string
}

/** A change of an account's address: its start, and the old address's way to take it back. */
export function createEmailChange({ db, mailer, publicUrl }: EmailChangeDeps) {
  async function sendChangeNotice(user: User, newEmail: string) {
    const token = randomBytes(32).toString('base64url')
    const now = Date.now()
    await db
      .insertInto('email_change_cancels')
      .values({
        token_hash: sha256(token),
        user_id: user.id,
        old_email: user.email,
        new_email: newEmail,
        expires_at: new Date(now + CANCEL_LINK_LIFETIME_MS).toISOString(),
        created_at: new Date(now).toISOString(),
      })
      .execute()
    const link = `${publicUrl}${PATHS.cancelEmailChange}/${token}`
    await mailer.send(composeMail(user.language, user.email, { kind: 'email-change-notice', newEmail, link }))
  }

  return {
    /**
     * After the password was checked, a request to move the account to `newEmail` (docs/product.md §4.4).
     * - The old address is told at once, in the account's language, with a link that cancels it.
     * - The new address gets its code, unless another account has it: then no code goes anywhere and
     *   any earlier pending change is dropped. The caller answers the same either way (only
     *   `register/send-code` tells which addresses have accounts), and runs this after answering, so
     *   the time taken does not tell either.
     */
    async start(user: User, newEmail: string, language: Language) {
      await sendChangeNotice(user, newEmail)
      const taken = await db.selectFrom('users').select('id').where('email', '=', newEmail).executeTakeFirst()
      if (taken)
        await db
          .deleteFrom('email_codes')
          .where('user_id', '=', user.id)
          .where('purpose', '=', 'email-change')
          .execute()
      else
        await sendCode(
          { db, mailer },
          { purpose: 'email-change', userId: user.id, email: newEmail },
          language,
        )
    },

    /**
     * The old address's link: the pending change is dropped, the account gets its old address back
     * if the change went through meanwhile, every session ends, and every other cancel link and
     * reset link of the account stops working (a thief may have asked for them). Single use.
     * Answers the account's id.
     */
    async cancel(token: string): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const link = await trx
          .deleteFrom('email_change_cancels')
          .where('token_hash', '=', sha256(token))
          .where('expires_at', '>', new Date().toISOString())
          .returningAll()
          .executeTakeFirst()
        if (!link) throw badRequest('errors.emailChange.invalidLink')
        const userId = link.user_id
        await trx.deleteFrom('email_change_cancels').where('user_id', '=', userId).execute()
        await trx
          .deleteFrom('email_codes')
          .where('user_id', '=', userId)
          .where('purpose', '=', 'email-change')
          .execute()
        await trx.deleteFrom('reset_tokens').where('user_id', '=', userId).execute()
        try {
          await trx
            .updateTable('users')
            .set({ email: link.old_email, updated_at: new Date().toISOString() })
            .where('id', '=', userId)
            .where('email', '!=', link.old_email)
            .execute()
        } catch (error) {
          if (isUniqueViolation(error)) throw conflict('errors.auth.emailTaken', 'email')
          throw error
        }
        await revokeSessions(trx, userId)
        return userId
      })
    },
  }
}
