import type { DeleteResult, Transaction } from 'kysely'
import type { Db } from './database.ts'
import { writeTransaction } from './errors.ts'
import type { Database } from './schema.ts'
import { nextTurn } from '../eventLoop.ts'

/**
 * How much one batch deletes. SQLite runs a statement on the event loop, and a transaction's
 * awaits never let the loop turn by themselves, so a batch holds the loop for its whole time:
 * each should stay within about 5 ms. A stay costs 50 to 150 µs of CPU (its data-version
 * trigger, the conflicts announced with it: measured by `npm run bench:deletion`), a plain row (a
 * served night, a notification) about 5 µs. A property takes its photos, links and platform feeds
 * with it, its stays and nights gone first.
 */
export const DELETE_BATCH = { stays: 50, rows: 500, properties: 20 } as const

/**
 * Deletes a batch at a time until a batch deletes fewer than `size` rows. Each batch is its own
 * short write transaction after a turn of the event loop, so a delete of any size never holds
 * the SQLite connection or a PostgreSQL transaction for long. `batch` deletes at most `size` rows.
 */
export async function deleteInBatches(
  db: Db,
  size: number,
  batch: (trx: Transaction<Database>, size: number) => Promise<DeleteResult>,
): Promise<void> {
  for (;;) {
    await nextTurn()
    const { numDeletedRows } = await writeTransaction(db, (trx) => batch(trx, size))
    if (numDeletedRows < BigInt(size)) return
  }
}
