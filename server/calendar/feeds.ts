import { sha256 } from '../auth/session.ts'
import type { SelectQueryBuilder } from 'kysely'
import type { Db } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import { managedBy, type Reader } from '../team/access.ts'
import type { DateOnly } from '../../src/domain/dates.ts'
import { batchedLookup } from '../db/batchedLookup.ts'
import { bodyBytes, cachedBody, createStampedCache, type CachedBody } from '../db/stampedCache.ts'
import { nextTurn } from '../eventLoop.ts'
import { CONFLICT_COLUMNS, conflictingIds, type ConflictCandidate } from '../sync/conflicts.ts'
import { occupiedRuns } from '../../src/domain/bookings.ts'
import { formatRuns } from '../../src/domain/echoNights.ts'
import { before } from '../../src/domain/nightRuns.ts'
import { ownRowParts } from '../sync/ownNights.ts'
import { createFeedWriter, type WrittenFeed } from './feedWriter.ts'
import { recordServed, servedHorizon, type Served } from './served.ts'

/** Where Manzil serves its feeds: `/api/calendar/{token}.ics`, the `.ics` optional. */
export const FEED_PATH = '/api/calendar/'

/** The token a feed's file name (`{token}.ics`, or the bare token) stands for. */
export const feedTokenOfFile = (file: string): string => file.replace(/\.ics$/i, '')

/**
 * Stays read at a time for a feed: a page of rows with long descriptions (some KB each) is read
 * and handed to the writer in a few ms, so the event loop is never held long by a property's
 * thousands of stays.
 */
const STAYS_PAGE = 100

/**
 * The stays of these ids, in their order, a page at a time with a turn of the event loop between
 * pages. The order comes from a query of the few columns the conflict rule reads
 * (`CONFLICT_COLUMNS`): sorting whole rows for each page would sort every description again.
 */
async function* staysInOrder(db: Db, ids: readonly string[]) {
  for (let from = 0; from < ids.length; from += STAYS_PAGE) {
    if (from > 0) await nextTurn()
    const page = ids.slice(from, from + STAYS_PAGE)
    const rows = new Map(
      (await db.selectFrom('bookings').select(STAY_COLUMNS).where('bookings.id', 'in', page).execute()).map(
        (row) => [row.id, row],
      ),
    )
    yield page.flatMap((id) => rows.get(id) ?? [])
  }
}

/** The stays of a feed's query that the conflict rule reads, by check-in. */
const byCheckIn = (query: SelectQueryBuilder<Database, 'bookings' | 'properties', object>) =>
  query.select(CONFLICT_COLUMNS).orderBy('bookings.start_date').orderBy('bookings.id').execute()

/** One feed writer a process: its thread writes every feed (`createFeedWriter`). */
const writeFeed = createFeedWriter()

/**
 * The private feed of the property behind a secret token: its active bookings and blocks from
 * every platform, conflicts marked; null for an unknown token.
 */
async function exportFeed(db: Db, token: string): Promise<WrittenFeed | null> {
  const property = await db
    .selectFrom('properties')
    .select('name')
    .where('export_token', '=', token)
    .executeTakeFirst()
  if (!property) return null
  const stays = await byCheckIn(
    db
      .selectFrom('bookings')
      .innerJoin('properties', 'properties.id', 'bookings.property_id')
      .where('properties.export_token', '=', token)
      .where('bookings.cancelled_at', 'is', null),
  )
  return writeFeed({ kind: 'stays', name: property.name }, async (add) => {
    for await (const page of staysInOrder(
      db,
      stays.map((stay) => stay.id),
    ))
      add(page)
    return [...conflictingIds(stays)]
  })
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
 * A feed of a reader's stays of these ids, in their order, each event naming its property
 * (X-MANZIL-PROPERTY), the conflicts judged among `judged`: the stays and every stay of their
 * properties that overlaps one of them, which the feed leaves out when it is not one of `ids`.
 */
export function writeOwnerStays(
  db: Db,
  ids: readonly string[],
  judged: readonly ConflictCandidate[],
): Promise<WrittenFeed> {
  return writeFeed({ kind: 'stays' }, async (add) => {
    for await (const page of staysInOrder(db, ids))
      add(page.map((stay) => ({ ...stay, propertyId: stay.property_id })))
    return [...conflictingIds(judged)]
  })
}

/** The active stays of every property one user owns or co-hosts, with their properties. */
const activeStaysManagedBy = (db: Db, ownerId: string) =>
  db
    .selectFrom('bookings')
    .innerJoin('properties', 'properties.id', 'bookings.property_id')
    .where(managedBy(db, ownerId))
    .where('bookings.cancelled_at', 'is', null)

/**
 * The feed of every property one user owns or co-hosts, or of the one of them `property` names,
 * each event naming its property (X-MANZIL-PROPERTY): the active stays that end after `from` (all
 * of them without it) and start before `to` (all of them without it). A stay's conflict is judged
 * among all the property's stays, so the few that ended before `from`, or start at or after `to`,
 * and overlap a stay of the feed are read too, to judge it, and left out of the feed
 * (docs/decisions.md, "A portfolio's calendar in one feed").
 */
async function ownerFeed(db: Db, ownerId: string, window: OwnerFeedScope): Promise<WrittenFeed> {
  const { from, to, property } = window
  const ofOwner = activeStaysManagedBy(db, ownerId).$if(property != null, (query) =>
    query.where('bookings.property_id', '=', property ?? ''),
  )
  const stays = await byCheckIn(
    ofOwner
      .$if(from !== null, (query) => query.where('bookings.end_date', '>', from ?? ''))
      .$if(to !== null, (query) => query.where('bookings.start_date', '<', to ?? '')),
  )
  const earliest = stays[0]?.start_date
  const latest = stays.reduce<string | undefined>(
    (end, stay) => (end === undefined || stay.end_date > end ? stay.end_date : end),
    undefined,
  )
  const [before, after] = await Promise.all([
    from !== null && earliest !== undefined && earliest < from
      ? byCheckIn(ofOwner.where('bookings.end_date', '>', earliest).where('bookings.end_date', '<=', from))
      : [],
    to !== null && latest !== undefined && latest > to
      ? byCheckIn(ofOwner.where('bookings.start_date', '>=', to).where('bookings.start_date', '<', latest))
      : [],
  ])
  return writeOwnerStays(
    db,
    stays.map((stay) => stay.id),
    [...before, ...stays, ...after],
  )
}

/**
 * The active stays of these ids of the properties one user manages, wherever they are (what a link
 * to a stay opens), each conflict judged among its property's stays that overlap it.
 */
export async function ownerStaysById(db: Db, ownerId: string, ids: readonly string[]): Promise<WrittenFeed> {
  const ofOwner = activeStaysManagedBy(db, ownerId)
  const stays = ids.length === 0 ? [] : await byCheckIn(ofOwner.where('bookings.id', 'in', ids))
  const judged =
    stays.length === 0
      ? []
      : await byCheckIn(
          ofOwner
            .where('bookings.property_id', 'in', [...new Set(stays.map((stay) => stay.property_id))])
            .where('bookings.end_date', '>', stays[0]!.start_date)
            .where(
              'bookings.start_date',
              '<',
              stays.reduce((end, stay) => (stay.end_date > end ? stay.end_date : end), ''),
            ),
        )
  return writeOwnerStays(
    db,
    stays.map((stay) => stay.id),
    judged,
  )
}

/**
 * The active stays of these properties that take nights from the platforms (echoes left out,
 * partial echoes left to `ownRowParts`), with the platform each came from (null for a manual stay);
 * only those ending after `endingAfter` when it is given.
 */
export const takenStaysOf = (db: Db, propertyIds: readonly string[], endingAfter?: DateOnly) =>
  db
    .selectFrom('bookings')
    .leftJoin('external_calendars', 'external_calendars.id', 'bookings.calendar_id')
    .select([
      'bookings.property_id',
      'external_calendars.platform_name as source',
      'bookings.start_date',
      'bookings.end_date',
      'bookings.kind',
      'bookings.echo',
      'bookings.echo_runs',
      'bookings.platform_rule',
      'bookings.updated_at',
      'bookings.taken_at',
      'bookings.first_seen_at',
    ])
    .where('bookings.property_id', 'in', propertyIds)
    .where('bookings.cancelled_at', 'is', null)
    .where('bookings.echo', '=', 0)
    .$if(endingAfter !== undefined, (query) => query.where('bookings.end_date', '>', endingAfter!))
    .execute()

/** Whether a stay's nights are served to `platform`: its own stays it knows already. */
export const takesFrom = (stay: { source: string | null }, platform: string) => stay.source !== platform

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
): Promise<{ feed: WrittenFeed; served: Served } | null> {
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
  const stays = (await takenStaysOf(db, [feed.property_id])).filter((stay) =>
    takesFrom(stay, feed.platform_name),
  )
  const runs = before(
    occupiedRuns(stays.flatMap(ownRowParts).map((part) => ({ start: part.start_date, end: part.end_date }))),
    horizon,
  )
  const stamp = stays.reduce(
    (latest, stay) => (stay.updated_at > latest ? stay.updated_at : latest),
    feed.created_at,
  )
  return {
    feed: await writeFeed({ kind: 'availability', feedId: feed.id, stamp, name: feed.name }, async (add) => {
      add(runs)
      return []
    }),
    served: { feedId: feed.id, runs, hash: sha256(formatRuns(runs)).slice(0, 32) },
  }
}

/**
 * A feed as it is answered: its body, its ETag, and the headers that come with it (a page's count
 * and next link), which a 304 repeats.
 */
export type ExportFeed = { body: CachedBody; etag: string; headers?: Readonly<Record<string, string>> }

/** An answered feed, and for a platform's availability feed what its fetch was served. */
export type Answer = ExportFeed & { served?: Served }

// Every feed request runs it: the lookups of requests that arrive together share one query.
// A deactivated owner's tokens are not found, so their feeds answer 404 until they are active.
const feedVersionsOfFeeds = batchedLookup<number>(async (db, tokens) => {
  const rows = await db
    .selectFrom('properties')
    .innerJoin('users', 'users.id', 'properties.owner_id')
    .select(['properties.export_token', 'properties.feed_version'])
    .where('properties.export_token', 'in', tokens)
    .where('users.account_state', '=', 'active')
    .execute()
  return rows.map((row) => ({ key: row.export_token, row: row.feed_version }))
})

const platformFeedsByToken = batchedLookup<{ feedVersion: number; servedHash: string | null }>(
  async (db, tokens) => {
    const rows = await db
      .selectFrom('platform_feeds')
      .innerJoin('properties', 'properties.id', 'platform_feeds.property_id')
      .innerJoin('users', 'users.id', 'properties.owner_id')
      .select(['platform_feeds.token', 'platform_feeds.served_hash', 'properties.feed_version'])
      .where('platform_feeds.token', 'in', tokens)
      .where('users.account_state', '=', 'active')
      .execute()
    return rows.map((row) => ({
      key: row.token,
      row: { feedVersion: row.feed_version, servedHash: row.served_hash },
    }))
  },
)

/**
 * Bytes of export feeds kept in each process. A property's feed is some 30 KB for a year of
 * stays, 8 MB for 3,000 stays with long descriptions: 32 MB keeps a thousand ordinary ones, and a
 * few of the largest.
 */
export const EXPORT_FEED_BYTES = 32 << 20

/** An answer's bytes: the body, and the few hundred of its ETag, token and entry. */
const answerBytes = (answer: ExportFeed | null) => (answer ? bodyBytes(answer.body) : 0) + 256

/**
 * The export feeds (the private full one, and each platform's availability feed), each
 * computed once per version of its property's feeds (migration 0021) in each process, which an
 * indexed query reads for each request (one query for the requests that arrive together); null
 * for an unknown token. A write to one property leaves the other properties' feeds cached. The
 * ETag comes with the text. Every fetch of an availability feed is what its platform imports:
 * what it was served is on record before it is answered, so a block the platform makes from it is
 * never judged before its source is known.
 */
export function createExportFeeds(db: Db, clock: () => Date) {
  writeFeed.start()
  const feeds = createStampedCache<Answer | null>({ maxBytes: EXPORT_FEED_BYTES, sizeOf: answerBytes })
  const answer = async ({ bytes, etag }: WrittenFeed, served?: Served): Promise<Answer> => ({
    body: await cachedBody(bytes),
    etag,
    ...(served ? { served } : {}),
  })
  const exportFeeds = async (token: string): Promise<Answer | null> => {
    const feedVersion = await feedVersionsOfFeeds(db, token)
    if (feedVersion !== undefined)
      return feeds(token, String(feedVersion), async () => {
        const feed = await exportFeed(db, token)
        return feed === null ? null : answer(feed)
      })
    const platformFeed = await platformFeedsByToken(db, token)
    if (platformFeed === undefined) return null
    // A new horizon (once a year) is a new feed, and its nights are recorded as served.
    const horizon = servedHorizon(clock())
    const feed = await feeds(token, `${platformFeed.feedVersion}:${horizon}`, async () => {
      const made = await availabilityFeed(db, token, horizon)
      return made === null ? null : answer(made.feed, made.served)
    })
    if (feed?.served && feed.served.hash !== platformFeed.servedHash)
      await recordServed(db, feed.served, platformFeed.servedHash, clock())
    return feed
  }
  /** The bytes the cached feeds weigh now. */
  exportFeeds.cachedBytes = feeds.bytes
  return exportFeeds
}

/**
 * Bytes of owners' feeds kept in each process: a portfolio's window is a few MB, a property of
 * 3,000 stays with long descriptions 8 MB.
 */
export const OWNER_FEED_BYTES = 32 << 20
const READER_FEED_ETAGS = 5000

/** What a client is told of a feed it holds a copy of: its ETag and headers. */
export type KnownFeed = Pick<ExportFeed, 'etag' | 'headers'>

/**
 * Feeds for signed-in readers, each computed once per key and stamp (the version of the reader's
 * data, and whatever else the feed depends on), and the ETag and headers of the latest one
 * computed for each key: a client whose copy is current is answered 304 without the feed being
 * computed again, however many bodies have come and gone since. The ETag hashes the text, so a
 * new version with the same stays (a sync that found nothing new) keeps it.
 */
export function createReaderFeeds(maxBytes: number) {
  const bodies = createStampedCache<ExportFeed>({ maxBytes, sizeOf: answerBytes })
  // Small: a key, a hash and a few headers per feed asked for, the oldest leaving first.
  const latest = new Map<string, { stamp: string; known: KnownFeed }>()
  return {
    /** The ETag and headers of the feed at this stamp, when one was computed. */
    current: (key: string, stamp: string): KnownFeed | undefined => {
      const known = latest.get(key)
      return known?.stamp === stamp ? known.known : undefined
    },
    feed: async (key: string, stamp: string, compute: () => Promise<ExportFeed>): Promise<ExportFeed> => {
      const feed = await bodies(key, stamp, compute)
      latest.delete(key)
      latest.set(key, {
        stamp,
        known: { etag: feed.etag, ...(feed.headers ? { headers: feed.headers } : {}) },
      })
      const oldest = latest.keys().next().value
      if (latest.size > READER_FEED_ETAGS && oldest !== undefined) latest.delete(oldest)
      return feed
    },
    /** The bytes the cached feeds weigh now. */
    cachedBytes: bodies.bytes,
  }
}

/**
 * The first day of the window an owner's feed is made for. A window with an end is taken as it
 * comes: the screens send stable ones (whole months and a margin, `feedWindowFor`). One without
 * starts on the first of `from`'s month: any other day of the month is the same feed, not one more
 * computed and kept, and its few extra stays (those that end in the month before `from`) do no
 * harm to a reader that asked for the rest of time.
 */
export const ownerFeedStart = ({ from, to }: FeedWindow): DateOnly | null =>
  from === null || to !== null ? from : `${from.slice(0, 7)}-01`

/**
 * The days an owner's feed covers: the stays that end after `from` and start before `to`, either
 * unbounded when null. `to` is taken as it comes: the screens send a stable one.
 */
export type FeedWindow = { from: DateOnly | null; to: DateOnly | null }

/** An owner's feed's window, of every property the reader manages or of one (`property`). */
export type OwnerFeedScope = FeedWindow & { property?: string | null }

/**
 * The feed of all of an owner's properties, or of one, since the first of a month (null: all of
 * it), up to `to` when given, computed once per version of their data (`createReaderFeeds`).
 */
export function createOwnerFeeds(db: Db) {
  const feeds = createReaderFeeds(OWNER_FEED_BYTES)
  const keyOf = (reader: Reader, { from, to, property }: OwnerFeedScope) =>
    `${reader.id}:${ownerFeedStart({ from, to }) ?? ''}:${to ?? ''}:${property ?? ''}`
  return {
    /** The ETag of the feed at this version of the owner's data, when one was computed. */
    currentEtag: (reader: Reader, window: OwnerFeedScope) =>
      feeds.current(keyOf(reader, window), reader.stamp)?.etag,
    feed: (reader: Reader, window: OwnerFeedScope): Promise<ExportFeed> =>
      feeds.feed(keyOf(reader, window), reader.stamp, async () => {
        const { bytes, etag } = await ownerFeed(db, reader.id, {
          ...window,
          from: ownerFeedStart(window),
        })
        return { body: await cachedBody(bytes), etag }
      }),
    /** The bytes the cached feeds weigh now. */
    cachedBytes: feeds.cachedBytes,
  }
}
