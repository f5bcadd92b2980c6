import { sql, type Selectable, type SelectQueryBuilder } from 'kysely'
import { pausedSql } from '../sync/paused.ts'
import type { DatabaseHandle, Db } from './database.ts'
import type { Database, ExternalCalendarsTable } from './schema.ts'

/**
 * A link as the sync reads it when it leases it: all but its rule evidence (kilobytes a link of a
 * platform with rules: 1.8 KB for each Airbnb link of bench:sync), which only a changed feed reads
 * (server/sync/platformRules.ts). A round of thousands of unchanged feeds read it for nothing.
 */
export type CalendarRow = Omit<Selectable<ExternalCalendarsTable>, 'rule_evidence'>

const LEASED_COLUMNS = [
  'id',
  'property_id',
  'platform_name',
  'url',
  'etag',
  'last_modified',
  'content_hash',
  'first_synced_at',
  'last_synced_at',
  'last_error',
  'failure_count',
  'budget_failures',
  'next_sync_at',
  'lease_until',
  'created_at',
  'churn_count',
  'churn_since',
  'churned_at',
  'unstable_since',
] as const satisfies readonly (keyof CalendarRow)[]

/** A leased calendar and the account that owns it, whose turn it waits for. */
export type ClaimedCalendar = CalendarRow & { owner_id: string }

/** A calendar due for its scheduled sync, and the account that owns it. */
export type DueCalendar = { id: string; owner_id: string }

export type LeaseRequest = {
  now: string
  /** When the lease runs out if its holder dies mid-sync. */
  leaseUntil: string
  /** The calendars to lease; only those of active accounts are. */
  ids: string[]
  /**
   * Only those still due and not paused for failing their budgets (a round's, listed a while
   * ago); without it, due or not (a "sync now").
   */
  onlyDue?: boolean
}

/** Nobody holds the calendar: never leased, or its holder's lease ran out. */
const leaseIsFree = (column: string, now: string) =>
  sql<boolean>`(${sql.ref(column)} is null or ${sql.ref(column)} < ${now})`

/** Its next sync's time has come, and it is not paused for failing its budgets. */
const isDue = (table: string, now: string) =>
  sql<boolean>`(${sql.ref(`${table}.next_sync_at`)} <= ${now} and not ${pausedSql(table)})`

/**
 * The calendars due now that nobody holds, oldest first, of active accounts only: a deactivated
 * account's feeds are not fetched until it is active again, and then the overdue ones are due at
 * once.
 */
export async function listDueCalendars(db: Db, now: string): Promise<DueCalendar[]> {
  return db
    .selectFrom('external_calendars')
    .innerJoin('properties', 'properties.id', 'external_calendars.property_id')
    .innerJoin('users', 'users.id', 'properties.owner_id')
    .select(['external_calendars.id', 'properties.owner_id'])
    .where(isDue('external_calendars', now))
    .where(leaseIsFree('external_calendars.lease_until', now))
    .where('users.account_state', '=', 'active')
    .orderBy('external_calendars.next_sync_at')
    .execute()
}

/**
 * Leases these external calendars to this process so no other process syncs them at the same
 * time, and says whose each is, in the order of `ids` (the accounts' turns), whatever order the
 * database returns them in. One UPDATE takes only rows whose lease is free.
 * PostgreSQL's `FOR UPDATE SKIP LOCKED` lets concurrent claimers pass over each other's rows
 * instead of queueing on them; SQLite has one writer at a time, so the plain statement is
 * already exclusive.
 *
 * A deactivated account's calendars are never claimed, on schedule or on request. The owner is
 * looked up in subqueries, so `FOR UPDATE` locks only the calendars' rows, never the owner's.
 */
export async function claimCalendars(
  handle: DatabaseHandle,
  request: LeaseRequest,
): Promise<ClaimedCalendar[]> {
  if (request.ids.length === 0) return []
  const { db } = handle
  let candidates = db
    .selectFrom('external_calendars')
    .select('id')
    .where('id', 'in', request.ids)
    .where(leaseIsFree('lease_until', request.now))
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
  if (request.onlyDue) candidates = candidates.where(isDue('external_calendars', request.now))
  if (handle.engine === 'postgres') candidates = candidates.forUpdate().skipLocked()
  const claimed = await db
    .updateTable('external_calendars')
    .set({ lease_until: request.leaseUntil })
    .where('id', 'in', candidates)
    .where(leaseIsFree('lease_until', request.now))
    .returning(LEASED_COLUMNS)
    .returning((eb) =>
      eb
        .selectFrom('properties')
        .select('properties.owner_id')
        .whereRef('properties.id', '=', 'external_calendars.property_id')
        .$asScalar()
        .$notNull()
        .as('owner_id'),
    )
    .execute()
  const turn = new Map(request.ids.map((id, index) => [id, index]))
  return claimed.sort((a, b) => (turn.get(a.id) ?? 0) - (turn.get(b.id) ?? 0))
}

/**
 * Extends the lease of a calendar that waited for its turn longer than its lease was meant for;
 * false when the lease ran out and another process has taken the calendar since.
 */
export async function renewLease(db: Db, calendar: CalendarRow, leaseUntil: string): Promise<boolean> {
  const renewed = await db
    .updateTable('external_calendars')
    .set({ lease_until: leaseUntil })
    .where('id', '=', calendar.id)
    .where('lease_until', '=', calendar.lease_until)
    .executeTakeFirst()
  return renewed.numUpdatedRows > 0n
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
