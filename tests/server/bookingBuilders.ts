import { randomBytes, randomUUID } from 'node:crypto'
import type { Db } from '../../server/db/database.ts'
import type { BookingsTable } from '../../server/db/schema.ts'

/** A sale's row as the sync engine writes it, to insert many at once (nightly price 100). */
export function aSaleRow(
  calendar: CalendarRef,
  start: string,
  end: string,
  guestName: string,
  description: string | null = null,
) {
  const id = randomUUID()
  const now = new Date().toISOString()
  return {
    id,
    calendar_id: calendar.id,
    property_id: calendar.propertyId,
    uid: `${id}@fixture`,
    summary: `Reserved - ${guestName}`,
    description,
    location: null,
    start_date: start,
    end_date: end,
    status: 'Reserved',
    guest_name: guestName,
    kind: 'booking' as const,
    platform: calendar.platformName,
    cancelled_at: null,
    nightly_price: 100,
    first_seen_at: now,
    updated_at: now,
  }
}

type PropertyOptions = { name?: string; costPerNight?: number | null; createdAt?: Date }

/** Inserts a property row directly, for tests about what its bookings add up to. */
export async function aPropertyRow(db: Db, ownerId: string, options: PropertyOptions = {}): Promise<string> {
  const id = randomUUID()
  const createdAt = (options.createdAt ?? new Date()).toISOString()
  await db
    .insertInto('properties')
    .values({
      id,
      owner_id: ownerId,
      name: options.name ?? 'Fixture flat',
      country: 'Saudi',
      region: null,
      city: 'Jeddah',
      address: 'Corniche Road 1',
      description: null,
      capacity: 4,
      cost_per_night: options.costPerNight === undefined ? 100 : options.costPerNight,
      export_token: randomBytes(16).toString('hex'),
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute()
  return id
}

export type CalendarRef = { id: string; propertyId: string; platformName: string }

/** An external calendar of a property; it never syncs (next_sync_at far away). */
export async function aCalendarRow(
  db: Db,
  propertyId: string,
  platformName = 'Airbnb',
): Promise<CalendarRef> {
  const id = randomUUID()
  await db
    .insertInto('external_calendars')
    .values({
      id,
      property_id: propertyId,
      platform_name: platformName,
      url: `https://calendars.example/${id}.ics`,
      next_sync_at: '9999-01-01T00:00:00.000Z',
      created_at: new Date().toISOString(),
    })
    .execute()
  return { id, propertyId, platformName }
}

type StayOptions = {
  kind?: BookingsTable['kind']
  guestName?: string
  status?: string
  cancelled?: boolean
  /** Defaults to the property's cost per night now, as the sync engine stores it. */
  nightlyPrice?: number | null
  /** The feed's DESCRIPTION as stored. */
  description?: string
}

/** A row of the bookings table as the sync engine writes it: `start`/`end` are check-in/check-out. */
export async function aStay(
  db: Db,
  calendar: CalendarRef,
  start: string,
  end: string,
  options: StayOptions = {},
): Promise<string> {
  const id = randomUUID()
  const now = new Date().toISOString()
  const kind = options.kind ?? 'booking'
  const guestName = options.guestName ?? (kind === 'block' ? 'Blocked' : 'Guest')
  const status = options.status ?? (kind === 'block' ? 'Blocked' : 'Reserved')
  const property = await db
    .selectFrom('properties')
    .select('cost_per_night')
    .where('id', '=', calendar.propertyId)
    .executeTakeFirst()
  const nightlyPrice =
    options.nightlyPrice !== undefined ? options.nightlyPrice : (property?.cost_per_night ?? null)
  await db
    .insertInto('bookings')
    .values({
      id,
      calendar_id: calendar.id,
      property_id: calendar.propertyId,
      uid: `${id}@fixture`,
      summary: kind === 'block' ? 'Not available' : `${status} - ${guestName}`,
      description: options.description ?? null,
      location: null,
      start_date: start,
      end_date: end,
      status,
      guest_name: guestName,
      kind,
      platform: calendar.platformName,
      cancelled_at: options.cancelled ? now : null,
      nightly_price: nightlyPrice,
      first_seen_at: now,
      updated_at: now,
      taken_at: now,
    })
    .execute()
  return id
}
