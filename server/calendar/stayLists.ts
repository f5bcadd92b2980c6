import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'
import type { OwnerStaysQuery } from '../../contract/calendar.ts'
import { API_PREFIX, apiPaths } from '../../contract/paths.ts'
import { isDateOnly, type DateOnly } from '../../src/domain/dates.ts'
import { todayIn } from '../../src/domain/timeZones.ts'
import type { Db } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import { cachedBody, createStampedCache, etagOf } from '../db/stampedCache.ts'
import { CONFLICT_COLUMNS } from '../sync/conflicts.ts'
import { managedBy, type Reader } from '../team/access.ts'
import { createReaderFeeds, writeOwnerStays, type ExportFeed, type KnownFeed } from './feeds.ts'

/** Where a page of a stay list begins: after this stay in the list's order (check-in, then id). */
export type StayCursor = { start: DateOnly; id: string }

/** The opaque text of a cursor, as a next link carries it. */
const cursorText = ({ start, id }: StayCursor) =>
  Buffer.from(JSON.stringify([start, id])).toString('base64url')

/** The cursor a next link carried; null for a text no page made. */
export function cursorOf(text: string): StayCursor | null {
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (!Array.isArray(value) || value.length !== 2) return null
  const [start, id] = value as unknown[]
  return typeof start === 'string' && isDateOnly(start) && typeof id === 'string' && id.length <= 64
    ? { start, id }
    : null
}

/** A page asked for, its cursor read. */
export type StayPageQuery = Omit<OwnerStaysQuery, 'after'> & { after?: StayCursor }

/**
 * The address of the page after `last`: the same query (its fields in one order) and the cursor.
 * It is a path under the API, as the client asked.
 */
function nextLink(query: StayPageQuery, last: StayCursor): string {
  const params = new URLSearchParams({ list: query.list })
  if (query.property !== undefined) params.set('property', query.property)
  if (query.platform !== undefined) params.set('platform', query.platform)
  params.set('limit', String(query.limit))
  params.set('after', cursorText(last))
  return `<${API_PREFIX}${apiPaths.calendar.ownerStays.url}?${params}>; rel="next"`
}

/** The zones of a reader's properties, by the day it is in each: one condition on the stays a day. */
function zonesByToday(zones: Iterable<string>, now: Date): Map<DateOnly, string[]> {
  const byDay = new Map<DateOnly, string[]>()
  for (const zone of new Set(zones)) {
    const today = todayIn(zone, now)
    byDay.set(today, [...(byDay.get(today) ?? []), zone])
  }
  return byDay
}

type Listed = ExpressionBuilder<Database, 'bookings' | 'properties'>

/**
 * A stay is current where its property is when it holds that day's night (check-in on or before
 * today, check-out after), upcoming when it checks in after today (docs/product.md §4.9).
 */
function inList(
  eb: Listed,
  list: StayPageQuery['list'],
  byDay: Map<DateOnly, string[]>,
): Expression<SqlBool> {
  return eb.or(
    [...byDay].map(([today, zones]) =>
      eb.and([
        eb('properties.time_zone', 'in', zones),
        ...(list === 'current'
          ? [eb('bookings.start_date', '<=', today), eb('bookings.end_date', '>', today)]
          : [eb('bookings.start_date', '>', today)]),
      ]),
    ),
  )
}

/** A page of a list, what the whole list counts, and the address of the next page, if any. */
async function stayPage(
  db: Db,
  readerId: string,
  query: StayPageQuery,
  byDay: Map<DateOnly, string[]>,
): Promise<ExportFeed> {
  const listed = db
    .selectFrom('bookings')
    .innerJoin('properties', 'properties.id', 'bookings.property_id')
    .where(managedBy(db, readerId))
    .where('bookings.cancelled_at', 'is', null)
    .$if(query.property !== undefined, (q) => q.where('bookings.property_id', '=', query.property ?? ''))
    .$if(query.platform !== undefined, (q) => q.where('bookings.platform', '=', query.platform ?? ''))
    .where((eb) => inList(eb, query.list, byDay))
  const after = query.after
  const [counted, rows] = await Promise.all([
    listed.select((eb) => eb.fn.countAll<number | string | bigint>().as('count')).executeTakeFirstOrThrow(),
    listed
      .select(CONFLICT_COLUMNS)
      .$if(after !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('bookings.start_date', '>', after?.start ?? ''),
            eb.and([
              eb('bookings.start_date', '=', after?.start ?? ''),
              eb('bookings.id', '>', after?.id ?? ''),
            ]),
          ]),
        ),
      )
      .orderBy('bookings.start_date')
      .orderBy('bookings.id')
      .limit(query.limit + 1)
      .execute(),
  ])
  const page = rows.slice(0, query.limit)
  const pageIds = new Set(page.map((stay) => stay.id))
  // Every stay of the page's properties that shares a night with one of the page, whatever its
  // list, platform or page: a stay's conflict is judged among all its property's stays.
  const neighbours =
    page.length === 0
      ? []
      : await db
          .selectFrom('bookings')
          .select(CONFLICT_COLUMNS)
          .where('bookings.cancelled_at', 'is', null)
          .where((eb) =>
            eb.or(
              page.map((stay) =>
                eb.and([
                  eb('bookings.property_id', '=', stay.property_id),
                  eb('bookings.start_date', '<', stay.end_date),
                  eb('bookings.end_date', '>', stay.start_date),
                ]),
              ),
            ),
          )
          .execute()
  const written = await writeOwnerStays(
    db,
    [...pageIds],
    [...page, ...neighbours.filter((stay) => !pageIds.has(stay.id))],
  )
  const last = page.at(-1)
  const headers: Record<string, string> = { 'x-total-count': String(Number(counted.count)) }
  if (rows.length > query.limit && last)
    headers.link = nextLink(query, { start: last.start_date, id: last.id })
  // The count and the next link are part of what the client holds: a copy is current only when
  // they are the same too.
  const etag = etagOf(`${written.etag}\n${headers['x-total-count']}\n${headers.link ?? ''}`)
  return { body: await cachedBody(written.bytes), etag, headers }
}

/** Bytes of stay list pages kept in each process: a page of 40 stays is some 30 KB. */
export const STAY_PAGE_BYTES = 8 << 20

/** Bytes of the zones of readers' properties kept: some 60 bytes a property. */
const ZONE_BYTES = 4 << 20

/**
 * The pages of readers' current and upcoming stay lists, each computed once per reader, query,
 * version of the reader's data and "today" in each of their properties' zones: a day that
 * begins somewhere moves those lists with no write. The zones of a reader's properties are read
 * once per version of their data, so a page asked again is answered (a 304 too) without a query.
 */
export function createStayLists(db: Db, clock: () => Date) {
  const pages = createReaderFeeds(STAY_PAGE_BYTES)
  const zonesOf = createStampedCache<Map<string, string>>({
    maxBytes: ZONE_BYTES,
    sizeOf: (zones) => 64 + zones.size * 96,
  })
  /** The reader's properties' zones by property id. */
  const managedZones = (reader: Reader) =>
    zonesOf(reader.id, reader.stamp, async () => {
      const rows = await db
        .selectFrom('properties')
        .select(['properties.id', 'properties.time_zone'])
        .where(managedBy(db, reader.id))
        .execute()
      return new Map(rows.map((row) => [row.id, row.time_zone]))
    })
  const keyOf = (reader: Reader, query: StayPageQuery) =>
    JSON.stringify([
      reader.id,
      query.list,
      query.property ?? null,
      query.platform ?? null,
      query.limit,
      query.after?.start ?? null,
      query.after?.id ?? null,
    ])

  /**
   * What the page depends on: null when `query.property` is none the reader manages (a co-host's
   * is; a cleaner's or a stranger's is not).
   */
  async function scopeOf(reader: Reader, query: StayPageQuery) {
    const zones = await managedZones(reader)
    const zone = query.property === undefined ? undefined : zones.get(query.property)
    if (query.property !== undefined && zone === undefined) return null
    const byDay = zonesByToday(zone === undefined ? zones.values() : [zone], clock())
    const days = [...byDay].map(([today, zones]) => `${today}=${zones.join('|')}`).join(',')
    return { key: keyOf(reader, query), stamp: `${reader.stamp}:${days}`, byDay }
  }

  return {
    /** The ETag and headers of the page now, when one was computed; null for a property not the reader's. */
    current: async (reader: Reader, query: StayPageQuery): Promise<KnownFeed | null | undefined> => {
      const scope = await scopeOf(reader, query)
      return scope === null ? null : pages.current(scope.key, scope.stamp)
    },
    /** The page; null for a property not the reader's. */
    page: async (reader: Reader, query: StayPageQuery): Promise<ExportFeed | null> => {
      const scope = await scopeOf(reader, query)
      if (scope === null) return null
      return pages.feed(scope.key, scope.stamp, () => stayPage(db, reader.id, query, scope.byDay))
    },
  }
}
