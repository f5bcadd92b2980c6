import { sql, type SelectQueryBuilder } from 'kysely'
import type { Turnover, TurnoverProperty } from '../../contract/turnover.ts'
import { locationLine } from '../../src/domain/address.ts'
import { cleaningsOf, type CleanedStay } from '../../src/domain/turnovers.ts'
import type { Db } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import { accessOf, cleanedBy } from '../team/access.ts'
import { ownRowParts } from '../sync/ownNights.ts'
import type { ToldCleaning } from './cleaningChanges.ts'

/**
 * Whose and which properties a cleaning list reads: all those the user may see the cleanings of
 * (owns, co-hosts or cleans: server/team/access.ts), or those of them named.
 */
export type TurnoverScope = { ownerId: string; propertyIds?: readonly string[] }

const STAY_COLUMNS = [
  'id',
  'property_id',
  'start_date',
  'end_date',
  'echo',
  'echo_runs',
  'platform_rule',
] as const

/**
 * The bookings that make cleanings (docs/product.md §3.9): every platform's sales (a Booking.com
 * closure read as a sale included) and manual bookings, active; never a block, an echo or a
 * platform's rule.
 */
const cleanedBookings = (
  db: Db,
  propertyIds: readonly string[] | SelectQueryBuilder<Database, 'properties', { id: string }>,
) =>
  db
    .selectFrom('bookings')
    .where('property_id', 'in', propertyIds)
    .where('kind', '=', 'booking')
    .where('cancelled_at', 'is', null)
    .where('echo', '=', 0)
    .where('platform_rule', 'is', null)

type StayRow = { id: string; property_id: string; start_date: string; end_date: string }

/** A booking by its own nights, from the first to the day after the last; none when it holds none. */
function cleanedStay(row: StayRow & Parameters<typeof ownRowParts>[0]): CleanedStay[] {
  const own = ownRowParts(row)
  if (own.length === 0) return []
  return [{ id: row.id, start: own[0]!.start_date, end: own.at(-1)!.end_date }]
}

/** The cleanings of a host's properties, computed from the stays as they are now. */
export function createTurnoverService({ db }: { db: Db }) {
  return {
    /**
     * The cleanings from `start` to `end` (check-out days, both included) of the properties in
     * scope, or of those named (none out of it: the routes say 404 first), by date, then
     * property. Where and when only: never a guest, a price or a code, which a cleaner reads.
     */
    async list(scope: TurnoverScope, start: string, end: string): Promise<Turnover[]> {
      const properties = await db
        .selectFrom('properties')
        .select([
          'id',
          'name',
          'check_in_time as checkInTime',
          'check_out_time as checkOutTime',
          'country',
          'region',
          'city',
          'address',
        ])
        .where(cleanedBy(db, scope.ownerId))
        .$if(scope.propertyIds !== undefined, (query) => query.where('id', 'in', scope.propertyIds!))
        .execute()
      if (properties.length === 0) return []
      const ids = properties.map((property) => property.id)
      // Those touching the window, and each property's first check-in after it: every check-out
      // in the window and the check-in that follows it.
      const [within, after] = await Promise.all([
        cleanedBookings(db, ids)
          .select(STAY_COLUMNS)
          .where('end_date', '>=', start)
          .where('start_date', '<=', end)
          .execute(),
        db
          .selectFrom(
            cleanedBookings(db, ids)
              .select([
                ...STAY_COLUMNS,
                sql<number>`row_number() over (partition by property_id order by start_date, id)`.as('rank'),
              ])
              .where('start_date', '>', end)
              .as('later'),
          )
          .select(STAY_COLUMNS)
          .where('rank', '=', 1)
          .execute(),
      ])
      const staysOf = new Map<string, CleanedStay[]>()
      for (const row of [...within, ...after])
        staysOf.set(row.property_id, [...(staysOf.get(row.property_id) ?? []), ...cleanedStay(row)])
      return properties
        .flatMap((property) =>
          cleaningsOf(property, staysOf.get(property.id) ?? [], start, end).map((cleaning) => ({
            ...cleaning,
            propertyAddress: locationLine(property),
          })),
        )
        .sort(
          (a, b) =>
            a.date.localeCompare(b.date) ||
            a.propertyName.localeCompare(b.propertyName) ||
            a.propertyId.localeCompare(b.propertyId),
        )
    },

    /**
     * The properties whose cleanings the user reads, with their zones and the user's part in
     * each, by name: the Turnovers screen's choice, a cleaner's too, who reads no property list.
     */
    async properties(userId: string): Promise<TurnoverProperty[]> {
      const rows = await accessOf(db, userId)
        .select(['properties.id', 'properties.name', 'properties.time_zone'])
        .where(cleanedBy(db, userId))
        .orderBy('properties.name')
        .orderBy('properties.id')
        .execute()
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        timeZone: row.time_zone,
        // Only the owner's and the active members' rows are left: a member's row has its role.
        access: row.owner_id === userId ? 'owner' : (row.role ?? 'cleaner'),
      }))
    },

    /** Where and when these stays are cleaned now, those still cleaned at the owner's properties. */
    async checkOutsOf(ownerId: string, stayIds: readonly string[]): Promise<ToldCleaning[]> {
      if (stayIds.length === 0) return []
      const rows = await cleanedBookings(
        db,
        db.selectFrom('properties').select('id').where('owner_id', '=', ownerId),
      )
        .innerJoin('properties', 'properties.id', 'bookings.property_id')
        .select([
          ...STAY_COLUMNS.map((column) => `bookings.${column}` as const),
          'properties.name',
          'properties.check_out_time',
        ])
        .where('bookings.id', 'in', stayIds)
        .execute()
      return rows.flatMap((row) =>
        cleanedStay(row).map((stay) => ({
          stayId: stay.id,
          propertyId: row.property_id,
          propertyName: row.name,
          date: stay.end,
          checkOutTime: row.check_out_time,
        })),
      )
    },
  }
}

export type TurnoverService = ReturnType<typeof createTurnoverService>
