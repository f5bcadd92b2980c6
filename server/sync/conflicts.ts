import { nightsOverlap } from '../../src/domain/bookings.ts'
import type { Db } from '../db/database.ts'
import type { BookingsTable } from '../db/schema.ts'

type ConflictCandidate = Pick<
  BookingsTable,
  'id' | 'property_id' | 'calendar_id' | 'kind' | 'start_date' | 'end_date' | 'cancelled_at'
>

/**
 * The bookings whose nights were sold twice: an active booking sharing a night with an active
 * booking of the same property from another calendar. Blocks never conflict, because each
 * platform mirrors the others' bookings as blocks (that is what syncing calendars does).
 */
export function conflictingIds(bookings: readonly ConflictCandidate[]): Set<string> {
  const stays = bookings
    .filter((booking) => booking.kind === 'booking' && booking.cancelled_at === null)
    .map((booking) => ({ booking, start: booking.start_date, end: booking.end_date }))
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))
  const conflicting = new Set<string>()
  for (let i = 0; i < stays.length; i++) {
    const stay = stays[i]!
    // Sorted by check-in: once a later stay starts on or after this check-out, none overlaps.
    for (let j = i + 1; j < stays.length && stays[j]!.start < stay.end; j++) {
      const other = stays[j]!
      if (
        other.booking.property_id === stay.booking.property_id &&
        other.booking.calendar_id !== stay.booking.calendar_id &&
        nightsOverlap(stay, other)
      ) {
        conflicting.add(stay.booking.id)
        conflicting.add(other.booking.id)
      }
    }
  }
  return conflicting
}

/** The conflicting bookings of these properties (see `conflictingIds`). */
export async function conflictsFor(db: Db, propertyIds: readonly string[]): Promise<Set<string>> {
  if (propertyIds.length === 0) return new Set()
  const bookings = await db
    .selectFrom('bookings')
    .select(['id', 'property_id', 'calendar_id', 'kind', 'start_date', 'end_date', 'cancelled_at'])
    .where('property_id', 'in', [...propertyIds])
    .where('cancelled_at', 'is', null)
    .where('kind', '=', 'booking')
    .execute()
  return conflictingIds(bookings)
}
