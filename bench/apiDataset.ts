import { randomBytes, randomUUID } from 'node:crypto'
import type { Insertable } from 'kysely'
import { addDays, localToday } from '../src/domain/dates.ts'
import { hashPassword } from '../server/auth/password.ts'
import type { Db } from '../server/db/database.ts'
import type { Database } from '../server/db/schema.ts'
import { aUser } from '../tests/server/builders.ts'
import { sized } from './quick.ts'

export type Dataset = { properties: number; bookings: number; otherUsers: number }

export const DATASET: Dataset = sized(
  { properties: 200, bookings: 20_000, otherUsers: 1_000 },
  { properties: 10, bookings: 1_000, otherUsers: 20 },
)
/**
 * An account at the default quota of properties (QUOTA_PROPERTIES_PER_ACCOUNT, server/config.ts),
 * each with as many stays as DATASET's; no other users, so that it can be seeded beside DATASET.
 */
export const QUOTA_DATASET: Dataset = sized(
  { properties: 500, bookings: 50_000, otherUsers: 0 },
  { properties: 20, bookings: 2_000, otherUsers: 0 },
)
const PLATFORMS = ['Airbnb', 'Booking.com'] as const
/** How often each platform imports its availability feed: Airbnb every two hours, Booking.com hourly. */
const IMPORT_EVERY_MS = { Airbnb: 2 * 3_600_000, 'Booking.com': 3_600_000 } as const
const WEEK_MS = 7 * 86_400_000
const GUESTS = ['Sara Al-Harbi', 'Omar Haddad', 'Lina Nasser', 'John Smith', 'Mona Saleh', 'Yusuf Karim']
const CITIES = ['Riyadh', 'Jeddah', 'Dammam', 'Abha', 'Taif']
const CHUNK = 500

/** Deterministic, so every run measures the same data: a small linear congruential generator. */
function randomSequence(seed: number) {
  let state = seed
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state % below
  }
}

async function insertAll<T extends keyof Database>(db: Db, table: T, rows: Insertable<Database[T]>[]) {
  for (let index = 0; index < rows.length; index += CHUNK) {
    // Kysely cannot relate a generic table name to its row type; the rows are typed by the caller.
    await db
      .insertInto(table)
      .values(rows.slice(index, index + CHUNK) as never)
      .execute()
  }
}

/**
 * One host with `size`'s properties (DATASET's by default; two photos and two platform links
 * each) and stays from about 15 months ago to 5 months ahead, some of them blocks or cancelled;
 * a week of the platforms' imports of each link's availability feed; and other users.
 * Rows go in by the hundred; the links never come due for a sync.
 */
export async function seedApiDataset(db: Db, size: Dataset = DATASET) {
  const random = randomSequence(7)
  const host = await aUser(db, { name: 'Bench Host' })
  const now = new Date()
  const nowIso = now.toISOString()
  const today = localToday(now)
  const otherHash = await hashPassword(randomBytes(16).toString('hex'))
  const users = Array.from({ length: size.otherUsers }, (_, index) => ({
    id: randomUUID(),
    email: `guest-${index}@bench.example`,
    password_hash: otherHash,
    name: `User ${index}`,
    phone: null,
    residental_address: null,
    created_at: nowIso,
    updated_at: nowIso,
  }))
  const properties = Array.from({ length: size.properties }, (_, index) => {
    const createdAt = new Date(now.getTime() - random(700) * 86_400_000).toISOString()
    return {
      id: randomUUID(),
      owner_id: host.id,
      name: `Bench flat ${index + 1}`,
      country: 'Saudi Arabia',
      region: null,
      city: CITIES[index % CITIES.length] ?? 'Riyadh',
      address: `${index + 1} King Fahd Road`,
      description: 'A generated property for the API benchmark.',
      capacity: 1 + random(8),
      cost_per_night: index % 25 === 0 ? null : 150 + random(900),
      export_token: randomBytes(32).toString('base64url'),
      created_at: createdAt,
      updated_at: createdAt,
    }
  })
  const images = properties.flatMap((property) =>
    [0, 1].map((position) => ({
      id: randomUUID(),
      property_id: property.id,
      file_name: `${property.id}-${position}.webp`,
      thumb_name: `${property.id}-${position}-thumb.webp`,
      width: 1600,
      height: 1200,
      position,
      created_at: property.created_at,
    })),
  )
  const calendars = properties.flatMap((property) =>
    PLATFORMS.map((platform) => ({
      id: randomUUID(),
      property_id: property.id,
      platform_name: platform,
      url: `https://calendars.example/${property.id}/${platform}.ics`,
      last_synced_at: nowIso,
      next_sync_at: '9999-01-01T00:00:00.000Z',
      created_at: property.created_at,
    })),
  )
  const perProperty = size.bookings / size.properties
  const bookings = properties.flatMap((property, propertyIndex) => {
    let start = addDays(today, -450 + random(10))
    return Array.from({ length: perProperty }, (_, index) => {
      const calendar = calendars[propertyIndex * PLATFORMS.length + (index % PLATFORMS.length)]
      if (!calendar) throw new Error('every property has its calendars')
      const end = addDays(start, 1 + random(7))
      const block = random(10) === 0
      const guest = block ? 'Blocked' : (GUESTS[random(GUESTS.length)] ?? 'Guest')
      const stay = {
        id: randomUUID(),
        calendar_id: calendar.id,
        property_id: property.id,
        uid: `${randomUUID()}@bench`,
        summary: block ? 'Not available' : `Reserved - ${guest}`,
        description: null,
        location: null,
        start_date: start,
        end_date: end,
        status: block ? 'Blocked' : 'Reserved',
        guest_name: guest,
        kind: block ? ('block' as const) : ('booking' as const),
        platform: calendar.platform_name,
        cancelled_at: random(20) === 0 ? nowIso : null,
        first_seen_at: nowIso,
        updated_at: nowIso,
      }
      // Mostly back to back, sometimes overlapping (a conflict), sometimes a gap.
      start = addDays(end, random(6) - 1)
      return stay
    })
  })
  // Each linked platform's availability feed, as the property's page makes them.
  const platformFeeds = calendars.map((calendar) => ({
    id: randomUUID(),
    property_id: calendar.property_id,
    platform_name: calendar.platform_name,
    token: randomBytes(24).toString('base64url'),
    created_at: calendar.created_at,
  }))
  await db.transaction().execute(async (trx) => {
    await insertAll(trx, 'users', users)
    await insertAll(trx, 'properties', properties)
    await insertAll(trx, 'property_images', images)
    await insertAll(trx, 'external_calendars', calendars)
    await insertAll(trx, 'platform_feeds', platformFeeds)
  })
  // Each stay's insert bumps its owner's data version (migration 0002): in one transaction,
  // PostgreSQL walks every earlier version of that row at each one, 50,000 of them for the quota's
  // host. A transaction per hundreds keeps the walk short.
  for (let index = 0; index < bookings.length; index += CHUNK)
    await db.transaction().execute((trx) => insertAll(trx, 'bookings', bookings.slice(index, index + CHUNK)))
  // The last week of each platform's imports, as the fetch log keeps them: the nights at risk
  // read each feed's import intervals from them.
  const fetches = platformFeeds.flatMap((feed, index) => {
    const every = IMPORT_EVERY_MS[feed.platform_name]
    return Array.from({ length: WEEK_MS / every }, (_, step) => {
      const at = new Date(now.getTime() - (index % 60) * 60_000 - step * every)
      return {
        feed_id: feed.id,
        minute: at.toISOString().slice(0, 16),
        fetched_at: at.toISOString(),
        status: step % 4 === 0 ? 200 : 304,
        bytes: step % 4 === 0 ? 9_000 : 0,
        user_agent: feed.platform_name === 'Airbnb' ? 'Airbnb (ical)' : 'Booking.com iCal',
      }
    })
  })
  await db.transaction().execute((trx) => insertAll(trx, 'feed_fetches', fetches))
  return {
    host,
    exportTokens: properties.map((property) => property.export_token),
    platformTokens: platformFeeds.map((feed) => feed.token),
  }
}
