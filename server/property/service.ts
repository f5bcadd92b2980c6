import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { ExpressionBuilder, Selectable, Transaction } from 'kysely'
import { z } from 'zod'
import { joinAddress } from '../../src/domain/address.ts'
import { defaultTimeZone } from '../../src/domain/countryZones.ts'
import type { Quotas } from '../config.ts'
import type { Db } from '../db/database.ts'
import { deleteInBatches, DELETE_BATCH } from '../db/batchedDelete.ts'
import { nextTurn } from '../eventLoop.ts'
import { writeTransaction } from '../db/errors.ts'
import { leaseForDeletion } from '../db/lease.ts'
import type { Database, ExternalCalendarsTable, PropertiesTable, PropertyImagesTable } from '../db/schema.ts'
import { containing, lowerLike, readPage } from '../db/paging.ts'
import { bodyBytes, createStampedCache, jsonBody, type CachedBody } from '../db/stampedCache.ts'
import { notFound } from '../errors.ts'
import { checkPropertyRoom, checkUpload, holdAccount, uploadRoom, type UploadRoom } from '../quota/quotas.ts'
import type { PropertyForm } from './form.ts'
import { uploadUrl, type ImageStore, type StoredImage } from './images.ts'
import { isPaused } from '../sync/paused.ts'
import { managedBy, managedIds, type Reader } from '../team/access.ts'
import { pageOf, type Page } from '../../contract/paging.ts'
import type { PageRequest } from '../web/paging.ts'
import {
  Property,
  type ExternalCalendar,
  type InternalCalendar,
  type PlatformFeed,
  type ExternalCalendarInput,
  type PropertyImage,
  type PropertyStatus,
} from '../../contract/property.ts'
import { duplicateLink, linkField, ownFeedLink } from './fields.ts'
import { groupBy } from '../../src/domain/grouping.ts'
import { FEED_PATH, feedTokenOfFile } from '../calendar/feeds.ts'
import { forgetFetchesOf } from '../imports/rollup.ts'
import type { ImportService } from '../imports/service.ts'

type PropertyRow = Selectable<PropertiesTable>
/** What a call reaches of a user's properties: see `reachOf`. */
type Reach = 'managed' | 'owned'
type ImageRow = Selectable<PropertyImagesTable>
/**
 * What a property's answer reads of its links: not the sync's own memory of a feed (its rule
 * evidence, tens of KB an Airbnb link), which a list of 500 properties would read for nothing.
 */
const CALENDAR_COLUMNS = [
  'id',
  'property_id',
  'platform_name',
  'url',
  'last_synced_at',
  'last_error',
  'budget_failures',
  'unstable_since',
  'created_at',
] as const
type CalendarRow = Pick<Selectable<ExternalCalendarsTable>, (typeof CALENDAR_COLUMNS)[number]>

/**
 * Told the ids of external calendars that were added or whose link changed, after the change is
 * committed, so the sync engine can fetch them now instead of at its next round. Not awaited by
 * the request; a failure is logged.
 */
export type CalendarsChangedHook = (calendarIds: string[]) => void | Promise<void>

export type PropertyServiceDeps = {
  db: Db
  images: ImageStore
  publicUrl: string
  log: FastifyBaseLogger
  /** What one account may hold: checked in the transaction that adds it. */
  quotas: Quotas
  onCalendarsChanged?: CalendarsChangedHook
  /** How each platform imports the property's availability feeds. */
  imports: Pick<ImportService, 'ofProperty'>
  /** When an availability link is first shown or rotated: the import alarms count from it. */
  clock: () => Date
}

const STATUS_BADGE: Record<PropertyRow['status'], PropertyStatus> = {
  available: 'Available',
  booked: 'Booked',
  maintenance: 'Maintenance',
}

/** The per-property secret of the export feed URL: 32 random bytes (docs/product.md §7.5). */
export const newExportToken = () => randomBytes(32).toString('base64url')

const toImage = (row: ImageRow): PropertyImage => ({
  id: row.id,
  url: uploadUrl(row.file_name),
  thumbnailUrl: uploadUrl(row.thumb_name),
  propertyId: row.property_id,
})

const toCalendar = (row: CalendarRow): ExternalCalendar => ({
  id: row.id,
  platformName: row.platform_name,
  urlPath: row.url,
  lastSyncedAt: row.last_synced_at,
  lastError: row.last_error,
  paused: isPaused(row),
  unstable: row.unstable_since !== null,
})

function toProperty(row: PropertyRow, images: ImageRow[], calendars: CalendarRow[]): Property {
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    region: row.region,
    city: row.city,
    address: row.address,
    description: row.description,
    capacity: row.capacity,
    costPerNight: row.cost_per_night,
    timeZone: row.time_zone,
    checkInTime: row.check_in_time,
    checkOutTime: row.check_out_time,
    status: STATUS_BADGE[row.status],
    images: images.map(toImage),
    externalCalendars: calendars.map(toCalendar),
    createdAt: row.created_at,
  }
}

const groupByProperty = <Row extends { property_id: string }>(rows: Row[]): Map<string, Row[]> =>
  groupBy(rows, (row) => row.property_id)

/** The ids of one owner's properties, or of one of them: deleting is the owner's alone. */
const ownedIds = (db: Db, ownerId: string, propertyId?: string) => {
  const query = db.selectFrom('properties').select('properties.id').where('properties.owner_id', '=', ownerId)
  return propertyId === undefined ? query : query.where('properties.id', '=', propertyId)
}

/**
 * Inserts the calendar of a platform or changes its link (one per platform), returning its id
 * when the sync engine has something new to fetch. A changed link starts its sync state afresh.
 */
async function upsertCalendar(
  trx: Db,
  propertyId: string,
  input: ExternalCalendarInput,
  now: string,
): Promise<{ row: CalendarRow; changed: boolean }> {
  const id = randomUUID()
  await trx
    .insertInto('external_calendars')
    .values({
      id,
      property_id: propertyId,
      platform_name: input.platformName,
      url: input.urlPath,
      next_sync_at: now,
      created_at: now,
    })
    .onConflict((conflict) => conflict.columns(['property_id', 'platform_name']).doNothing())
    .execute()
  const row = await trx
    .selectFrom('external_calendars')
    .select(CALENDAR_COLUMNS)
    .where('property_id', '=', propertyId)
    .where('platform_name', '=', input.platformName)
    .executeTakeFirstOrThrow()
  if (row.id === id) return { row, changed: true }
  if (row.url === input.urlPath) return { row, changed: false }
  const fresh = {
    url: input.urlPath,
    etag: null,
    last_modified: null,
    content_hash: null,
    last_error: null,
    failure_count: 0,
    budget_failures: 0,
    next_sync_at: now,
    // A new link is a new feed: what the old one showed of its platform's rules does not hold.
    rule_evidence: null,
  }
  await trx.updateTable('external_calendars').set(fresh).where('id', '=', row.id).execute()
  return { row: { ...row, ...fresh }, changed: true }
}

/** The token of a link to a feed Manzil serves, on whatever host the link names; null for any other link. */
function feedTokenOf(link: string): string | null {
  const { pathname } = new URL(link)
  return pathname.startsWith(FEED_PATH) ? feedTokenOfFile(pathname.slice(FEED_PATH.length)) : null
}

/**
 * Refuses, at `fieldOf(platform)`, a link to one of the property's own feeds (its export or a
 * platform's availability feed): `ownFeedLink`. A token is matched whatever host the link names,
 * since Manzil is reached by more names than PUBLIC_URL's.
 */
async function refuseOwnFeeds(
  trx: Db,
  propertyId: string,
  calendars: readonly ExternalCalendarInput[],
  fieldOf: (platform: string) => string,
): Promise<void> {
  const linked = calendars.flatMap((calendar) => {
    const token = feedTokenOf(calendar.urlPath)
    return token === null ? [] : [{ token, platform: calendar.platformName }]
  })
  if (linked.length === 0) return
  const tokens = linked.map(({ token }) => token)
  const own = await trx
    .selectFrom('properties')
    .select('export_token as token')
    .where('id', '=', propertyId)
    .where('export_token', 'in', tokens)
    .unionAll(
      trx
        .selectFrom('platform_feeds')
        .select('token')
        .where('property_id', '=', propertyId)
        .where('token', 'in', tokens),
    )
    .executeTakeFirst()
  const found = own && linked.find(({ token }) => token === own.token)
  if (found) throw ownFeedLink(found.platform, fieldOf(found.platform))
}

/** Makes the property's links exactly `calendars`; unchanged links keep their id and sync state. */
async function replaceCalendars(
  trx: Db,
  propertyId: string,
  calendars: ExternalCalendarInput[],
  now: string,
): Promise<string[]> {
  await refuseOwnFeeds(trx, propertyId, calendars, linkField)
  let removal = trx.deleteFrom('external_calendars').where('property_id', '=', propertyId)
  if (calendars.length > 0)
    removal = removal.where(
      'platform_name',
      'not in',
      calendars.map((calendar) => calendar.platformName),
    )
  await removal.execute()
  const changed: string[] = []
  for (const calendar of calendars) {
    const { row, changed: isChanged } = await upsertCalendar(trx, propertyId, calendar, now)
    if (isChanged) changed.push(row.id)
  }
  return changed
}

async function insertImages(trx: Db, propertyId: string, images: StoredImage[], now: string) {
  if (images.length === 0) return
  const last = await trx
    .selectFrom('property_images')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('property_id', '=', propertyId)
    .executeTakeFirst()
  const start = last?.position == null ? 0 : Number(last.position) + 1
  await trx
    .insertInto('property_images')
    .values(
      images.map((image, index) => ({
        id: randomUUID(),
        property_id: propertyId,
        file_name: image.fileName,
        thumb_name: image.thumbName,
        width: image.width,
        height: image.height,
        bytes: image.bytes,
        position: start + index,
        created_at: now,
      })),
    )
    .execute()
}

const propertyColumns = (form: PropertyForm) => ({
  name: form.fields.name,
  country: form.fields.country,
  region: form.fields.region,
  city: form.fields.city,
  address: form.fields.address,
  description: form.fields.description,
  capacity: form.fields.capacity,
  cost_per_night: form.fields.costPerNight,
  // Absent: the defaults for a new property, unchanged on update.
  ...(form.fields.checkInTime ? { check_in_time: form.fields.checkInTime } : {}),
  ...(form.fields.checkOutTime ? { check_out_time: form.fields.checkOutTime } : {}),
})

/** A new property's zone: the one the form names, else its country's (the whole address is read). */
const zoneOfNewProperty = ({ fields }: PropertyForm) =>
  fields.timeZone ?? defaultTimeZone(joinAddress(fields))

/**
 * After the property's zone changed, its feeds are read again at once, whatever their servers
 * say of them, so that their timed stays are dated in the new zone. Like a changed link, the
 * re-read tells no news (the stays only moved on our side); conflicts are still announced.
 */
async function redateCalendars(trx: Db, propertyId: string, now: string): Promise<string[]> {
  const rows = await trx
    .updateTable('external_calendars')
    .set({ etag: null, last_modified: null, content_hash: null, next_sync_at: now })
    .where('property_id', '=', propertyId)
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}

/** The stays of these properties, the conflicts announced between them with them, in batches. */
const deleteStaysOf = (db: Db, propertyIds: string[]) =>
  deleteInBatches(db, DELETE_BATCH.stays, (trx, size) =>
    trx
      .deleteFrom('bookings')
      .where(
        'id',
        'in',
        trx.selectFrom('bookings').select('id').where('property_id', 'in', propertyIds).limit(size),
      )
      .executeTakeFirst(),
  )

/** The runs of nights served as taken to these properties' platform feeds, in batches. */
const deleteServedNightsOf = (db: Db, propertyIds: string[]) =>
  deleteInBatches(db, DELETE_BATCH.rows, (trx, size) =>
    trx
      .deleteFrom('feed_served')
      .where(({ eb, refTuple, selectFrom }) =>
        eb(
          refTuple('feed_id', 'start_night', 'served_from'),
          'in',
          selectFrom('feed_served')
            .select(['feed_id', 'start_night', 'served_from'])
            .where(
              'feed_id',
              'in',
              selectFrom('platform_feeds').select('id').where('property_id', 'in', propertyIds),
            )
            .limit(size)
            .$asTuple('feed_id', 'start_night', 'served_from'),
        ),
      )
      .executeTakeFirst(),
  )

const feedIdsOf = async (db: Db, propertyIds: string[]) =>
  (await db.selectFrom('platform_feeds').select('id').where('property_id', 'in', propertyIds).execute()).map(
    (row) => row.id,
  )

/**
 * The properties of an owner and of their co-hosts (docs/product.md §6). Every function takes the
 * caller's id and finds only the rows they manage (server/team/access.ts), so anyone else's
 * property is a 404; deleting and rotating feeds are the owner's alone; quotas count against the
 * owner whoever acts. Admin routes pass the owner that `ownerOf` resolves.
 */
export function createPropertyService(deps: PropertyServiceDeps) {
  const { db, images, quotas } = deps
  // A list at the property quota is some hundreds of KB: 16 MB keeps dozens of the largest.
  const listBodies = createStampedCache<CachedBody>({ maxBytes: 16 << 20, sizeOf: bodyBytes })

  function announce(calendarIds: string[]) {
    if (calendarIds.length === 0 || !deps.onCalendarsChanged) return
    Promise.resolve()
      .then(() => deps.onCalendarsChanged?.(calendarIds))
      .catch((error: unknown) => deps.log.error({ err: error, calendarIds }, 'calendar change hook failed'))
  }

  /**
   * Which of a user's properties a call reaches: those they manage (own or co-host), or only
   * those they own (what only the owner may do, and an admin's view of an account).
   */
  const reachOf = (userId: string, reach: Reach) =>
    reach === 'owned'
      ? (eb: ExpressionBuilder<Database, 'properties'>) => eb('properties.owner_id', '=', userId)
      : managedBy(db, userId)

  /** A property the caller reaches; else 404. */
  async function findManaged(
    userId: string,
    propertyId: string,
    reach: Reach = 'managed',
  ): Promise<PropertyRow> {
    const row = await db
      .selectFrom('properties')
      .selectAll()
      .where('id', '=', propertyId)
      .where(reachOf(userId, reach))
      .executeTakeFirst()
    if (!row) throw notFound()
    return row
  }

  /** The properties the caller reaches, or one of them, the newest first. */
  const inOrder = (userId: string, reach: Reach, propertyId?: string) => {
    const query = db.selectFrom('properties').selectAll().where(reachOf(userId, reach))
    return (propertyId === undefined ? query : query.where('id', '=', propertyId))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
  }

  /**
   * Each shared property's `sharedBy`, by property: the owner's name (else their address) and the
   * caller's membership. The caller's own properties have none, and neither has one whose
   * membership ended since it was read.
   */
  async function sharers(
    userId: string,
    rows: PropertyRow[],
  ): Promise<Map<string, { ownerName: string; memberId: string }>> {
    const shared = rows.filter((row) => row.owner_id !== userId)
    if (shared.length === 0) return new Map()
    const ownerOfShared = new Map(shared.map((row) => [row.id, row.owner_id]))
    const [owners, memberships] = await Promise.all([
      db
        .selectFrom('users')
        .select(['id', 'name', 'email'])
        .where('id', 'in', [...new Set(ownerOfShared.values())])
        .execute(),
      db
        .selectFrom('property_members')
        .select(['id', 'property_id'])
        .where('user_id', '=', userId)
        .where('property_id', 'in', [...ownerOfShared.keys()])
        .execute(),
    ])
    const ownerName = new Map(owners.map((owner) => [owner.id, owner.name?.trim() || owner.email]))
    return new Map(
      memberships.map(({ id, property_id }) => [
        property_id,
        { ownerName: ownerName.get(ownerOfShared.get(property_id)!)!, memberId: id },
      ]),
    )
  }

  /**
   * The rows as properties with their images and links (and, for another's, `sharedBy`): one
   * query each, whatever the number of rows (at most the property quota's ids).
   */
  async function withImagesAndLinks(userId: string, rows: PropertyRow[]): Promise<Property[]> {
    if (rows.length === 0) return []
    const scope = rows.map((row) => row.id)
    const [imageRows, calendarRows, shares] = await Promise.all([
      db
        .selectFrom('property_images')
        .selectAll()
        .where('property_id', 'in', scope)
        .orderBy('position')
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('external_calendars')
        .select(CALENDAR_COLUMNS)
        .where('property_id', 'in', scope)
        .orderBy('created_at')
        .orderBy('platform_name')
        .execute(),
      sharers(userId, rows),
    ])
    const imagesOf = groupByProperty(imageRows)
    const calendarsOf = groupByProperty(calendarRows)
    // A membership that ended since the rows were read takes its property out of the answer.
    const readable = rows.filter((row) => row.owner_id === userId || shares.has(row.id))
    return readable.map((row) => {
      const property = toProperty(row, imagesOf.get(row.id) ?? [], calendarsOf.get(row.id) ?? [])
      const share = shares.get(row.id)
      // Only a co-host manages another's property: a cleaner's rows never come this far.
      return share === undefined ? property : { ...property, sharedBy: { role: 'cohost', ...share } }
    })
  }

  /** The properties the caller reaches, or one of them, the newest first. */
  async function load(userId: string, reach: Reach = 'managed', propertyId?: string): Promise<Property[]> {
    const rows = await inOrder(userId, reach, propertyId).execute()
    return withImagesAndLinks(userId, rows)
  }

  /** A page of those properties in the same order, narrowed to names and cities holding `search`. */
  async function page(
    userId: string,
    request: PageRequest,
    reach: Reach = 'managed',
  ): Promise<Page<Property>> {
    let query = inOrder(userId, reach)
    if (request.search !== '') {
      const pattern = containing(request.search)
      query = query.where((eb) =>
        eb.or([lowerLike('properties.name', pattern), lowerLike('properties.city', pattern)]),
      )
    }
    const { rows, total } = await readPage(query, request)
    const items = await withImagesAndLinks(userId, rows)
    return { items, total, page: request.page, pageSize: request.pageSize }
  }

  async function get(userId: string, propertyId: string): Promise<Property> {
    const [property] = await load(userId, 'managed', propertyId)
    if (!property) throw notFound()
    return property
  }

  /**
   * Runs `work` in one transaction; the form's photos are published once it commits, and leave
   * the disk when it fails.
   */
  async function writeWithImages<T>(form: PropertyForm, work: (trx: Transaction<Database>) => Promise<T>) {
    let result: T
    try {
      result = await writeTransaction(db, work)
    } catch (error) {
      await images.remove(form.images)
      throw error
    }
    await images.publish(form.images)
    return result
  }

  /**
   * Deletes the owner's properties (or one of them) with everything that is theirs, in batches
   * (server/db/batchedDelete.ts). Their links are first taken from the sync; then, a few
   * properties at a time, their stays go (the conflicts announced between them with them), the
   * nights served to their platforms' feeds, and the properties with their photos, links and
   * feeds; their photo files once that is committed. Answers how many properties went.
   */
  async function removeOwned(ownerId: string, propertyId?: string): Promise<number> {
    const owned = ownedIds(db, ownerId, propertyId)
    // A link being synced goes whole, stays and all: its sync's writes then find no link.
    for (const calendarId of await leaseForDeletion(db, owned, new Date().toISOString())) {
      await nextTurn()
      await writeTransaction(db, (trx) =>
        trx.deleteFrom('external_calendars').where('id', '=', calendarId).execute(),
      )
    }
    for (let removed = 0; ;) {
      const ids = (await owned.limit(DELETE_BATCH.properties).execute()).map((row) => row.id)
      if (ids.length === 0) return removed
      await deleteStaysOf(db, ids)
      await deleteServedNightsOf(db, ids)
      await forgetFetchesOf(db, await feedIdsOf(db, ids))
      await nextTurn()
      const { files, count } = await writeTransaction(db, async (trx) => {
        const files = await trx
          .selectFrom('property_images')
          .select(['file_name as fileName', 'thumb_name as thumbName'])
          .where('property_id', 'in', ids)
          .execute()
        const result = await trx
          .deleteFrom('properties')
          .where('id', 'in', ids)
          .where('owner_id', '=', ownerId)
          .executeTakeFirst()
        return { files, count: Number(result.numDeletedRows) }
      })
      await images.remove(files)
      removed += count
    }
  }

  const feedUrl = (token: string) => `${deps.publicUrl}${FEED_PATH}${token}.ics`

  /**
   * Each linked platform's availability feed, made on first request (migration 0007). Who
   * fetched it (`lastUserAgent`) is the owner's and admins' to read, not a co-host's
   * (docs/product.md §6).
   */
  async function platformFeeds(propertyId: string, owner: boolean): Promise<PlatformFeed[]> {
    const linked = await db
      .selectFrom('external_calendars')
      .select('platform_name')
      .where('property_id', '=', propertyId)
      .orderBy('platform_name')
      .execute()
    if (linked.length === 0) return []
    const now = deps.clock().toISOString()
    await db
      .insertInto('platform_feeds')
      .values(
        linked.map((calendar) => ({
          id: randomUUID(),
          property_id: propertyId,
          platform_name: calendar.platform_name,
          token: newExportToken(),
          created_at: now,
          link_since: now,
        })),
      )
      .onConflict((conflict) => conflict.columns(['property_id', 'platform_name']).doNothing())
      .execute()
    const feeds = await db
      .selectFrom('platform_feeds')
      .select(['platform_name', 'token'])
      .where('property_id', '=', propertyId)
      .execute()
    const tokenOf = new Map(feeds.map((feed) => [feed.platform_name, feed.token]))
    const figures = await deps.imports.ofProperty(propertyId)
    return linked.map((calendar) => {
      const figured = figures.get(calendar.platform_name)!
      return {
        platformName: calendar.platform_name,
        url: feedUrl(tokenOf.get(calendar.platform_name) as string),
        ...figured,
        lastUserAgent: owner ? figured.lastUserAgent : null,
      }
    })
  }

  return {
    list: (userId: string, reach: Reach = 'managed') => load(userId, reach),
    page,
    /** The signed-in reader's list as JSON, computed once per stamp of the data it shows. */
    listBody: (reader: Reader) =>
      listBodies(reader.id, reader.stamp, async () => jsonBody(z.array(Property), await load(reader.id))),
    /**
     * A page of it as JSON, likewise: the properties screen asks for its page again on every visit,
     * and at the quota one computed per request was a p99 of 819 ms under 50 connections.
     */
    pageBody: (reader: Reader, request: PageRequest) =>
      listBodies(
        `${reader.id}:${request.page}:${request.pageSize}:${request.search}`,
        reader.stamp,
        async () => jsonBody(pageOf(Property), await page(reader.id, request)),
      ),
    get,
    /**
     * Before a form's photos are read: what may still be uploaded to the property, or to a new one
     * of the caller's, counted against its owner. 404 unless the caller manages the property; 409
     * for a new one when the caller has as many as they may. `create` and `update` count again as
     * they write.
     */
    async roomFor(userId: string, propertyId?: string): Promise<UploadRoom> {
      if (propertyId === undefined) {
        await checkPropertyRoom(db, quotas, userId)
        return uploadRoom(db, quotas, userId)
      }
      const { owner_id: ownerId } = await findManaged(userId, propertyId)
      return uploadRoom(db, quotas, ownerId, propertyId)
    },

    async create(ownerId: string, form: PropertyForm): Promise<Property> {
      const id = randomUUID()
      const now = new Date().toISOString()
      const changed = await writeWithImages(form, async (trx) => {
        await holdAccount(trx, ownerId)
        await checkPropertyRoom(trx, quotas, ownerId)
        checkUpload(await uploadRoom(trx, quotas, ownerId), form.images)
        await trx
          .insertInto('properties')
          .values({
            id,
            owner_id: ownerId,
            ...propertyColumns(form),
            time_zone: zoneOfNewProperty(form),
            export_token: newExportToken(),
            created_at: now,
            updated_at: now,
          })
          .execute()
        await insertImages(trx, id, form.images, now)
        return replaceCalendars(trx, id, form.fields.externalCalendars ?? [], now)
      })
      announce(changed)
      return get(ownerId, id)
    },

    /**
     * Replaces the fields, adds the new photos, and replaces the links when the form has them. The
     * zone changes only when the form names one; a new zone has the feeds read again.
     */
    async update(userId: string, propertyId: string, form: PropertyForm): Promise<Property> {
      const now = new Date().toISOString()
      const { timeZone } = form.fields
      const changed = await writeWithImages(form, async (trx) => {
        const before = await trx
          .selectFrom('properties')
          .select(['time_zone', 'owner_id'])
          .where('id', '=', propertyId)
          .where(managedBy(trx, userId))
          .executeTakeFirst()
        if (!before) throw notFound()
        await trx
          .updateTable('properties')
          .set({ ...propertyColumns(form), ...(timeZone ? { time_zone: timeZone } : {}), updated_at: now })
          .where('id', '=', propertyId)
          .execute()
        if (form.images.length > 0) {
          // After the property's row, as the sync takes its locks; the owner's account pays.
          await holdAccount(trx, before.owner_id)
          checkUpload(await uploadRoom(trx, quotas, before.owner_id, propertyId), form.images)
        }
        await insertImages(trx, propertyId, form.images, now)
        const calendars = form.fields.externalCalendars
        const linked = calendars === undefined ? [] : await replaceCalendars(trx, propertyId, calendars, now)
        const redated =
          timeZone && timeZone !== before.time_zone ? await redateCalendars(trx, propertyId, now) : []
        return [...new Set([...linked, ...redated])]
      })
      announce(changed)
      return get(userId, propertyId)
    },

    /** Deletes the property with its photos, links and bookings, in batches; the photo files follow. */
    async remove(ownerId: string, propertyId: string): Promise<void> {
      if ((await removeOwned(ownerId, propertyId)) === 0) throw notFound()
    },

    /** Deletes every property of the owner, as `remove` does one (an account's deletion). */
    removeAll: async (ownerId: string): Promise<void> => void (await removeOwned(ownerId)),

    async listImages(userId: string, propertyId: string): Promise<PropertyImage[]> {
      return (await get(userId, propertyId)).images
    },

    async removeImage(userId: string, propertyId: string, imageId: string): Promise<void> {
      const removed = await db
        .deleteFrom('property_images')
        .where('id', '=', imageId)
        .where('property_id', 'in', managedIds(db, userId, propertyId))
        .returning(['file_name as fileName', 'thumb_name as thumbName'])
        .executeTakeFirst()
      if (!removed) throw notFound()
      await images.remove([removed])
    },

    async listExternalCalendars(userId: string, propertyId: string): Promise<ExternalCalendar[]> {
      return (await get(userId, propertyId)).externalCalendars
    },

    /** Adds the platform's link, or changes it if the platform is already linked. */
    async upsertExternalCalendar(
      userId: string,
      propertyId: string,
      input: ExternalCalendarInput,
    ): Promise<ExternalCalendar> {
      await findManaged(userId, propertyId)
      const { row, changed } = await writeTransaction(db, async (trx) => {
        const sameLink = await trx
          .selectFrom('external_calendars')
          .select('platform_name')
          .where('property_id', '=', propertyId)
          .where('url', '=', input.urlPath)
          .where('platform_name', '!=', input.platformName)
          .executeTakeFirst()
        if (sameLink) throw duplicateLink(input.platformName, sameLink.platform_name)
        await refuseOwnFeeds(trx, propertyId, [input], () => 'urlPath')
        return upsertCalendar(trx, propertyId, input, new Date().toISOString())
      })
      if (changed) announce([row.id])
      return toCalendar(row)
    },

    async removeExternalCalendar(userId: string, propertyId: string, calendarId: string): Promise<void> {
      const result = await db
        .deleteFrom('external_calendars')
        .where('id', '=', calendarId)
        .where('property_id', 'in', managedIds(db, userId, propertyId))
        .executeTakeFirst()
      if (Number(result.numDeletedRows) === 0) throw notFound()
    },

    /** The property's feeds' links: a co-host reads them, as they add them to platforms. */
    async internalCalendar(userId: string, propertyId: string): Promise<InternalCalendar> {
      const property = await findManaged(userId, propertyId)
      return {
        url: feedUrl(property.export_token),
        platforms: await platformFeeds(propertyId, property.owner_id === userId),
      }
    },

    /**
     * A new secret for one platform's availability feed; the old URL stops working at once. The
     * owner's alone: a co-host is told 404, as for a property not theirs (docs/product.md §6).
     */
    async rotatePlatformFeed(
      ownerId: string,
      propertyId: string,
      platformName: string,
    ): Promise<PlatformFeed> {
      await findManaged(ownerId, propertyId, 'owned')
      await platformFeeds(propertyId, true)
      const token = newExportToken()
      // A new address: no platform has it yet, and the old one's history goes with it: its
      // fetches, what they were served, and the host's "I closed them" (docs/decisions.md,
      // "Imports measured"). What alarmed of the old one ends at the next judgement.
      const rotated = await writeTransaction(db, async (trx) => {
        const rows = await trx
          .updateTable('platform_feeds')
          .set({
            token,
            link_since: deps.clock().toISOString(),
            served_hash: null,
            at_risk_acknowledged_at: null,
          })
          .where('property_id', '=', propertyId)
          .where('platform_name', '=', platformName)
          .returning('id')
          .execute()
        if (rows.length > 0)
          await trx
            .deleteFrom('feed_served')
            .where(
              'feed_id',
              'in',
              rows.map((row) => row.id),
            )
            .execute()
        return rows
      })
      if (rotated.length === 0) throw notFound()
      await forgetFetchesOf(
        db,
        rotated.map((row) => row.id),
      )
      const feeds = await platformFeeds(propertyId, true)
      return feeds.find((feed) => feed.platformName === platformName)!
    },

    /** A new secret for the export feed; the old URL stops working at once. The owner's alone. */
    async rotateInternalCalendar(ownerId: string, propertyId: string): Promise<InternalCalendar> {
      const token = newExportToken()
      const result = await db
        .updateTable('properties')
        .set({ export_token: token, updated_at: new Date().toISOString() })
        .where('id', '=', propertyId)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) === 0) throw notFound()
      return { url: feedUrl(token), platforms: await platformFeeds(propertyId, true) }
    },

    /** For admin routes: the owner of any property, so they can call the service on the owner's behalf. */
    async ownerOf(propertyId: string): Promise<string> {
      const row = await db
        .selectFrom('properties')
        .select('owner_id')
        .where('id', '=', propertyId)
        .executeTakeFirst()
      if (!row) throw notFound()
      return row.owner_id
    },
  }
}

export type PropertyService = ReturnType<typeof createPropertyService>
