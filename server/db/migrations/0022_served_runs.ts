import type { Kysely, Migration } from 'kysely'
import { runsOfNights } from '../../../src/domain/echoNights.ts'

/**
 * `feed_served` keeps runs of nights instead of nights: each row is a span of time in which a
 * platform's fetches of its availability feed were served the nights `start_night` to
 * `end_night` (exclusive) as taken. A stay to the horizon is one row, not one per night
 * (docs/decisions.md, "The echo rule"). Each night row becomes part of a run of the nights that
 * share its feed and span.
 */

type NightRow = { feed_id: string; night: string; served_from: string; served_until: string | null }

/** A feed's night rows as runs: nights served through the same span of time, merged. */
export function servedRunsOf(nights: readonly NightRow[]) {
  const spans = new Map<string, NightRow[]>()
  for (const row of nights) {
    const key = JSON.stringify([row.feed_id, row.served_from, row.served_until])
    const span = spans.get(key)
    if (span) span.push(row)
    else spans.set(key, [row])
  }
  return [...spans.values()].flatMap((span) =>
    runsOfNights(span.map((row) => row.night)).map((run) => ({
      feed_id: span[0]!.feed_id,
      start_night: run.start,
      end_night: run.end,
      served_from: span[0]!.served_from,
      served_until: span[0]!.served_until,
    })),
  )
}

/** Rows per insert (5 parameters each). */
const INSERT_BATCH = 200

export const servedRuns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('feed_served_runs')
      .addColumn('feed_id', 'text', (c) => c.notNull().references('platform_feeds.id').onDelete('cascade'))
      .addColumn('start_night', 'text', (c) => c.notNull())
      .addColumn('end_night', 'text', (c) => c.notNull())
      .addColumn('served_from', 'text', (c) => c.notNull())
      .addColumn('served_until', 'text')
      .addPrimaryKeyConstraint('feed_served_run', ['feed_id', 'start_night', 'served_from'])
      .execute()
    const typed = db as Kysely<{ feed_served: NightRow; platform_feeds: { id: string } }>
    const feeds = await typed.selectFrom('platform_feeds').select('id').execute()
    for (const { id } of feeds) {
      const nights = await typed.selectFrom('feed_served').selectAll().where('feed_id', '=', id).execute()
      const rows = servedRunsOf(nights)
      for (let from = 0; from < rows.length; from += INSERT_BATCH)
        await (db as Kysely<{ feed_served_runs: (typeof rows)[number] }>)
          .insertInto('feed_served_runs')
          .values(rows.slice(from, from + INSERT_BATCH))
          .execute()
    }
    await db.schema.dropTable('feed_served').execute()
    await db.schema.alterTable('feed_served_runs').renameTo('feed_served').execute()
  },
}
