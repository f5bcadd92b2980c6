import type { Selectable, SelectQueryBuilder } from 'kysely'
import { PAUSE_AFTER_BUDGET_FAILURES } from '../sync/budgets.ts'
import type { DatabaseHandle, Db } from './database.ts'
import type { Database, ExternalCalendarsTable } from './schema.ts'

export type CalendarRow = Selectable<ExternalCalendarsTable>

export type LeaseRequest = {
  now: string
  /** When the lease runs out if its holder dies mid-sync. */
  leaseUntil: string
  limit: number
  /**
   * These calendars whether due or not (a "sync now"); otherwise the due ones, oldest first,
   * leaving out the feeds paused for failing their budgets. Either way, only the calendars of
   * active accounts.
   */
  ids?: string[]
}

/**
 * Leases external calendars to this process so no other process syncs them at the same time.
 * One UPDATE takes only rows whose lease is free. PostgreSQL's `FOR UPDATE SKIP LOCKED` lets
 * concurrent claimers pass over each other's candidate rows instead of queueing on them; SQLite
 * has one writer at a time, so the plain statement is already exclusive.
 *
 * A deactivated account's calendars are never claimed: its feeds are not fetched, on schedule or
 * on request, until it is active again, and then the overdue ones are due at once. The owner is
 * looked up in a subquery, so `FOR UPDATE` locks only the calendars' rows, never the owner's.
 */
export async function claimCalendars(handle: DatabaseHandle, request: LeaseRequest): Promise<CalendarRow[]> {
  if (request.ids?.length === 0) return []
  const { db } = handle
  let candidates = db
    .selectFrom('external_calendars')
    .select('id')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', request.now)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('properties')
          .innerJoin('users', 'users.id', 'properties.owner_id')
          .select('properties.id')
          .whereRef('properties.id', '=', 'external_calendars.property_id')
          .where('users.account_state', '=', 'active'),
      ),
    )
    .orderBy('next_sync_at')
    .limit(request.limit)
  candidates = request.ids
    ? candidates.where('id', 'in', request.ids)
    : candidates
        .where('next_sync_at', '<=', request.now)
        .where('budget_failures', '<', PAUSE_AFTER_BUDGET_FAILURES)
  if (handle.engine === 'postgres') candidates = candidates.forUpdate().skipLocked()
  return db
    .updateTable('external_calendars')
    .set({ lease_until: request.leaseUntil })
    .where('id', 'in', candidates)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', request.now)]))
    .returningAll()
    .execute()
}

/**
 * At start: an SQLite file has one server process, so any lease still held was this process's
 * before it died and is released now rather than left to run out (the sync resumes at once).
 * PostgreSQL may have other live processes holding leases; theirs run out on their own.
 */
export async function releaseOrphanedLeases(handle: DatabaseHandle): Promise<void> {
  if (handle.engine !== 'sqlite') return
  await handle.db
    .updateTable('external_calendars')
    .set({ lease_until: null })
    .where('lease_until', 'is not', null)
    .execute()
}

/** The lease of a link whose property is being deleted: it outlives every sync. */
const DELETION_LEASE = '9999-12-31T23:59:59.999Z'

/**
 * Takes the links of properties about to be deleted from the sync: each free lease is held until
 * the rows go, so no process starts a sync of them while their stays are deleted a batch at a
 * time (such a sync would find some stays gone and announce them as new). Answers the links it
 * could not take, whose sync is running: those must go at once, stays and all.
 */
export async function leaseForDeletion(
  db: Db,
  propertyIds: SelectQueryBuilder<Database, 'properties', { id: string }>,
  now: string,
): Promise<string[]> {
  await db
    .updateTable('external_calendars')
    .set({ lease_until: DELETION_LEASE })
    .where('property_id', 'in', propertyIds)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .execute()
  const running = await db
    .selectFrom('external_calendars')
    .select('id')
    .where('property_id', 'in', propertyIds)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '!=', DELETION_LEASE)]))
    .execute()
  return running.map((calendar) => calendar.id)
}
