import { sha256 } from '../auth/session.ts'
import type { Db } from '../db/database.ts'
import type { User } from '../db/schema.ts'
import type { DateOnly } from '../../src/domain/dates.ts'
import { batchedLookup } from '../db/batchedLookup.ts'
import { cachedBody, createStampedCache, type CachedBody } from '../db/stampedCache.ts'
import { conflictingIds } from '../sync/conflicts.ts'
import { occupiedRuns } from '../../src/domain/bookings.ts'
import { formatRuns } from '../../src/domain/echoNights.ts'
import { before } from '../../src/domain/nightRuns.ts'
import { ownRowParts } from '../sync/ownNights.ts'
import { availabilityText, calendarText } from './ics.ts'
import { recordServed, servedHorizon, type Served } from './served.ts'

/** Where Manzil serves its feeds: `/api/calendar/{token}.ics`, the `.ics` optional. */
export const FEED_PATH = '/api/calendar/'

/** The token a feed's file name (`{token}.ics`, or the bare token) stands for. */
export const feedTokenOfFile = (file: string): string => file.replace(/\.ics$/i, '')

/**
 * The private feed of the property behind a secret token: its active bookings and
 * blocks from every platform, conflicts marked; null for an unknown token. One query, and a
 * second only to tell an empty property from a wrong token.
 */
async function exportFeed(db: Db, token: string): Promise<string | null> {
  const stays = await db
    .selectFrom('bookings')
    .innerJoin('properties', 'properties.id', 'bookings.property_id')
    .select(['properties.name as propertyName', ...STAY_COLUMNS])
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

/** What a feed says of each stay, and what the conflict rule reads. */
const STAY_COLUMNS = [
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
  'bookings.echo_runs',
  'bookings.platform_rule',
  'bookings.platform',
  'bookings.feed_warning',
  'bookings.nightly_price',
  'bookings.updated_at',
  'bookings.cancelled_at',
] as const

/**
 * The feed of every property of one owner, each event naming its property (X-MANZIL-PROPERTY):
 * the active stays that end after `from` (all of them without it). A stay's conflict is judged
 * among all the property's stays, so the few that ended before `from` but overlap a stay of the
 * feed are read too, to judge it, and left out of the feed (docs/decisions.md, "A portfolio's
 * calendar in one feed").
 */
async function ownerFeed(db: Db, ownerId: string, from: DateOnly | null): Promise<string> {
  const ofOwner = db
    .selectFrom('bookings')
    .innerJoin('properties', 'properties.id', 'bookings.property_id')
    .select(STAY_COLUMNS)
    .where('properties.owner_id', '=', ownerId)
    .where('bookings.cancelled_at', 'is', null)
  const stays = await ofOwner
    .$if(from !== null, (query) => query.where('bookings.end_date', '>', from ?? ''))
    .orderBy('bookings.start_date')
    .orderBy('bookings.id')
    .execute()
  const earliest = stays.reduce(
    (first, stay) => (stay.start_date < first ? stay.start_date : first),
    from ?? '',
  )
  const before =
    from !== null && earliest < from
      ? await ofOwner
          .where('bookings.end_date', '>', earliest)
          .where('bookings.end_date', '<=', from)
          .execute()
      : []
  const conflicts = conflictingIds([...before, ...stays])
  return calendarText(
    stays.map((stay) => ({ ...stay, propertyId: stay.property_id, conflict: conflicts.has(stay.id) })),
  )
}

/**
 * The availability feed of one platform of a property behind its own token: every night taken by
 * an active stay of any other source (other platforms' bookings, blocks and closures, manual
 * stays), as runs of "Not available"; none of that platform's own stays, which it knows, no echo
 * nights (our own export coming back; a stay partly an echo gives only its other nights), and no
 * names; nights up to `horizon` (`servedHorizon`). Null for an unknown token.
 */
async function availabilityFeed(
  db: Db,
  token: string,
  horizon: DateOnly,
): Promise<{ text: string; served: Served } | null> {
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
    .select([
      'bookings.start_date',
      'bookings.end_date',
      'bookings.echo',
      'bookings.echo_runs',
      'bookings.platform_rule',
      'bookings.updated_at',
    ])
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
  const runs = before(
    occupiedRuns(stays.flatMap(ownRowParts).map((part) => ({ start: part.start_date, end: part.end_date }))),
    horizon,
  )
  const stamp = stays.reduce(
    (latest, stay) => (stay.updated_at > latest ? stay.updated_at : latest),
    feed.created_at,
  )
  return {
    text: availabilityText(feed.id, runs, stamp, feed.name),
    served: { feedId: feed.id, runs, hash: sha256(formatRuns(runs)).slice(0, 32) },
  }
}

export type ExportFeed = { body: CachedBody; etag: string }

// Weak: the same validator stands for the plain and the compressed bytes (RFC 9110 8.8.1).
const etagOf = (text: string) => `W/"${sha256(text).slice(0, 32)}"`

/** An answered feed, and for a platform's availability feed what its fetch was served. */
type Answer = ExportFeed & { served?: Served }

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

const platformFeedsByToken = batchedLookup<{ dataVersion: number; servedHash: string | null }>(
  async (db, tokens) => {
    const rows = await db
      .selectFrom('platform_feeds')
      .innerJoin('properties', 'properties.id', 'platform_feeds.property_id')
      .innerJoin('users', 'users.id', 'properties.owner_id')
      .select(['platform_feeds.token', 'platform_feeds.served_hash', 'users.data_version'])
      .where('platform_feeds.token', 'in', tokens)
      .where('users.account_state', '=', 'active')
      .execute()
    return rows.map((row) => ({
      key: row.token,
      row: { dataVersion: row.data_version, servedHash: row.served_hash },
    }))
  },
)

/**
 * The export feeds (the private full one, and each platform's availability feed), each
 * computed once per version of its owner's data (migration 0002) in each process, which an
 * indexed query reads for each request (one query for the requests that arrive together); null
 * for an unknown token. The ETag comes with the text. Every fetch of an availability feed is
 * what its platform imports: what it was served is on record before it is answered, so a block
 * the platform makes from it is never judged before its source is known.
 */
export function createExportFeeds(db: Db, clock: () => Date) {
  const feeds = createStampedCache<Answer | null>(500)
  const answer = async (text: string, served?: Served): Promise<Answer> => ({
    body: await cachedBody(text),
    etag: etagOf(text),
    ...(served ? { served } : {}),
  })
  return async (token: string): Promise<ExportFeed | null> => {
    const dataVersion = await dataVersionsOfFeeds(db, token)
    if (dataVersion !== undefined)
      return feeds(token, String(dataVersion), async () => {
        const text = await exportFeed(db, token)
        return text === null ? null : answer(text)
      })
    const platformFeed = await platformFeedsByToken(db, token)
    if (platformFeed === undefined) return null
    // A new horizon (once a year) is a new feed, and its nights are recorded as served.
    const horizon = servedHorizon(clock())
    const feed = await feeds(token, `${platformFeed.dataVersion}:${horizon}`, async () => {
      const made = await availabilityFeed(db, token, horizon)
      return made === null ? null : answer(made.text, made.served)
    })
    if (feed?.served && feed.served.hash !== platformFeed.servedHash)
      await recordServed(db, feed.served, platformFeed.servedHash, clock())
    return feed
  }
}

/** Bodies of owners' feeds kept at once: each is a few MB for a portfolio's year of stays. */
const OWNER_FEED_BODIES = 8
const OWNER_FEED_ETAGS = 5000

/**
 * The feed of all of an owner's properties since a day (null: all of it), computed once per
 * version of their data, and the ETag of the latest one computed: a client whose copy is
 * current is answered 304 without the feed being computed again, however many owners' bodies
 * have come and gone since. The ETag hashes the text, so a new version with the same stays
 * (a sync that found nothing new) keeps it.
 */
export function createOwnerFeeds(db: Db) {
  const bodies = createStampedCache<ExportFeed>(OWNER_FEED_BODIES)
  // Small: a key and a hash per owner and day asked for, the oldest leaving first.
  const etags = new Map<string, { stamp: string; etag: string }>()
  const keyOf = (owner: Pick<User, 'id'>, from: DateOnly | null) => `${owner.id}:${from ?? ''}`
  return {
    /** The ETag of the feed at this version of the owner's data, when one was computed. */
    currentEtag: (owner: Pick<User, 'id' | 'data_version'>, from: DateOnly | null) => {
      const known = etags.get(keyOf(owner, from))
      return known?.stamp === String(owner.data_version) ? known.etag : undefined
    },
    feed: async (owner: Pick<User, 'id' | 'data_version'>, from: DateOnly | null): Promise<ExportFeed> => {
      const key = keyOf(owner, from)
      const stamp = String(owner.data_version)
      const feed = await bodies(key, stamp, async () => {
        const text = await ownerFeed(db, owner.id, from)
        return { body: await cachedBody(text), etag: etagOf(text) }
      })
      etags.delete(key)
      etags.set(key, { stamp, etag: feed.etag })
      const oldest = etags.keys().next().value
      if (etags.size > OWNER_FEED_ETAGS && oldest !== undefined) etags.delete(oldest)
      return feed
    },
  }
}
