import type { PlatformCadence } from '../../contract/imports.ts'
import type { Db } from '../db/database.ts'
import { createStampedCache } from '../db/stampedCache.ts'
import { nextTurn } from '../eventLoop.ts'
import {
  countIntervals,
  groupedBy,
  INTERVAL_FETCHES_READ,
  intervalMinutesOf,
  intervalQuantiles,
  intervalsSince,
  latestOf,
  type IntervalCounts,
} from './intervals.ts'
import { userAgentFamily } from './userAgentFamily.ts'

/** Fewer pooled intervals than this give a platform no median or p95. */
export const CADENCE_MIN_INTERVALS = 3
/** How long a measure is answered again: a platform's habit does not change within minutes. */
export const CADENCE_CACHE_MS = 5 * 60_000
/** Feeds read at once: at most INTERVAL_FETCHES_READ rows each, then a turn of the event loop. */
export const CADENCE_FEED_BATCH = 50
/** The User-Agent families listed per platform, the most fetches first. */
export const CADENCE_FAMILIES = 8

type Tally = {
  intervals: IntervalCounts
  feeds: number
  accounts: Set<string>
  families: Map<string, number>
}

/**
 * Each platform's measured import interval across every account (docs/decisions.md, "Each
 * platform's measured import interval"): the platforms' feeds a batch at a time, each feed's
 * latest INTERVAL_FETCHES_READ fetches of the last week as its intervals, pooled per platform, and
 * the same fetches counted by User-Agent family: however often a platform polls, a feed costs at
 * most that many rows. Measured at most once per CADENCE_CACHE_MS; callers meanwhile share the
 * last measure, or the one under way.
 */
export function createPlatformCadence({ db, clock }: { db: Db; clock: () => Date }) {
  const cached = createStampedCache<PlatformCadence[]>({
    maxBytes: 1_000_000,
    sizeOf: (answer) => JSON.stringify(answer).length,
  })

  async function measure(): Promise<PlatformCadence[]> {
    const since = intervalsSince(clock())
    const tallies = new Map<string, Tally>()
    const tallyOf = (platformName: string) => {
      let tally = tallies.get(platformName)
      if (!tally) {
        tally = { intervals: new Map(), feeds: 0, accounts: new Set(), families: new Map() }
        tallies.set(platformName, tally)
      }
      return tally
    }
    // A platform's fetcher sends one User-Agent thousands of times: each is reduced once.
    const families = new Map<string, string>()
    const familyOf = (userAgent: string) => {
      let family = families.get(userAgent)
      if (family === undefined) families.set(userAgent, (family = userAgentFamily(userAgent)))
      return family
    }
    let after = ''
    for (;;) {
      await nextTurn()
      const feeds = await db
        .selectFrom('platform_feeds')
        .innerJoin('properties', 'properties.id', 'platform_feeds.property_id')
        .select(['platform_feeds.id', 'platform_feeds.platform_name', 'properties.owner_id'])
        .where('platform_feeds.id', '>', after)
        .orderBy('platform_feeds.id')
        .limit(CADENCE_FEED_BATCH)
        .execute()
      if (feeds.length === 0) break
      after = feeds.at(-1)!.id
      const recentOf = groupedBy(
        await latestOf(
          db,
          'feed_fetches',
          feeds.map((feed) => feed.id),
          INTERVAL_FETCHES_READ,
        ),
        (row) => row.feed_id,
      )
      for (const feed of feeds) {
        const week = (recentOf.get(feed.id) ?? []).filter((row) => row.fetched_at >= since)
        if (week.length === 0) continue
        const tally = tallyOf(feed.platform_name)
        for (const row of week) {
          const family = familyOf(row.user_agent)
          tally.families.set(family, (tally.families.get(family) ?? 0) + 1)
        }
        if (week.length < 2) continue
        countIntervals(tally.intervals, intervalMinutesOf(week.map((row) => row.fetched_at)))
        tally.feeds += 1
        tally.accounts.add(feed.owner_id)
      }
    }
    return [...tallies]
      .map(([platformName, tally]) => ({
        platformName,
        ...intervalQuantiles(tally.intervals, CADENCE_MIN_INTERVALS),
        feedsCounted: tally.feeds,
        accountsCounted: tally.accounts.size,
        userAgentFamilies: [...tally.families]
          .map(([family, fetches]) => ({ family, fetches }))
          .sort((a, b) => b.fetches - a.fetches || a.family.localeCompare(b.family))
          .slice(0, CADENCE_FAMILIES),
      }))
      .sort((a, b) => b.feedsCounted - a.feedsCounted || a.platformName.localeCompare(b.platformName))
  }

  /** The platforms fetched in the last week, the most feeds measured first. */
  return () => cached('platforms', String(Math.floor(clock().getTime() / CADENCE_CACHE_MS)), measure)
}
