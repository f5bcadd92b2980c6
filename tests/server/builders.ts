import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../server/db/database.ts'
import { hashPassword } from '../../server/auth/password.ts'
import { SESSION_COOKIE } from '../../server/auth/session.ts'
import type { NotificationData } from '../../contract/notification.ts'
import type { TeamRole } from '../../contract/team.ts'
import { createNotification } from '../../server/notification/store.ts'
import type { FeedServer } from '../fixtures/feedServer.ts'

export const STRONG_PASSWORD = 'Sunny-Day-42'

let counter = 0
export const uniqueEmail = (prefix = 'host') => `${prefix}-${Date.now()}-${++counter}@example.com`

type UserOptions = {
  email?: string
  password?: string
  isAdmin?: boolean
  name?: string
  twofactor?: boolean
}

/** Inserts an account directly, for tests whose subject is not registration. */
export async function aUser(db: Db, options: UserOptions = {}) {
  const now = new Date().toISOString()
  const email = options.email ?? uniqueEmail()
  const password = options.password ?? STRONG_PASSWORD
  const id = randomUUID()
  await db
    .insertInto('users')
    .values({
      id,
      email,
      password_hash: await hashPassword(password),
      name: options.name ?? null,
      phone: null,
      residental_address: null,
      is_admin: options.isAdmin ? 1 : 0,
      twofactor_enabled: options.twofactor ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .execute()
  return { id, email, password }
}

/** Signs in through the real route and returns the Cookie header value to send afterwards. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = STRONG_PASSWORD,
): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`)
  const session = response.cookies.find((c) => c.name === SESSION_COOKIE)
  if (!session) throw new Error('sign-in set no session cookie')
  return `${SESSION_COOKIE}=${session.value}`
}

/** Inserts a property directly, for tests whose subject is not the property routes. */
export async function aPropertyRow(
  db: Db,
  ownerId: string,
  /** `timeZone` unset: the column's default, UTC. */
  options: { name?: string; costPerNight?: number; timeZone?: string } = {},
) {
  const now = new Date().toISOString()
  const id = randomUUID()
  const exportToken = randomBytes(32).toString('base64url')
  await db
    .insertInto('properties')
    .values({
      id,
      owner_id: ownerId,
      name: options.name ?? 'Villa Rawdah',
      country: 'Saudi Arabia',
      region: null,
      city: 'Riyadh',
      address: 'King Fahd Road 12',
      description: null,
      capacity: 4,
      cost_per_night: options.costPerNight ?? 500,
      ...(options.timeZone ? { time_zone: options.timeZone } : {}),
      export_token: exportToken,
      created_at: now,
      updated_at: now,
    })
    .execute()
  return { id, exportToken }
}

/** Links a feed to a property directly (no sync starts), due at once. */
export async function aCalendarRow(db: Db, propertyId: string, url: string, platformName = 'Airbnb') {
  const now = new Date().toISOString()
  const id = randomUUID()
  await db
    .insertInto('external_calendars')
    .values({
      id,
      property_id: propertyId,
      platform_name: platformName,
      url,
      next_sync_at: now,
      created_at: now,
    })
    .execute()
  return id
}

/**
 * An Airbnb reservation and a Booking.com closure sharing a night at the property, each on a link
 * of its own served by `feeds`: the links' first imports find a double booking.
 */
export async function aDoubleBookingFeed(db: Db, feeds: FeedServer, propertyId: string) {
  for (const [platform, fixture] of [
    ['Airbnb', 'airbnb-december.ics'],
    ['Booking.com', 'booking-december.ics'],
  ] as const) {
    const route = `/${randomUUID()}.ics`
    feeds.serveFixture(route, fixture)
    await aCalendarRow(db, propertyId, feeds.url(route), platform)
  }
}

/** A change notice waiting in the mail outbox, as a sync stores it. */
export function aNotice(db: Db, userId: string, kind: 'new' | 'conflict', now = new Date().toISOString()) {
  const data: NotificationData = {
    kind,
    ical: '',
    platformName: 'Airbnb',
    propertyName: 'Villa Rawdah',
    conflict: kind === 'conflict',
    stay: { guestName: 'Sara', start: '2030-03-01', end: '2030-03-04', platform: 'Airbnb', kind: 'booking' },
  }
  return createNotification(db, { userId, title: null, data, now })
}

/**
 * Puts an account on a property's team directly, as an accepted invitation leaves it: active
 * (or, with `status: 'invited'`, still waiting, which opens nothing). Answers the member's id.
 */
export async function aTeamMember(
  db: Db,
  member: { propertyId: string; user: { id: string; email: string }; role: TeamRole; invitedBy: string },
  status: 'active' | 'invited' = 'active',
): Promise<string> {
  const id = randomUUID()
  const now = new Date().toISOString()
  const active = status === 'active'
  await db
    .insertInto('property_members')
    .values({
      id,
      property_id: member.propertyId,
      user_id: active ? member.user.id : null,
      email: member.user.email.toLowerCase(),
      role: member.role,
      status,
      invited_by: member.invitedBy,
      token_hash: null,
      invited_at: now,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      accepted_at: active ? now : null,
    })
    .execute()
  return id
}
