import type { SelectQueryBuilder, Transaction } from 'kysely'
import type { Db } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import { DELETE_BATCH, deleteInBatches } from '../db/batchedDelete.ts'
import { MAX_STAYS } from './budgets.ts'
import { RESTORE_WITHIN_MS } from './store.ts'

/**
 * How long a cancelled stay is kept: past the RESTORE_WITHIN_MS in which it can come back, with
 * a day to spare for the retention job's round. A cancelled stay counts for nothing in the
 * statistics and shows nowhere, and its notices carry their own copy of it, so nothing reads it
 * after that. Stays that are over but not cancelled are the host's record (statistics of any
 * period read them) and are kept.
 */
export const CANCELLED_KEPT_MS = RESTORE_WITHIN_MS + 24 * 3600_000

/**
 * Deletes the stays cancelled longer than CANCELLED_KEPT_MS before `now`, oldest first, a batch
 * at a time (their announced conflicts go with them), through the partial index on
 * `cancelled_at`.
 */
export async function pruneCancelledStays(db: Db, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - CANCELLED_KEPT_MS).toISOString()
  await deleteStaysBatched(db, (trx, size) =>
    trx
      .selectFrom('bookings')
      .select('id')
      .where('cancelled_at', '<', cutoff)
      .orderBy('cancelled_at')
      .limit(size),
  )
}

/** Deletes the stays `pick` names, at most `size` a batch, until a batch is short. */
const deleteStaysBatched = (
  db: Db,
  pick: (
    trx: Transaction<Database>,
    size: number,
  ) => SelectQueryBuilder<Database, 'bookings', { id: string }>,
) =>
  deleteInBatches(db, DELETE_BATCH.stays, (trx, size) =>
    trx.deleteFrom('bookings').where('id', 'in', pick(trx, size)).executeTakeFirstOrThrow(),
  )

/**
 * Cancelled stays a link keeps within CANCELLED_KEPT_MS: as many as its feed may list. A feed that
 * moves every stay at each fetch cancels them all each time; without this bound a link kept
 * 72 hours of its syncs, hundreds of thousands of rows. Only a stay that comes back can use a
 * cancelled row, and a link past this many cancellations restores none that matter.
 */
export const CANCELLED_KEPT_PER_LINK = MAX_STAYS

/**
 * Deletes, on each link holding more than CANCELLED_KEPT_PER_LINK cancelled stays, the oldest
 * cancelled beyond them, a batch at a time.
 */
export async function pruneCancelledSurplus(db: Db): Promise<void> {
  const crowded = await db
    .selectFrom('bookings')
    .select((eb) => ['calendar_id', eb.fn.countAll<number | string>().as('count')])
    .where('cancelled_at', 'is not', null)
    .where('calendar_id', 'is not', null)
    .groupBy('calendar_id')
    .having((eb) => eb.fn.countAll(), '>', CANCELLED_KEPT_PER_LINK)
    .execute()
  for (const { calendar_id: calendarId, count } of crowded) {
    let surplus = Number(count) - CANCELLED_KEPT_PER_LINK
    await deleteStaysBatched(db, (trx, size) => {
      const batch = Math.max(0, Math.min(size, surplus))
      surplus -= batch
      return trx
        .selectFrom('bookings')
        .select('id')
        .where('calendar_id', '=', calendarId)
        .where('cancelled_at', 'is not', null)
        .orderBy('cancelled_at')
        .orderBy('id')
        .limit(batch)
    })
  }
}
