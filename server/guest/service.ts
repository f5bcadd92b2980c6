import type { DateOnly } from '../../src/domain/dates.ts'
import { guestKey, summariseGuests, type Guest } from '../../src/domain/guests.ts'
import { todayIn } from '../../src/domain/timeZones.ts'
import type { Db } from '../db/database.ts'
import type { User } from '../db/schema.ts'
import { createStampedCache } from '../db/stampedCache.ts'
import { managedBy, readerOf } from '../team/access.ts'

/**
 * The guests of the bookings on the properties the viewer owns or co-hosts, or on every property
 * for an admin; src/domain/guests.ts decides who counts and how guests are told apart. A stay is past
 * or next by today where its property is (docs/product.md §3.7).
 */
async function listGuests(db: Db, viewer: User, now: Date = new Date()): Promise<Guest[]> {
  let query = db
    .selectFrom('bookings')
    .innerJoin('properties', 'properties.id', 'bookings.property_id')
    .select([
      'bookings.guest_name',
      'bookings.start_date',
      'bookings.end_date',
      'bookings.kind',
      'bookings.cancelled_at',
      'bookings.nightly_price',
      'properties.time_zone',
    ])
    .where('bookings.echo', '=', 0)
  if (viewer.is_admin !== 1) query = query.where(managedBy(db, viewer.id))
  const rows = await query.execute()
  const todays = new Map<string, DateOnly>()
  const todayOf = (zone: string) => {
    let today = todays.get(zone)
    if (today === undefined) todays.set(zone, (today = todayIn(zone, now)))
    return today
  }
  return summariseGuests(
    rows.map((row) => ({
      guestName: row.guest_name,
      start: row.start_date,
      end: row.end_date,
      kind: row.kind,
      cancelled: row.cancelled_at !== null,
      nightlyPrice: row.nightly_price === null ? null : Number(row.nightly_price),
      timeZone: row.time_zone,
    })),
    (stay) => todayOf(stay.timeZone),
  )
}

/**
 * The guests whose name holds `search`, told apart as `guestKey` tells them. The list is summed
 * up from every booking before it is searched or paged: a guest's figures span all their stays.
 */
function findGuests(guests: Guest[], search: string): Guest[] {
  const needle = guestKey(search)
  return needle === '' ? guests : guests.filter((guest) => guestKey(guest.name).includes(needle))
}

/**
 * Today where a property is changes only on a quarter hour of UTC (every zone's offset is a
 * multiple of 15 minutes), so a list kept within one quarter is exact for its stamp's data.
 */
const QUARTER_HOUR_MS = 15 * 60_000
/** What one guest of a kept list weighs, a generous guess with its entry's share. */
const GUEST_BYTES = 256

export type GuestServiceDeps = { db: Db }

/**
 * The guest list, summed up from every booking once per version of the data it reads, not on
 * every request: a page of an account with 20,000 stays would otherwise read all of them each
 * time (docs/decisions.md, "The guest list is kept per version of its data"). An owner's list
 * is kept under the stamp of what they read (server/team/access.ts), which every write of those
 * stays changes; the
 * admins' list of everyone under the count, sum and newest creation of every account's.
 */
export function createGuestService({ db }: GuestServiceDeps) {
  const lists = createStampedCache<Guest[]>({
    maxBytes: 32 << 20,
    sizeOf: (guests) => GUEST_BYTES * (guests.length + 1),
  })
  const everyAccountsVersion = async () => {
    const row = await db
      .selectFrom('users')
      .select((eb) => [
        eb.fn.countAll().as('accounts'),
        eb.fn.sum('data_version').as('versions'),
        eb.fn.max('created_at').as('newest'),
      ])
      .executeTakeFirstOrThrow()
    return `${row.accounts}:${row.versions}:${row.newest}`
  }
  const list = async (viewer: User, now: Date = new Date()): Promise<Guest[]> => {
    const everyone = viewer.is_admin === 1
    const version = everyone ? await everyAccountsVersion() : (await readerOf(db, viewer)).stamp
    const stamp = `${version}@${Math.floor(now.getTime() / QUARTER_HOUR_MS)}`
    return lists(everyone ? 'everyone' : viewer.id, stamp, () => listGuests(db, viewer, now))
  }
  return {
    list,
    /** The viewer's guests whose name holds `search` (every guest for an empty one). */
    find: async (viewer: User, search: string): Promise<Guest[]> => findGuests(await list(viewer), search),
  }
}

export type GuestService = ReturnType<typeof createGuestService>
