import type { Db, Engine } from './database.ts'

/**
 * Holds the rows of every active admin until the transaction ends, so two admins removing each
 * other at the same moment cannot both succeed and leave nobody in charge. PostgreSQL needs the
 * row locks (taken in id order, so two holders never deadlock); SQLite runs one write
 * transaction at a time, which is already enough.
 */
export async function lockActiveAdmins(trx: Db, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return
  await trx
    .selectFrom('users')
    .select('id')
    .where('is_admin', '=', 1)
    .where('account_state', '=', 'active')
    .orderBy('id')
    .forUpdate()
    .execute()
}

/**
 * Holds a property's row until the transaction ends, so two syncs of its calendars (in two
 * processes) take turns: each then sees the other's stays when it looks for new conflicts, and
 * a clash between two feeds that changed at the same moment is found by the later of the two.
 * SQLite's one writer already takes turns.
 */
export async function lockPropertyStays(trx: Db, engine: Engine, propertyId: string): Promise<void> {
  if (engine !== 'postgres') return
  await trx.selectFrom('properties').select('id').where('id', '=', propertyId).forUpdate().execute()
}
