import type { ExpressionBuilder } from 'kysely'
import type { TeamRole } from '../../contract/property.ts'
import { batchedLookup } from '../db/batchedLookup.ts'
import type { Db } from '../db/database.ts'
import type { Database, User } from '../db/schema.ts'

/**
 * Who may do what with a property (docs/product.md §6): its owner and its active co-hosts
 * manage it; its active cleaners only read its cleanings. An invitation not yet accepted opens
 * nothing. Every property-scoped query asks these, never `owner_id` alone.
 */
export type Access = 'owner' | TeamRole

/** The properties the user is an active member of, in one of `roles`. */
const memberOf = (db: Db, userId: string, roles: readonly TeamRole[]) =>
  db
    .selectFrom('property_members')
    .select('property_members.property_id')
    .where('property_members.user_id', '=', userId)
    .where('property_members.status', '=', 'active')
    .where('property_members.role', 'in', roles)

const MANAGING: readonly TeamRole[] = ['cohost']
const CLEANING: readonly TeamRole[] = ['cohost', 'cleaner']

/** A condition on `properties`: the user owns the row's property or is a member in `roles`. */
const reachedBy =
  (db: Db, userId: string, roles: readonly TeamRole[]) => (eb: ExpressionBuilder<Database, 'properties'>) =>
    eb.or([eb('properties.owner_id', '=', userId), eb('properties.id', 'in', memberOf(db, userId, roles))])

/** A condition on `properties`: the user may act on the property as its owner or a co-host. */
export const managedBy = (db: Db, userId: string) => reachedBy(db, userId, MANAGING)

/** A condition on `properties`: the user may read the property's cleanings (any role). */
export const cleanedBy = (db: Db, userId: string) => reachedBy(db, userId, CLEANING)

/** The ids of the properties the user manages, or of one of them. */
export function managedIds(db: Db, userId: string, propertyId?: string) {
  const query = db.selectFrom('properties').select('properties.id').where(managedBy(db, userId))
  return propertyId === undefined ? query : query.where('properties.id', '=', propertyId)
}

/** Properties with the owner and the user's active membership, if any: the user's part in each. */
export const accessOf = (db: Db, userId: string) =>
  db
    .selectFrom('properties')
    .leftJoin('property_members', (join) =>
      join
        .onRef('property_members.property_id', '=', 'properties.id')
        .on('property_members.user_id', '=', userId)
        .on('property_members.status', '=', 'active'),
    )
    .select(['properties.owner_id', 'property_members.role'])

/** The user's part in one property; null for none (a stranger, or an invitation not accepted). */
export async function accessTo(db: Db, userId: string, propertyId: string): Promise<Access | null> {
  const row = await accessOf(db, userId).where('properties.id', '=', propertyId).executeTakeFirst()
  if (!row) return null
  return row.owner_id === userId ? 'owner' : row.role
}

/**
 * Whom a cached answer is for, and the stamp it is exact under: the reader's own data version
 * (migration 0002), and, for each property they are an active member of, the membership, its
 * role, its owner's data version and when the owner's account last changed (their name). Any
 * write an owner makes moves the owner's version, so a co-host's cached list, figures or feed is
 * recomputed as the owner's would be; a membership that begins, changes role or ends changes the
 * stamp too (docs/decisions.md, "Cached answers under a data version").
 */
export type Reader = { id: string; stamp: string }

/**
 * Each reader's active memberships as stamp parts, the readers of one turn of the event loop in
 * one query: every cached answer asks, so under load they share a round trip instead of queueing
 * for a connection each (as the sessions' lookups do).
 */
const membershipPartsOf = batchedLookup<string[]>(async (db, userIds) => {
  const rows = await db
    .selectFrom('property_members')
    .innerJoin('properties', 'properties.id', 'property_members.property_id')
    .innerJoin('users', 'users.id', 'properties.owner_id')
    .select([
      'property_members.user_id',
      'property_members.id',
      'property_members.role',
      'users.data_version',
      'users.updated_at',
    ])
    .where('property_members.user_id', 'in', userIds)
    .where('property_members.status', '=', 'active')
    .orderBy('property_members.id')
    .execute()
  const parts = new Map<string, string[]>()
  for (const row of rows) {
    // Matched by a reader's id, so never an invitation's empty user.
    if (row.user_id === null) continue
    const own = parts.get(row.user_id) ?? []
    // The owner's last account change too: a shared property is shown with their name (else
    // their address), which no write to their properties' data moves.
    own.push(`${row.id}.${row.role}.${row.data_version}.${row.updated_at}`)
    parts.set(row.user_id, own)
  }
  return [...parts].map(([key, row]) => ({ key, row }))
})

export async function readerOf(db: Db, user: Pick<User, 'id' | 'data_version'>): Promise<Reader> {
  const parts = (await membershipPartsOf(db, user.id)) ?? []
  return { id: user.id, stamp: [String(user.data_version), ...parts].join(':') }
}

/**
 * Which workspace the account opens on (docs/product.md §7.13): a cleaner's when it owns no
 * property and co-hosts none but cleans at least one, else a host's.
 */
export async function workspaceOf(db: Db, userId: string): Promise<'host' | 'cleaner'> {
  const [managed, cleaned] = await Promise.all([
    managedIds(db, userId).limit(1).executeTakeFirst(),
    memberOf(db, userId, ['cleaner']).limit(1).executeTakeFirst(),
  ])
  return managed === undefined && cleaned !== undefined ? 'cleaner' : 'host'
}

/**
 * Who hears of what happens at a property (docs/product.md §6): its owner and its active
 * co-hosts, each only with notifications on; never a cleaner.
 */
export async function noticeRecipients(db: Db, propertyId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.notifications_enabled', '=', 1)
    .where((eb) =>
      eb.or([
        eb('users.id', 'in', db.selectFrom('properties').select('owner_id').where('id', '=', propertyId)),
        eb(
          'users.id',
          'in',
          db
            .selectFrom('property_members')
            .select('property_members.user_id')
            .where('property_members.property_id', '=', propertyId)
            .where('property_members.status', '=', 'active')
            .where('property_members.role', 'in', MANAGING),
        ),
      ]),
    )
    .execute()
  return rows.map((row) => row.id)
}
