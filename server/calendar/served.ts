import type { Stay } from '../../src/domain/bookings.ts'
import { addDays, type DateOnly } from '../../src/domain/dates.ts'
import { intersect, runsOf, subtract } from '../../src/domain/nightRuns.ts'
import type { Db } from '../db/database.ts'
import { writeTransaction } from '../db/errors.ts'
import { stayHorizon } from '../sync/budgets.ts'

/**
 * What each platform's fetches of its availability feed were served, in time: the echo rule
 * judges a platform's block against it (docs/decisions.md, "The echo rule").
 */

/**
 * An availability feed's runs as a fetch was served them, and the hash that names them (kept on
 * the feed, so a fetch of an unchanged feed writes nothing).
 */
export type Served = { feedId: string; runs: readonly Stay[]; hash: string }

/** Rows per statement when recording what a fetch was served (5 parameters each). */
const SERVED_BATCH = 200

/**
 * How long a span that ended is kept: four times the longest interval at which a platform
 * imports (Vrbo's 12 hours). A judgement needs only the spans around the moment a sync began,
 * minutes ago at most; the margin keeps a day or two of history to read when a host asks why.
 */
export const SERVED_HISTORY_MS = 48 * 3600_000

/**
 * Nights this long past are forgotten: a block's judgement on them stays as it was made, and a
 * feed's first import does not judge stays over by then (docs/decisions.md, "The echo rule").
 */
export const SERVED_PAST_DAYS = 31

/** How far ahead of today the horizon of nights served is taken (see `servedHorizon`). */
const SERVED_AHEAD_DAYS = 31

/**
 * The first night an availability feed fetched at `now` lists or is recorded as serving: the
 * horizon of stays kept (budgets.ts) as it will be a month on. Stays are read no further, so a
 * night past it is never judged; and when the horizon moves at the new year, the nights it
 * reaches were recorded by the platform's fetches of December, before any stay holds them.
 */
export const servedHorizon = (now: Date): DateOnly =>
  stayHorizon(addDays(now.toISOString().slice(0, 10), SERVED_AHEAD_DAYS))

/** A row of `feed_served`: nights served as taken through one span of time. */
type ServedSpan = { start: DateOnly; end: DateOnly; servedFrom: string; servedUntil: string | null }

/**
 * Records that the platform's fetch at `now` was served `served`: nights newly taken start a span,
 * nights no longer taken end theirs. Spans are kept in runs of nights, so a stay to the horizon
 * is one row however long; and only the nights the echo rule may judge, from a month past to the
 * horizon. Only when the runs differ from the latest fetch's; one conditional write of the hash
 * decides which of two processes serving the same change records it. Spans that ended long ago
 * and runs long past are pruned then.
 */
export async function recordServed(db: Db, served: Served, previousHash: string | null, now: Date) {
  const at = now.toISOString()
  const pastBefore = addDays(at.slice(0, 10), -SERVED_PAST_DAYS)
  await writeTransaction(db, async (trx) => {
    const claimed = await trx
      .updateTable('platform_feeds')
      .set({ served_hash: served.hash })
      .where('id', '=', served.feedId)
      .where((eb) =>
        previousHash === null ? eb('served_hash', 'is', null) : eb('served_hash', '=', previousHash),
      )
      .executeTakeFirst()
    if (claimed.numUpdatedRows === 0n) return
    await trx
      .deleteFrom('feed_served')
      .where('feed_id', '=', served.feedId)
      .where((eb) =>
        eb.or([
          eb('end_night', '<=', pastBefore),
          eb('served_until', '<', new Date(now.getTime() - SERVED_HISTORY_MS).toISOString()),
        ]),
      )
      .execute()
    const open = await trx
      .selectFrom('feed_served')
      .select(['start_night', 'end_night', 'served_from'])
      .where('feed_id', '=', served.feedId)
      .where('served_until', 'is', null)
      .orderBy('start_night')
      .execute()
    const taken = intersect(runsOf(served.runs), [{ start: pastBefore, end: servedHorizon(now) }])
    const wasTaken = open.map((row) => ({ start: row.start_night, end: row.end_night }))
    const freed = subtract(wasTaken, taken)
    // A span part of whose nights were freed ends for those; the rest stay open from when they
    // were first served, as rows of their own.
    const ending = open.filter(
      (row) => intersect([{ start: row.start_night, end: row.end_night }], freed).length > 0,
    )
    const rewritten: ServedSpan[] = ending.flatMap((row) => {
      const nights = [{ start: row.start_night, end: row.end_night }]
      const servedFrom = row.served_from
      return [
        ...intersect(nights, freed).map((run) => ({ ...run, servedFrom, servedUntil: at })),
        ...subtract(nights, freed).map((run) => ({ ...run, servedFrom, servedUntil: null })),
      ]
    })
    const started = subtract(taken, wasTaken).map((run) => ({ ...run, servedFrom: at, servedUntil: null }))
    // Open spans never share a night, so the first names each.
    const endingStarts = ending.map((row) => row.start_night)
    for (let from = 0; from < endingStarts.length; from += SERVED_BATCH)
      await trx
        .deleteFrom('feed_served')
        .where('feed_id', '=', served.feedId)
        .where('served_until', 'is', null)
        .where('start_night', 'in', endingStarts.slice(from, from + SERVED_BATCH))
        .execute()
    const rows = [...rewritten, ...started].map((span) => ({
      feed_id: served.feedId,
      start_night: span.start,
      end_night: span.end,
      served_from: span.servedFrom,
      served_until: span.servedUntil,
    }))
    for (let from = 0; from < rows.length; from += SERVED_BATCH)
      await trx
        .insertInto('feed_served')
        .values(rows.slice(from, from + SERVED_BATCH))
        .onConflict((conflict) => conflict.columns(['feed_id', 'start_night', 'served_from']).doNothing())
        .execute()
  })
}

/**
 * The nights in `range`, as runs, that the platform's latest fetch before `at` of the property's
 * availability feed was served as taken (none when it never fetched it).
 */
export async function nightsServedAt(
  db: Db,
  feed: { propertyId: string; platformName: string },
  range: Stay,
  at: string,
): Promise<Stay[]> {
  const rows = await db
    .selectFrom('feed_served')
    .innerJoin('platform_feeds', 'platform_feeds.id', 'feed_served.feed_id')
    .select(['feed_served.start_night', 'feed_served.end_night'])
    .where('platform_feeds.property_id', '=', feed.propertyId)
    .where('platform_feeds.platform_name', '=', feed.platformName)
    .where('feed_served.start_night', '<', range.end)
    .where('feed_served.end_night', '>', range.start)
    .where('feed_served.served_from', '<', at)
    .where((eb) =>
      eb.or([eb('feed_served.served_until', 'is', null), eb('feed_served.served_until', '>', at)]),
    )
    .execute()
  return intersect(runsOf(rows.map((row) => ({ start: row.start_night, end: row.end_night }))), [range])
}
