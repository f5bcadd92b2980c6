import { nightsOverlap } from '../../src/domain/bookings.ts'
import type { Db } from '../db/database.ts'
import type { BookingsTable, Flag } from '../db/schema.ts'

export type ConflictCandidate = Pick<
  BookingsTable,
  'id' | 'property_id' | 'calendar_id' | 'start_date' | 'end_date' | 'cancelled_at'
> & { echo: Flag }

/** Two stays that occupy a night twice; `first` starts no later than `second`. */
export type ConflictPair<T extends ConflictCandidate = ConflictCandidate> = { first: T; second: T }

/** Where a stay came from: its linked calendar, or the host's own hand. */
const sourceOf = (stay: ConflictCandidate) => stay.calendar_id ?? 'manual'

/**
 * Issue 13: every active stay occupies its nights (a booking, a block, a platform's closure, a
 * manual entry), and two stays of one property from different sources that share a night are a
 * conflict. Echoes are left out: they are our own export coming back, not a second sale.
 */
export function conflictPairs<T extends ConflictCandidate>(stays: readonly T[]): ConflictPair<T>[] {
  const occupying = stays
    .filter((stay) => stay.cancelled_at === null && stay.echo === 0)
    .map((stay) => ({ stay, start: stay.start_date, end: stay.end_date }))
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))
  const pairs: ConflictPair<T>[] = []
  for (let i = 0; i < occupying.length; i++) {
    const first = occupying[i]!
    // Sorted by check-in: once a later stay starts on or after this check-out, none overlaps.
    for (let j = i + 1; j < occupying.length && occupying[j]!.start < first.end; j++) {
      const second = occupying[j]!
      if (
        second.stay.property_id === first.stay.property_id &&
        sourceOf(second.stay) !== sourceOf(first.stay) &&
        nightsOverlap(first, second)
      )
        pairs.push({ first: first.stay, second: second.stay })
    }
  }
  return pairs
}

/** The ids of the stays in a conflict (see `conflictPairs`). */
export function conflictingIds(stays: readonly ConflictCandidate[]): Set<string> {
  return new Set(conflictPairs(stays).flatMap(({ first, second }) => [first.id, second.id]))
}

/** The active stays of these properties that the conflict rule looks at. */
export const conflictCandidates = (db: Db, propertyIds: readonly string[]) =>
  db
    .selectFrom('bookings')
    .select(['id', 'property_id', 'calendar_id', 'start_date', 'end_date', 'cancelled_at', 'echo'])
    .where('property_id', 'in', [...propertyIds])
    .where('cancelled_at', 'is', null)
    .where('echo', '=', 0)

/** The conflicting stays of these properties (see `conflictPairs`). */
export async function conflictsFor(db: Db, propertyIds: readonly string[]): Promise<Set<string>> {
  if (propertyIds.length === 0) return new Set()
  return conflictingIds(await conflictCandidates(db, propertyIds).execute())
}
