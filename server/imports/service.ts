import type { z } from 'zod'
import type { ImportFigures } from '../../contract/imports.ts'
import { addDays, type DateOnly } from '../../src/domain/dates.ts'
import { intersect, nightCount, runsOf, subtract, union } from '../../src/domain/nightRuns.ts'
import { todayIn } from '../../src/domain/timeZones.ts'
import type { Stay } from '../../src/domain/bookings.ts'
import type { Db } from '../db/database.ts'
import { managedBy, type Reader } from '../team/access.ts'
import { createStampedCache } from '../db/stampedCache.ts'
import { servedHorizon } from '../calendar/served.ts'
import {
  countIntervals,
  groupedBy,
  INTERVAL_FETCHES_READ,
  intervalMinutesOf,
  intervalQuantiles,
  intervalsSince,
  latestOf,
  leavesIntervalsAt,
} from './intervals.ts'
import { createPlatformCadence } from './platformCadence.ts'
import { takenStaysOf, takesFrom } from '../calendar/feeds.ts'
import { ownRowParts } from '../sync/ownNights.ts'
import { calendarPageOf } from '../../src/domain/platformAdapters.ts'
import { textOrder } from '../../src/domain/textOrder.ts'

type ImportFigures = z.infer<typeof ImportFigures>
type AtRiskRun = ImportFigures['atRisk'][number]

/** Fewer fetches than this give no interval. */
const INTERVAL_FETCHES = 3

type Feed = {
  id: string
  property_id: string
  platform_name: string
  at_risk_acknowledged_at: string | null
  /** When its present address was first shown (null on feeds from before it was kept). */
  link_since: string | null
  created_at: string
  /** Bumped by every write to its record of fetches (migration 0034). */
  fetches_version: number
}

/** What a feed's record of fetches says. */
type FetchFigures = Omit<ImportFigures, 'atRisk' | 'calendarPage'>
/** A feed's figures, the version of its record they were read at, and until when they hold. */
type KeptFigures = { version: number; figures: FetchFigures; until: number }
/** Feeds whose figures are kept: about 200 bytes each. */
const KEPT_FEEDS = 50_000

const HOUR_MS = 3_600_000
/** A platform that imported a link is silent once it has not for this long (docs/product.md). */
export const silenceAfterMs = (figures: Pick<ImportFigures, 'medianIntervalMinutes'>) =>
  Math.max(24 * HOUR_MS, 4 * (figures.medianIntervalMinutes ?? 0) * 60_000)

/** A feed's median and p95 interval over these fetch times, oldest first. */
const intervalsOf = (times: readonly string[]) =>
  intervalQuantiles(countIntervals(new Map(), intervalMinutesOf(times)), INTERVAL_FETCHES - 1)

/** A stay that holds nights of its property: its own runs of nights, and since when it holds them. */
type HeldStay = {
  source: string | null
  kind: string
  since: string
  nights: Stay[]
}

/** Each property's stays from `heldFrom` on, the earliest taken first. */
type HeldStays = ReadonlyMap<string, readonly HeldStay[]>

/** Nights from the properties' today on: none ends before yesterday anywhere on Earth. */
const heldFrom = (now: Date) => addDays(now.toISOString().slice(0, 10), -1)

/**
 * The stays of these properties that end after `from`, as the echo rule leaves their own nights;
 * the earliest taken first, so that a night two stays hold is dated by the first. They depend on
 * the properties' stays alone, which move their owner's data version: a reader's are kept under
 * the stamp of their data (server/team/access.ts), while what each platform was served, which
 * every fetch may change, is read each time.
 */
async function heldStaysOf(db: Db, propertyIds: readonly string[], from: DateOnly): Promise<HeldStays> {
  const stays = propertyIds.length === 0 ? [] : await takenStaysOf(db, propertyIds, from)
  const held = new Map<string, HeldStay[]>()
  for (const [propertyId, ofProperty] of groupedBy(stays, (stay) => stay.property_id))
    held.set(
      propertyId,
      ofProperty
        .map((stay) => ({
          source: stay.source,
          kind: stay.kind,
          since: stay.taken_at ?? stay.first_seen_at,
          nights: runsOf(ownRowParts(stay).map((part) => ({ start: part.start_date, end: part.end_date }))),
        }))
        .sort((a, b) => textOrder(a.since, b.since)),
    )
  return held
}

/** About what held stays weigh in memory: a stay's fields and its runs. */
const heldBytes = (held: HeldStays) => {
  let bytes = 0
  for (const stays of held.values()) for (const stay of stays) bytes += 160 + 80 * stay.nights.length
  return bytes
}

/**
 * How each platform imports Manzil's availability feeds, and what it has not been served yet
 * (docs/decisions.md, "Imports measured").
 */
export function createImportService({ db, clock }: { db: Db; clock: () => Date }) {
  // A portfolio at the quota holds some 5,000 stays from today on, about 1 MB kept.
  const heldCache = createStampedCache<HeldStays>({ maxBytes: 16 << 20, sizeOf: heldBytes })

  /**
   * What each feed's record of fetches says, kept under the record's version (migration 0034): at
   * 500 properties a platform fetches a link every second or two, and reading 1,000 feeds' latest
   * hundred fetches took 250 ms of SQLite at every answer, where a minute's new fetches are a few
   * dozen feeds'. A feed's figures also change when the oldest fetch of its week leaves the week.
   */
  const keptFigures = new Map<string, KeptFigures>()

  /** Each feed's latest fetch and its intervals over the last week, read anew where they changed. */
  async function fetchFiguresOf(feeds: readonly Pick<Feed, 'id' | 'fetches_version'>[]) {
    const now = clock()
    const figures = new Map<string, FetchFigures>()
    const changed: Pick<Feed, 'id' | 'fetches_version'>[] = []
    for (const feed of feeds) {
      const kept = keptFigures.get(feed.id)
      if (kept && kept.version === feed.fetches_version && now.getTime() < kept.until)
        figures.set(feed.id, kept.figures)
      else changed.push(feed)
    }
    if (changed.length === 0) return figures
    const feedIds = changed.map((feed) => feed.id)
    const since = intervalsSince(now)
    // The latest fetches of each feed, however old: the last week's give the intervals, and the
    // latest says when, even for a feed last fetched a fortnight ago.
    const recent = await latestOf(db, 'feed_fetches', feedIds, INTERVAL_FETCHES_READ)
    // A feed with no fetch left as a row may have one rolled up: its latest day says when.
    const days = await latestOf(db, 'feed_fetch_days', feedIds, 1)
    const recentOf = groupedBy(recent, (row) => row.feed_id)
    const daysOf = groupedBy(days, (row) => row.feed_id)
    for (const feed of changed) {
      const fetches = recentOf.get(feed.id) ?? []
      const latest = fetches.at(-1) ?? daysOf.get(feed.id)?.at(-1)
      const week = fetches.filter((row) => row.fetched_at >= since).map((row) => row.fetched_at)
      const read = {
        lastFetchedAt: latest?.fetched_at ?? null,
        lastUserAgent: latest?.user_agent ?? null,
        ...intervalsOf(week),
      }
      figures.set(feed.id, read)
      // A version read before the fetches can only be older than they are: kept under it, they
      // are read again at the next answer.
      keptFigures.delete(feed.id)
      keptFigures.set(feed.id, {
        version: feed.fetches_version,
        figures: read,
        until: week.length === 0 ? Infinity : leavesIntervalsAt(week[0]!),
      })
    }
    // The feeds kept longest without a change go first.
    for (const feedId of keptFigures.keys()) {
      if (keptFigures.size <= KEPT_FEEDS) break
      keptFigures.delete(feedId)
    }
    return figures
  }

  /**
   * For each feed, the nights from the property's today to the horizon that its feed serves as
   * taken now but that the platform's latest fetch was not served: sold or closed elsewhere since
   * it last imported. Each run is dated by when the stay that holds it took its nights, which
   * lasts while they are at risk (docs/decisions.md, "Imports measured").
   */
  async function atRiskOf(feeds: readonly Feed[], held: HeldStays) {
    const propertyIds = [...new Set(feeds.map((feed) => feed.property_id))]
    const now = clock()
    const horizon = servedHorizon(now)
    const [zones, served] = await Promise.all([
      propertyIds.length === 0
        ? []
        : db.selectFrom('properties').select(['id', 'time_zone']).where('id', 'in', propertyIds).execute(),
      feeds.length === 0
        ? []
        : db
            .selectFrom('feed_served')
            .select(['feed_id', 'start_night', 'end_night'])
            .where(
              'feed_id',
              'in',
              feeds.map((feed) => feed.id),
            )
            .where('served_until', 'is', null)
            .execute(),
    ])
    const servedOf = groupedBy(served, (row) => row.feed_id)
    const todayOf = new Map(zones.map((row) => [row.id, todayIn(row.time_zone, now)]))
    const atRisk = new Map<string, { all: AtRiskRun[]; sales: AtRiskRun[] }>()
    for (const feed of feeds) {
      const window = [
        { start: todayOf.get(feed.property_id) ?? now.toISOString().slice(0, 10), end: horizon },
      ]
      const servedRuns = runsOf(
        (servedOf.get(feed.id) ?? []).map((row) => ({ start: row.start_night, end: row.end_night })),
      )
      const holding = (held.get(feed.property_id) ?? []).filter((stay) => takesFrom(stay, feed.platform_name))
      const missingOf = (stays: readonly HeldStay[]) => {
        let told: Stay[] = []
        const runs: AtRiskRun[] = []
        for (const { nights: own, since } of stays) {
          const nights = intersect(own, window)
          const missing = subtract(subtract(nights, servedRuns), told)
          const acknowledged = feed.at_risk_acknowledged_at !== null && since <= feed.at_risk_acknowledged_at
          runs.push(...missing.map((run) => ({ ...run, since, acknowledged })))
          told = union(told, missing)
        }
        return runs.sort((a, b) => textOrder(a.start, b.start))
      }
      atRisk.set(feed.id, {
        all: missingOf(holding),
        // Sales alone alarm, each night dated by the earliest sale holding it (docs/product.md
        // §12.5): a host's or a platform's block is marked, never alarmed.
        sales: missingOf(holding.filter((stay) => stay.kind === 'booking')),
      })
    }
    return atRisk
  }

  const feedsOf = (propertyIds: readonly string[]) =>
    propertyIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('platform_feeds')
          .select([
            'id',
            'property_id',
            'platform_name',
            'at_risk_acknowledged_at',
            'link_since',
            'created_at',
            'fetches_version',
          ])
          .where('property_id', 'in', propertyIds)
          // A platform whose link was removed is judged no more: its alarms end (alarms.ts).
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('external_calendars')
                .select('external_calendars.id')
                .whereRef('external_calendars.property_id', '=', 'platform_feeds.property_id')
                .whereRef('external_calendars.platform_name', '=', 'platform_feeds.platform_name'),
            ),
          )
          .execute()

  /** Where the host closes each platform's nights by hand, by property and platform, when known. */
  async function calendarPagesOf(propertyIds: readonly string[]) {
    const links =
      propertyIds.length === 0
        ? []
        : await db
            .selectFrom('external_calendars')
            .select(['property_id', 'platform_name', 'url'])
            .where('property_id', 'in', propertyIds)
            .execute()
    return new Map(
      links.map((link) => [
        `${link.property_id}\n${link.platform_name}`,
        calendarPageOf(link.platform_name, link.url),
      ]),
    )
  }

  /**
   * Each platform feed of these properties with its figures; only linked platforms have one. The
   * stays they hold are read unless `held` gives them.
   */
  async function figuresOf(propertyIds: readonly string[], held?: HeldStays) {
    const feeds = await feedsOf(propertyIds)
    const [fetches, atRisk, pages] = await Promise.all([
      fetchFiguresOf(feeds),
      Promise.resolve(held ?? heldStaysOf(db, propertyIds, heldFrom(clock()))).then((stays) =>
        atRiskOf(feeds, stays),
      ),
      calendarPagesOf(propertyIds),
    ])
    return feeds.map((feed) => ({
      ...feed,
      ...fetches.get(feed.id)!,
      atRisk: atRisk.get(feed.id)!.all,
      /** The nights of `atRisk` that sales took (bookings of any platform, or manual ones). */
      salesAtRisk: atRisk.get(feed.id)!.sales,
      calendarPage: pages.get(`${feed.property_id}\n${feed.platform_name}`) ?? null,
    }))
  }

  /**
   * The host's exposure: per property and platform, the nights at risk and since when; the total
   * counts a night at risk on several platforms once; `silent` lists the links a platform used to
   * import and has not for longer than max(24 h, 4 times its median interval).
   */
  async function exposure(reader: Reader) {
    const properties = await db
      .selectFrom('properties')
      .select(['id', 'name'])
      .where(managedBy(db, reader.id))
      .orderBy('created_at')
      .execute()
    const propertyIds = properties.map((property) => property.id)
    const from = heldFrom(clock())
    const held = await heldCache(reader.id, `${reader.stamp}:${from}`, () =>
      heldStaysOf(db, propertyIds, from),
    )
    const figures = await figuresOf(propertyIds, held)
    const feedsOfProperty = groupedBy(figures, (feed) => feed.property_id)
    const now = clock().getTime()
    let nightsAtRisk = 0
    const summaries = properties.flatMap((property) => {
      const feeds = feedsOfProperty.get(property.id) ?? []
      if (feeds.length === 0) return []
      nightsAtRisk += nightCount(runsOf(feeds.flatMap((feed) => feed.atRisk)))
      return [
        {
          propertyId: property.id,
          propertyName: property.name,
          platforms: feeds.map((feed) => ({
            platformName: feed.platform_name,
            nightsAtRisk: nightCount(feed.atRisk),
            oldestSince: feed.atRisk.map((run) => run.since).sort()[0] ?? null,
            lastFetchedAt: feed.lastFetchedAt,
            medianIntervalMinutes: feed.medianIntervalMinutes,
            atRisk: feed.atRisk,
            calendarPage: feed.calendarPage,
          })),
        },
      ]
    })
    const silent = figures
      .filter(
        (feed) => feed.lastFetchedAt !== null && now - Date.parse(feed.lastFetchedAt) > silenceAfterMs(feed),
      )
      .map((feed) => ({
        propertyId: feed.property_id,
        platformName: feed.platform_name,
        lastFetchedAt: feed.lastFetchedAt!,
      }))
    return { nightsAtRisk, properties: summaries, silent }
  }

  return {
    exposure,
    /**
     * Records that the host closed by hand, on the platform, the nights at risk there now: they
     * stay marked, acknowledged, until its next import; nights at risk later are not.
     */
    async acknowledge(propertyId: string, platformName: string): Promise<boolean> {
      const result = await db
        .updateTable('platform_feeds')
        .set({ at_risk_acknowledged_at: clock().toISOString() })
        .where('property_id', '=', propertyId)
        .where('platform_name', '=', platformName)
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },
    /** A property's figures by platform name. */
    async ofProperty(propertyId: string): Promise<Map<string, ImportFigures>> {
      const figures = await figuresOf([propertyId])
      return new Map(
        figures.map(
          ({
            platform_name,
            lastFetchedAt,
            lastUserAgent,
            medianIntervalMinutes,
            p95IntervalMinutes,
            atRisk,
            calendarPage,
          }) => [
            platform_name,
            { lastFetchedAt, lastUserAgent, medianIntervalMinutes, p95IntervalMinutes, atRisk, calendarPage },
          ],
        ),
      )
    },
    figuresOf,
    /** Each platform's import interval measured across every account: admins only. */
    platformCadence: createPlatformCadence({ db, clock }),
  }
}

export type ImportService = ReturnType<typeof createImportService>
