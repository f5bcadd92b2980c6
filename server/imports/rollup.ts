import { sql, type RawBuilder } from 'kysely'
import { addDays } from '../../src/domain/dates.ts'
import type { Db } from '../db/database.ts'
import { DELETE_BATCH, deleteInBatches } from '../db/batchedDelete.ts'
import { writeTransaction } from '../db/errors.ts'
import { nextTurn } from '../eventLoop.ts'

/** Days a fetch is kept as its own row: a week's intervals, and a week before them to compare. */
export const FETCH_ROWS_DAYS = 14
/** Days a day's roll-up is kept: a year of a platform's habits, and the same month a year ago. */
export const FETCH_DAYS_KEPT = 400

/**
 * Rolls the fetches older than FETCH_ROWS_DAYS up into one row per feed and day, then deletes
 * the roll-ups older than FETCH_DAYS_KEPT. One feed's day at a time, each in a transaction of its
 * own after a turn of the event loop: a day is at most 1,440 rows. The rows a roll-up adds are
 * the ones it deleted, so two processes rolling up at once count each fetch once.
 */
export async function rollUpFetches(db: Db, now: Date): Promise<void> {
  const today = now.toISOString().slice(0, 10)
  const rowsBefore = addDays(today, -FETCH_ROWS_DAYS)
  for (;;) {
    await nextTurn()
    const oldest = await db
      .selectFrom('feed_fetches')
      .select(['feed_id', 'minute'])
      .where('minute', '<', rowsBefore)
      .orderBy('minute')
      .limit(1)
      .executeTakeFirst()
    if (!oldest) break
    const day = oldest.minute.slice(0, 10)
    await writeTransaction(db, async (trx) => {
      const rows = await trx
        .deleteFrom('feed_fetches')
        .where('feed_id', '=', oldest.feed_id)
        .where('minute', '>=', day)
        .where('minute', '<', addDays(day, 1))
        .returningAll()
        .execute()
      if (rows.length === 0) return
      rows.sort((a, b) => a.fetched_at.localeCompare(b.fetched_at))
      const rollUp = {
        feed_id: oldest.feed_id,
        day,
        fetches: rows.length,
        not_modified: rows.filter((row) => row.status === 304).length,
        bytes: rows.reduce((sum, row) => sum + Number(row.bytes), 0),
        first_at: rows[0]!.fetched_at,
        last_at: rows.at(-1)!.fetched_at,
        user_agent: rows.at(-1)!.user_agent,
      }
      await trx
        .insertInto('feed_fetch_days')
        .values(rollUp)
        .onConflict((conflict) =>
          conflict.columns(['feed_id', 'day']).doUpdateSet((eb) => ({
            fetches: eb('feed_fetch_days.fetches', '+', eb.ref('excluded.fetches')),
            not_modified: eb('feed_fetch_days.not_modified', '+', eb.ref('excluded.not_modified')),
            bytes: eb('feed_fetch_days.bytes', '+', eb.ref('excluded.bytes')),
            // A day rolled up in two passes: the second's fetches are the later ones.
            last_at: rollUp.last_at,
            user_agent: rollUp.user_agent,
          })),
        )
        .execute()
    })
  }
  await deleteFetchRows(db, 'feed_fetch_days', sql`day < ${addDays(today, -FETCH_DAYS_KEPT)}`)
}

/** A table of what platforms' fetches were, and the column that, with the feed, keys its rows. */
export const FETCH_TABLES = { feed_fetches: 'minute', feed_fetch_days: 'day' } as const

/** Deletes the rows of a table of fetches that `which` picks, a batch at a time. */
const deleteFetchRows = (db: Db, table: keyof typeof FETCH_TABLES, which: RawBuilder<unknown>) => {
  const rows = sql.table(table)
  const key = sql.ref(FETCH_TABLES[table])
  return deleteInBatches(db, DELETE_BATCH.rows, async (trx, size) => {
    const deleted = await sql`delete from ${rows} where (feed_id, ${key}) in
      (select feed_id, ${key} from ${rows} where ${which} limit ${size})`.execute(trx)
    return { numDeletedRows: deleted.numAffectedRows ?? 0n }
  })
}

/**
 * Deletes what was recorded of the fetches of these platform feeds, a batch at a time: a
 * deleted property's, or a feed whose token was rotated (its history was another URL's). Then
 * bumps their record's version (migration 0034), so figures read of the old record, even while
 * it was being deleted, are read anew.
 */
export async function forgetFetchesOf(db: Db, feedIds: readonly string[]): Promise<void> {
  if (feedIds.length === 0) return
  const ofFeeds = sql`feed_id in (${sql.join(feedIds)})`
  for (const table of Object.keys(FETCH_TABLES) as (keyof typeof FETCH_TABLES)[])
    await deleteFetchRows(db, table, ofFeeds)
  await db
    .updateTable('platform_feeds')
    .set((eb) => ({ fetches_version: eb('fetches_version', '+', 1) }))
    .where('id', 'in', feedIds)
    .execute()
}
