import type { z } from 'zod'
import type { ImportFigures } from '../../contract/imports.ts'
import { addDays } from '../../src/domain/dates.ts'
import { intersect, nightCount, runsOf, subtract, union } from '../../src/domain/nightRuns.ts'
import { todayIn } from '../../src/domain/timeZones.ts'
import type { Stay } from '../../src/domain/bookings.ts'
import type { Db } from '../db/database.ts'
import { managedBy } from '../team/access.ts'
import { servedHorizon } from '../calendar/served.ts'
import {
  countIntervals,
  groupedBy,
  INTERVAL_FETCHES_READ,
  intervalMinutesOf,
  intervalQuantiles,
  intervalsSince,
  latestOf,
} from './intervals.ts'
import { createPlatformCadence } from './platformCadence.ts'
import { takenStaysOf, takesFrom } from '../calendar/feeds.ts'
import { ownRowParts } from '../sync/ownNights.ts'
import { calendarPageOf } from '../../src/domain/platformAdapters.ts'

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
}

const HOUR_MS = 3_600_000
/** A platform that imported a link is silent once it has not for this long (docs/product.md). */
export const silenceAfterMs = (figures: Pick<ImportFigures, 'medianIntervalMinutes'>) =>
  Math.max(24 * HOUR_MS, 4 * (figures.medianIntervalMinutes ?? 0) * 60_000)

/** A feed's median and p95 interval over these fetch times, oldest first. */
const intervalsOf = (times: readonly string[]) =>
  intervalQuantiles(countIntervals(new Map(), intervalMinutesOf(times)), INTERVAL_FETCHES - 1)

/**
 * How each platform imports Manzil's availability feeds, and what it has not been served yet
 * (docs/decisions.md, "Imports measured").
 */
export function createImportService({ db, clock }: { db: Db; clock: () => Date }) {
  /** Each feed's latest fetch and its intervals over the last week. */
  async function fetchFiguresOf(feedIds: readonly string[]) {
    const since = intervalsSince(clock())
    // The latest fetches of each feed, however old: the last week's give the intervals, and the
    // latest says when, even for a feed last fetched a fortnight ago.
    const recent = await latestOf(db, 'feed_fetches', feedIds, INTERVAL_FETCHES_READ)
    // A feed with no fetch left as a row may have one rolled up: its latest day says when.
    const days = await latestOf(db, 'feed_fetch_days', feedIds, 1)
    const recentOf = groupedBy(recent, (row) => row.feed_id)
    const daysOf = groupedBy(days, (row) => row.feed_id)
    const figures = new Map<string, Omit<ImportFigures, 'atRisk' | 'calendarPage'>>()
    for (const feedId of feedIds) {
      const fetches = recentOf.get(feedId) ?? []
      const latest = fetches.at(-1) ?? daysOf.get(feedId)?.at(-1)
      figures.set(feedId, {
        lastFetchedAt: latest?.fetched_at ?? null,
        lastUserAgent: latest?.user_agent ?? null,
        ...intervalsOf(fetches.filter((row) => row.fetched_at >= since).map((row) => row.fetched_at)),
      })
    }
    return figures
  }

  /**
   * For each feed, the nights from the property's today to the horizon that its feed serves as
   * taken now but that the platform's latest fetch was not served: sold or closed elsewhere since
   * it last imported. Each run is dated by when the stay that holds it took its nights, which
   * lasts while they are at risk (docs/decisions.md, "Imports measured").
   */
  async function atRiskOf(feeds: readonly Feed[]) {
    const propertyIds = [...new Set(feeds.map((feed) => feed.property_id))]
    const now = clock()
    const horizon = servedHorizon(now)
    const [stays, zones, served] = await Promise.all([
      // Nights from the properties' today on: none ends before yesterday anywhere on Earth.
      propertyIds.length === 0
        ? []
        : takenStaysOf(db, propertyIds, addDays(now.toISOString().slice(0, 10), -1)),
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
    const staysOf = groupedBy(stays, (stay) => stay.property_id)
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
      // The earliest taken first, so that a night two stays hold is dated by the first.
      const holding = (staysOf.get(feed.property_id) ?? [])
        .filter((stay) => takesFrom(stay, feed.platform_name))
        .map((stay) => ({ stay, since: stay.taken_at ?? stay.first_seen_at }))
        .sort((a, b) => a.since.localeCompare(b.since))
      const missingOf = (stays: typeof holding) => {
        let told: Stay[] = []
        const runs: AtRiskRun[] = []
        for (const { stay, since } of stays) {
          const nights = intersect(
            runsOf(ownRowParts(stay).map((part) => ({ start: part.start_date, end: part.end_date }))),
            window,
          )
          const missing = subtract(subtract(nights, servedRuns), told)
          const acknowledged = feed.at_risk_acknowledged_at !== null && since <= feed.at_risk_acknowledged_at
          runs.push(...missing.map((run) => ({ ...run, since, acknowledged })))
          told = union(told, missing)
        }
        return runs.sort((a, b) => a.start.localeCompare(b.start))
      }
      atRisk.set(feed.id, {
        all: missingOf(holding),
        // Sales alone alarm, each night dated by the earliest sale holding it (docs/product.md
        // §12.5): a host's or a platform's block is marked, never alarmed.
        sales: missingOf(holding.filter(({ stay }) => stay.kind === 'booking')),
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

  /** Each platform feed of these properties with its figures; only linked platforms have one. */
  async function figuresOf(propertyIds: readonly string[]) {
    const feeds = await feedsOf(propertyIds)
    const [fetches, atRisk, pages] = await Promise.all([
      fetchFiguresOf(feeds.map((feed) => feed.id)),
      atRiskOf(feeds),
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
  async function exposure(ownerId: string) {
    const properties = await db
      .selectFrom('properties')
      .select(['id', 'name'])
      .where(managedBy(db, ownerId))
      .orderBy('created_at')
      .execute()
    const figures = await figuresOf(properties.map((property) => property.id))
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
