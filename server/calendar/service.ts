import { sha256 } from '../auth/session.ts'
import type { Db } from '../db/database.ts'
import { batchedLookup } from '../db/batchedLookup.ts'
import { cachedBody, createStampedCache, type CachedBody } from '../db/stampedCache.ts'
import { conflictingIds } from '../sync/conflicts.ts'
import { nightsOf, occupiedRuns, type Stay } from '../../src/domain/bookings.ts'
import { availabilityText, calendarText } from './ics.ts'

/**
 * DESIGN 5: the export feed of the property behind a secret token: its active bookings and
 * blocks from every platform, conflicts marked; null for an unknown token. One query, and a
 * second only to tell an empty property from a wrong token.
 */
async function exportFeed(db: Db, token: string): Promise<string | null> {
  const stays = await db
    .selectFrom('bookings')
    .innerJoin('properties', 'properties.id', 'bookings.property_id')
    .select([
      'properties.name as propertyName',
      'bookings.id',
      'bookings.property_id',
      'bookings.calendar_id',
      'bookings.summary',
      'bookings.description',
      'bookings.start_date',
      'bookings.end_date',
      'bookings.status',
      'bookings.guest_name',
      'bookings.kind',
      'bookings.echo',
      'bookings.platform',
      'bookings.feed_warning',
      'bookings.nightly_price',
      'bookings.updated_at',
      'bookings.cancelled_at',
    ])
    .where('properties.export_token', '=', token)
    .where('bookings.cancelled_at', 'is', null)
    .orderBy('bookings.start_date')
    .orderBy('bookings.id')
    .execute()
  const propertyName =
    stays[0]?.propertyName ??
    (await db.selectFrom('properties').select('name').where('export_token', '=', token).executeTakeFirst())
      ?.name
  if (propertyName === undefined) return null
  const conflicts = conflictingIds(stays)
  return calendarText(
    stays.map((stay) => ({ ...stay, conflict: conflicts.has(stay.id) })),
    propertyName,
  )
}

/** Rows per statement when recording an export (3 parameters each). */
const EXPORT_BATCH = 300

/**
 * Issue 13: what a platform's feed told it is taken, each night with when it was first told: what
 * the echo rule judges that platform's blocks against. Kept before the feed is served, so a block
 * the platform makes from it is never seen before its export is on record.
 */
async function recordExport(db: Db, feedId: string, runs: readonly Stay[], now: string) {
  const nights = runs.flatMap(nightsOf)
  for (let at = 0; at < nights.length; at += EXPORT_BATCH)
    await db
      .insertInto('feed_exports')
      .values(
        nights
          .slice(at, at + EXPORT_BATCH)
          .map((night) => ({ feed_id: feedId, night, first_exported_at: now })),
      )
      .onConflict((conflict) => conflict.columns(['feed_id', 'night']).doNothing())
      .execute()
}

/**
 * Issue 13: the availability feed of one platform of a property behind its own token: every
 * night taken by an active stay of any other source (other platforms' bookings, blocks and
 * closures, manual stays), as runs of "Not available"; none of that platform's own stays, which
 * it knows, no echoes (our own export coming back), and no names. Null for an unknown token.
 */
async function availabilityFeed(db: Db, token: string): Promise<string | null> {
  const feed = await db
    .selectFrom('platform_feeds')
    .innerJoin('properties', 'properties.id', 'platform_feeds.property_id')
    .select([
      'platform_feeds.id',
      'platform_feeds.property_id',
      'platform_feeds.platform_name',
      'platform_feeds.created_at',
      'properties.name',
    ])
    .where('platform_feeds.token', '=', token)
    .executeTakeFirst()
  if (!feed) return null
  const stays = await db
    .selectFrom('bookings')
    .leftJoin('external_calendars', 'external_calendars.id', 'bookings.calendar_id')
    .select(['bookings.start_date', 'bookings.end_date', 'bookings.updated_at'])
    .where('bookings.property_id', '=', feed.property_id)
    .where('bookings.cancelled_at', 'is', null)
    .where('bookings.echo', '=', 0)
    .where((eb) =>
      eb.or([
        eb('external_calendars.platform_name', 'is', null),
        eb('external_calendars.platform_name', '!=', feed.platform_name),
      ]),
    )
    .execute()
  const runs = occupiedRuns(stays.map((stay) => ({ start: stay.start_date, end: stay.end_date })))
  await recordExport(db, feed.id, runs, new Date().toISOString())
  const stamp = stays.reduce(
    (latest, stay) => (stay.updated_at > latest ? stay.updated_at : latest),
    feed.created_at,
  )
  return availabilityText(feed.id, runs, stamp, feed.name)
}

export type ExportFeed = { body: CachedBody; etag: string }

// Every feed request runs it: the lookups of requests that arrive together share one query.
// A deactivated owner's tokens are not found, so their feeds answer 404 until they are active.
const dataVersionsOfFeeds = batchedLookup<number>(async (db, tokens) => {
  const rows = await db
    .selectFrom('properties')
    .innerJoin('users', 'users.id', 'properties.owner_id')
    .select(['properties.export_token', 'users.data_version'])
    .where('properties.export_token', 'in', tokens)
    .where('users.account_state', '=', 'active')
    .execute()
  return rows.map((row) => ({ key: row.export_token, row: row.data_version }))
})

const dataVersionsOfPlatformFeeds = batchedLookup<number>(async (db, tokens) => {
  const rows = await db
    .selectFrom('platform_feeds')
    .innerJoin('properties', 'properties.id', 'platform_feeds.property_id')
    .innerJoin('users', 'users.id', 'properties.owner_id')
    .select(['platform_feeds.token', 'users.data_version'])
    .where('platform_feeds.token', 'in', tokens)
    .where('users.account_state', '=', 'active')
    .execute()
  return rows.map((row) => ({ key: row.token, row: row.data_version }))
})

/**
 * The export feeds (the private full one, and each platform's availability feed), each
 * computed once per version of its owner's data (migration 0002) in each process (so an availability
 * feed's export is recorded once per version and process), which an indexed query reads
 * for each request (one query for the requests that arrive together); null for an unknown
 * token. The ETag comes with the text.
 */
export function createExportFeeds(db: Db) {
  const feeds = createStampedCache<ExportFeed | null>(500)
  const cached = (token: string, dataVersion: number, make: () => Promise<string | null>) =>
    feeds(token, String(dataVersion), async () => {
      const text = await make()
      // Weak: the same validator stands for the plain and the gzipped bytes (RFC 9110 8.8.1).
      return text === null ? null : { body: cachedBody(text), etag: `W/"${sha256(text).slice(0, 32)}"` }
    })
  return async (token: string): Promise<ExportFeed | null> => {
    const dataVersion = await dataVersionsOfFeeds(db, token)
    if (dataVersion !== undefined) return cached(token, dataVersion, () => exportFeed(db, token))
    const platformVersion = await dataVersionsOfPlatformFeeds(db, token)
    if (platformVersion !== undefined)
      return cached(token, platformVersion, () => availabilityFeed(db, token))
    return null
  }
}
