import { sql } from 'kysely'
import type { Db } from '../db/database.ts'
import { FETCH_TABLES } from './rollup.ts'

/** The fetches an import interval is read from: the last week's. */
export const INTERVAL_DAYS = 7
/**
 * The latest fetches of a feed an interval is read from: a platform polling each minute has
 * 10,080 a week, one importing every 2 hours 84; a hundred tell its habit either way.
 */
export const INTERVAL_FETCHES_READ = 100

const INTERVAL_MS = INTERVAL_DAYS * 86_400_000

/** The moment the last week's fetches start from. */
export const intervalsSince = (now: Date) => new Date(now.getTime() - INTERVAL_MS).toISOString()

/** When a fetch at `time` (ISO 8601) leaves the last week's. */
export const leavesIntervalsAt = (time: string) => Date.parse(time) + INTERVAL_MS

/** Minutes between consecutive fetches (oldest first), rounded to the minute the fetches are kept in. */
export const intervalMinutesOf = (times: readonly string[]): number[] =>
  times.slice(1).map((time, index) => Math.round((Date.parse(time) - Date.parse(times[index]!)) / 60_000))

/** How many intervals of each length in minutes: a week of any platform's fits in 10,080 keys. */
export type IntervalCounts = Map<number, number>

/** Adds intervals to their counts, pooled with those already there. */
export function countIntervals(counts: IntervalCounts, minutes: readonly number[]): IntervalCounts {
  for (const interval of minutes) counts.set(interval, (counts.get(interval) ?? 0) + 1)
  return counts
}

/**
 * The median and 95th percentile of the counted intervals by nearest rank (the least interval
 * that at least that share of them does not exceed); both null under `minimum` intervals.
 */
export function intervalQuantiles(counts: IntervalCounts, minimum: number) {
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0)
  if (total < minimum || total === 0) return { medianIntervalMinutes: null, p95IntervalMinutes: null }
  const lengths = [...counts.keys()].sort((a, b) => a - b)
  const rank = (share: number) => {
    const wanted = Math.ceil(share * total)
    let seen = 0
    for (const length of lengths) {
      seen += counts.get(length)!
      if (seen >= wanted) return length
    }
    return lengths.at(-1)!
  }
  return { medianIntervalMinutes: rank(0.5), p95IntervalMinutes: rank(0.95) }
}

/**
 * Feeds whose latest rows one query reads: each is a subquery of a UNION ALL, and SQLite allows
 * 500 terms in a compound select.
 */
const LATEST_FEEDS_A_QUERY = 100

/**
 * The `count` latest rows of each feed in a table of fetches, oldest first: when (a day's roll-up
 * by its last fetch) and by which User-Agent. Each feed's rows are its own index range cut at
 * `count`, so a feed polled every minute (20,160 rows in 14 days) costs what one polled hourly does.
 */
export async function latestOf(
  db: Db,
  table: keyof typeof FETCH_TABLES,
  feedIds: readonly string[],
  count: number,
) {
  const at = sql.ref(table === 'feed_fetches' ? 'fetched_at' : 'last_at')
  const key = sql.ref(FETCH_TABLES[table])
  const rows: { feed_id: string; fetched_at: string; user_agent: string }[] = []
  for (let from = 0; from < feedIds.length; from += LATEST_FEEDS_A_QUERY) {
    const latest = feedIds.slice(from, from + LATEST_FEEDS_A_QUERY).map(
      (feedId, index) => sql`select * from (
        select feed_id, ${at} as fetched_at, user_agent from ${sql.table(table)}
        where feed_id = ${feedId} order by ${key} desc limit ${count}
      ) as ${sql.ref(`feed_${index}`)}`,
    )
    const result = await sql<(typeof rows)[number]>`
      select * from (${sql.join(latest, sql` union all `)}) as latest order by feed_id, fetched_at`.execute(
      db,
    )
    rows.push(...result.rows)
  }
  return rows
}

/** Each item's group under a key of its own, in the items' order. */
export function groupedBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const group = groups.get(keyOf(item))
    if (group) group.push(item)
    else groups.set(keyOf(item), [item])
  }
  return groups
}
