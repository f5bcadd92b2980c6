import { revokeSessions } from '../auth/session.ts'
import type { DatabaseHandle } from '../db/database.ts'
import { lockActiveAdmins } from '../db/locks.ts'
import { conflict } from '../errors.ts'

/** What the one refused is told: an admin acting on another account, or the account's own holder. */
export type LastAdminRefusal = 'errors.admin.lastAdmin' | 'errors.user.lastAdmin'

/**
 * Deactivates an account and ends its sessions, unless it is the last active admin: then nothing
 * changes and the refusal is thrown (409). Every way out of the active admins (an admin's
 * deactivation or deletion of another account, deleting one's own) goes through here, so there
 * is always one left. The check and the change share one transaction: on PostgreSQL it holds
 * every active admin's row first; on SQLite its first statement is the write, so from then on it
 * is the only writer and the count after it is exact.
 */
export async function deactivateUnlessLastAdmin(
  database: DatabaseHandle,
  userId: string,
  refusal: LastAdminRefusal,
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    await lockActiveAdmins(trx, database.engine)
    const deactivated = await trx
      .updateTable('users')
      .set({ account_state: 'deactivated', updated_at: new Date().toISOString() })
      .where('id', '=', userId)
      .where('account_state', '=', 'active')
      .returning('is_admin')
      .executeTakeFirst()
    if (deactivated?.is_admin === 1) {
      const admins = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('is_admin', '=', 1)
        .where('account_state', '=', 'active')
        .executeTakeFirstOrThrow()
      if (Number(admins.count) === 0) throw conflict(refusal)
    }
    await revokeSessions(trx, userId)
  })
}
