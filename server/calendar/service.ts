import { sha256 } from '../auth/session.ts'
import type { Db } from '../db/database.ts'
import { batchedLookup } from '../db/batchedLookup.ts'
import { cachedBody, createStampedCache, type CachedBody } from '../db/stampedCache.ts'
import { conflictingIds } from '../sync/conflicts.ts'
import { calendarText } from './ics.ts'

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
      'bookings.start_date',
      'bookings.end_date',
      'bookings.status',
      'bookings.guest_name',
      'bookings.kind',
      'bookings.platform',
      'bookings.feed_warning',
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

export type ExportFeed = { body: CachedBody; etag: string }

// Every feed request runs it: the lookups of requests that arrive together share one query.
const dataVersionsOfFeeds = batchedLookup<number>(async (db, tokens) => {
  const rows = await db
    .selectFrom('properties')
    .innerJoin('users', 'users.id', 'properties.owner_id')
    .select(['properties.export_token', 'users.data_version'])
    .where('properties.export_token', 'in', tokens)
    .execute()
  return rows.map((row) => ({ key: row.export_token, row: row.data_version }))
})

/**
 * The export feeds, each computed once per version of its owner's data (migration 0002), which
 * an indexed query reads for each request (one query for the requests that arrive together);
 * null for an unknown token. The ETag comes with the text.
 */
export function createExportFeeds(db: Db) {
  const feeds = createStampedCache<ExportFeed | null>(500)
  return async (token: string): Promise<ExportFeed | null> => {
    const dataVersion = await dataVersionsOfFeeds(db, token)
    if (dataVersion === undefined) return null
    return feeds(token, String(dataVersion), async () => {
      const text = await exportFeed(db, token)
      // Weak: the same validator stands for the plain and the gzipped bytes (RFC 9110 8.8.1).
      return text === null ? null : { body: cachedBody(text), etag: `W/"${sha256(text).slice(0, 32)}"` }
    })
  }
}
