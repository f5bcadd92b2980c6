import type { Db } from '../db/database.ts'
import { DELETE_BATCH, deleteInBatches } from '../db/batchedDelete.ts'
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
  await deleteInBatches(db, DELETE_BATCH.stays, (trx, size) =>
    trx
      .deleteFrom('bookings')
      .where(
        'id',
        'in',
        trx
          .selectFrom('bookings')
          .select('id')
          .where('cancelled_at', '<', cutoff)
          .orderBy('cancelled_at')
          .limit(size),
      )
      .executeTakeFirstOrThrow(),
  )
}
