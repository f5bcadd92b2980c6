import type { DateOnly } from '../../src/domain/dates.ts'
import { summariseGuests, type Guest } from '../../src/domain/guests.ts'
import { todayIn } from '../../src/domain/timeZones.ts'
import type { Db } from '../db/database.ts'
import type { User } from '../db/schema.ts'

/**
 * The guests of the bookings on the viewer's properties, or on every property for an
 * admin; src/domain/guests.ts decides who counts and how guests are told apart. A stay is past
 * or next by today where its property is (docs/product.md §3.7).
 */
export async function listGuests(db: Db, viewer: User, now: Date = new Date()): Promise<Guest[]> {
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
  if (viewer.is_admin !== 1) query = query.where('properties.owner_id', '=', viewer.id)
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
