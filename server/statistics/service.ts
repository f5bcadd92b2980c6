import { localToday, type DateOnly } from '../../src/domain/dates.ts'
import { dayIn, prevailingZone, todayIn } from '../../src/domain/timeZones.ts'
import {
  dashboardFigures,
  dashboardWindow,
  monthlyFigures,
  monthOf,
  monthsEndingWith,
  monthWindow,
  periodFigures,
  rangeFigures,
  rangeWindow,
  spanning,
  type DashboardFigures,
  type MonthFigures,
  type NightWindow,
  type PeriodFigures,
  type StatStay,
} from '../../src/domain/statistics.ts'
import type { Db } from '../db/database.ts'
import { pausedSql } from '../sync/paused.ts'
import { ownRowParts } from '../sync/ownNights.ts'
import { managedBy, type Reader } from '../team/access.ts'
import { bodyBytes, createStampedCache, jsonBody, type CachedBody } from '../db/stampedCache.ts'
import { notFound } from '../errors.ts'
import { DashboardStatistics, MonthlyStatistics } from '../../contract/statistics.ts'

/**
 * Whose properties are measured: all those the caller manages (owns or co-hosts), or one of them
 * (still only if they manage it).
 */
type Scope = { ownerId: string; propertyId?: string }

const CHART_MONTHS = 12

function propertiesIn(db: Db, { ownerId, propertyId }: Scope) {
  let query = db.selectFrom('properties').where(managedBy(db, ownerId))
  if (propertyId !== undefined) query = query.where('id', '=', propertyId)
  return query
}

async function measuredProperties(db: Db, scope: Scope) {
  const rows = await propertiesIn(db, scope).select(['id', 'created_at', 'time_zone']).execute()
  // "Added this month" by the day it was where the property is.
  return rows.map((row) => ({ id: row.id, createdOn: dayIn(row.time_zone, new Date(row.created_at)) }))
}

/**
 * Only the stays overlapping the window, found through the (property_id, start_date, end_date)
 * index; src/domain/statistics.ts does the counting, so the rules live in one place.
 */
async function staysOverlapping(db: Db, scope: Scope, window: NightWindow): Promise<StatStay[]> {
  const rows = await db
    .selectFrom('bookings')
    .select([
      'id',
      'property_id',
      'start_date',
      'end_date',
      'kind',
      'cancelled_at',
      'nightly_price',
      'first_seen_at',
      'echo',
      'echo_runs',
      'platform_rule',
    ])
    .where('property_id', 'in', propertiesIn(db, scope).select('id'))
    // An echo mirrors a stay that is counted where it came from; a stay partly one counts its
    // other nights only.
    .where('echo', '=', 0)
    .where('start_date', '<', window.end)
    .where('end_date', '>', window.start)
    .execute()
  return rows.flatMap(ownRowParts).map((row) => ({
    stayId: row.id,
    propertyId: row.property_id,
    start: row.start_date,
    end: row.end_date,
    kind: row.kind,
    cancelled: row.cancelled_at !== null,
    nightlyPrice: row.nightly_price === null ? null : Number(row.nightly_price),
    firstSeenAt: row.first_seen_at,
  }))
}

/**
 * The owner's platform links, and how many of them sync: not failing (no last error) and not
 * paused after failing their parsing budget: the dashboard says "5 of 6 syncing".
 */
async function connectionCount(db: Db, ownerId: string): Promise<{ total: number; syncing: number }> {
  const row = await db
    .selectFrom('external_calendars')
    .select((eb) => [
      eb.fn.countAll().as('total'),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(eb.and([eb('last_error', 'is', null), eb.not(pausedSql())]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('syncing'),
    ])
    .where('property_id', 'in', propertiesIn(db, { ownerId }).select('id'))
    .executeTakeFirstOrThrow()
  return { total: Number(row.total), syncing: Number(row.syncing ?? 0) }
}

/**
 * The server's own calendar day: "today" only where no property says otherwise (an owner with
 * none). Stays are dates and need no zone. See docs/decisions.md.
 */
const serverToday = (): DateOnly => localToday()

/** The dashboard's figures for this month and week, or for a picked `period` (docs/product.md §2.6). */
async function dashboardStatistics(
  db: Db,
  ownerId: string,
  today: DateOnly,
  period: NightWindow | undefined,
): Promise<DashboardFigures> {
  const scope = { ownerId }
  const [properties, stays, connections] = await Promise.all([
    measuredProperties(db, scope),
    staysOverlapping(db, scope, period ? rangeWindow(period) : dashboardWindow(today)),
    connectionCount(db, ownerId),
  ])
  const sources = {
    properties,
    stays,
    platformConnections: connections.total,
    syncingConnections: connections.syncing,
  }
  return period ? rangeFigures(sources, period) : dashboardFigures({ ...sources, today })
}

/** The last 12 calendar months, this one included, oldest first. */
async function monthlyStatistics(db: Db, ownerId: string, today: DateOnly): Promise<MonthFigures[]> {
  const months = monthsEndingWith(monthOf(today), CHART_MONTHS)
  const scope = { ownerId }
  const window = spanning(monthWindow(months[0] ?? monthOf(today)), monthWindow(monthOf(today)))
  const [properties, stays] = await Promise.all([
    measuredProperties(db, scope),
    staysOverlapping(db, scope, window),
  ])
  return monthlyFigures(properties, stays, months)
}

export type StatisticsServiceDeps = { db: Db }

/** A host's figures: the dashboard's, the chart's months, and one property's. */
export function createStatisticsService({ db }: StatisticsServiceDeps) {
  // A zone's name, its owner's key and the entry around them: some 4,000 owners in 1 MB.
  const zones = createStampedCache<string | null>({ maxBytes: 1 << 20, sizeOf: () => 256 })
  // An answer is a few KB: 16 MB keeps thousands of owners' days and periods.
  const bodies = createStampedCache<CachedBody>({ maxBytes: 16 << 20, sizeOf: bodyBytes })

  return {
    /**
     * Today for an owner's figures ("this month", "this week"): today in the zone most of their
     * properties are in (docs/product.md §4.9), kept per stamp of the reader's data, which every
     * property write changes (migration 0002, server/team/access.ts).
     */
    async ownerToday(reader: Reader, now = new Date()): Promise<DateOnly> {
      const zone = await zones(reader.id, reader.stamp, async () => {
        const rows = await propertiesIn(db, { ownerId: reader.id })
          .select('time_zone')
          .orderBy('created_at')
          .orderBy('id')
          .execute()
        return prevailingZone(rows.map((row) => row.time_zone))
      })
      return zone === null ? serverToday() : todayIn(zone, now)
    },

    /** Today where one of the owner's properties is; 404 unless the owner has it. */
    async propertyToday(ownerId: string, propertyId: string, now = new Date()): Promise<DateOnly> {
      const row = await propertiesIn(db, { ownerId, propertyId }).select('time_zone').executeTakeFirst()
      if (!row) throw notFound()
      return todayIn(row.time_zone, now)
    },

    /**
     * The dashboard's answer as JSON, computed once per reader, stamp of their data
     * (server/team/access.ts), day and period: the figures depend on nothing else.
     */
    dashboardBody: (reader: Reader, today: DateOnly, period?: NightWindow) =>
      bodies(reader.id, `${reader.stamp}:${today}:${period?.start ?? ''}:${period?.end ?? ''}`, async () =>
        jsonBody(DashboardStatistics, await dashboardStatistics(db, reader.id, today, period)),
      ),

    /**
     * The chart's answer as JSON, kept like the dashboard's: a year of a portfolio's stays is the
     * dearest figure to compute, and the same until the reader's data or day changes.
     */
    monthlyBody: (reader: Reader, today: DateOnly) =>
      bodies(`${reader.id}:monthly`, `${reader.stamp}:${today}`, async () =>
        jsonBody(MonthlyStatistics, await monthlyStatistics(db, reader.id, today)),
      ),

    /** One property's figures; 404 unless the owner has it. */
    async periodStatistics(ownerId: string, propertyId: string, window: NightWindow): Promise<PeriodFigures> {
      const scope = { ownerId, propertyId }
      const [properties, stays] = await Promise.all([
        measuredProperties(db, scope),
        staysOverlapping(db, scope, window),
      ])
      if (properties.length === 0) throw notFound()
      return periodFigures(properties, stays, window)
    },
  }
}

export type StatisticsService = ReturnType<typeof createStatisticsService>
