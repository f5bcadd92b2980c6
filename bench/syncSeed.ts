/**
 * The rows bench/sync.ts seeds: hosts, their properties and their links, inserted in batches of
 * 500 in one transaction, as fast on either engine as rows can go in.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { hashPassword } from '../server/auth/password.ts'
import type { Db } from '../server/db/database.ts'
import { STRONG_PASSWORD } from '../tests/server/builders.ts'

const now = () => new Date().toISOString()

/** A host of that address, its name the address unless given. */
export const hostRow = (email: string, passwordHash: string, name = email) => ({
  id: randomUUID(),
  email,
  password_hash: passwordHash,
  name,
  phone: null,
  residental_address: null,
  is_admin: 0 as const,
  twofactor_enabled: 0 as const,
  created_at: now(),
  updated_at: now(),
})

/** `count` hosts named `bench-<prefix>-<n>`, all with the one strong password. */
export async function hostRows(prefix: string, count: number) {
  const passwordHash = await hashPassword(STRONG_PASSWORD)
  return Array.from({ length: count }, (_, index) =>
    hostRow(`bench-${prefix}-${index}@example.com`, passwordHash, `Host ${index}`),
  )
}

/** A flat in Riyadh, `index` naming it. */
export const propertyRow = (ownerId: string, index: number, name = `Flat ${index}`) => ({
  id: randomUUID(),
  owner_id: ownerId,
  name,
  country: 'Saudi Arabia',
  region: null,
  city: 'Riyadh',
  address: `King Fahd Road ${index}`,
  description: null,
  capacity: 4,
  cost_per_night: 500,
  export_token: randomBytes(16).toString('hex'),
  created_at: now(),
  updated_at: now(),
})

/** A link to `url`, due now. */
export const calendarRow = (propertyId: string, platform: string, url: string, id = randomUUID()) => ({
  id,
  property_id: propertyId,
  platform_name: platform,
  url,
  next_sync_at: now(),
  created_at: now(),
})

type Rows = {
  users: ReturnType<typeof hostRow>[]
  properties: ReturnType<typeof propertyRow>[]
  calendars: ReturnType<typeof calendarRow>[]
}

export async function insertRows(db: Db, { users, properties, calendars }: Rows) {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < users.length; i += 500)
      await trx
        .insertInto('users')
        .values(users.slice(i, i + 500))
        .execute()
    for (let i = 0; i < properties.length; i += 500)
      await trx
        .insertInto('properties')
        .values(properties.slice(i, i + 500))
        .execute()
    for (let i = 0; i < calendars.length; i += 500)
      await trx
        .insertInto('external_calendars')
        .values(calendars.slice(i, i + 500))
        .execute()
  })
}
