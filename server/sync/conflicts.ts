import type { Db } from '../db/database.ts'
import type { BookingsTable, Flag } from '../db/schema.ts'
import { ownRowParts } from './ownNights.ts'
import { textOrder } from '../../src/domain/textOrder.ts'

export type ConflictCandidate = Pick<
  BookingsTable,
  'id' | 'property_id' | 'calendar_id' | 'start_date' | 'end_date' | 'cancelled_at'
> & { echo: Flag; echo_runs: string | null; platform_rule: string | null }

/**
 * Two stays that occupy a night twice; `first` starts no later than `second`. Each is the run of
 * its platform's own nights that clashes, under the stay's id.
 */
export type ConflictPair<T extends ConflictCandidate = ConflictCandidate> = { first: T; second: T }

/** Where a stay came from: its linked calendar, or the host's own hand. */
const sourceOf = (stay: ConflictCandidate) => stay.calendar_id ?? 'manual'

/**
 * The active stays, each as its runs of its platform's own nights (a stay partly an echo counts
 * only its other nights; one all echo, none), by check-in.
 */
const occupying = <T extends ConflictCandidate>(stays: readonly T[]) =>
  stays
    .filter((stay) => stay.cancelled_at === null)
    .flatMap(ownRowParts)
    .sort((a, b) => textOrder(a.start_date, b.start_date))

/**
 * Every active stay occupies its nights (a booking, a block, a platform's closure, a
 * manual entry), and two stays of one property from different sources that share a night are a
 * conflict. Echoes are left out: they are our own export coming back, not a second sale.
 *
 * Pairs are made as they are asked for: stays that all share their nights make pairs by the
 * square of their number (two feeds of 2,000 year-long blocks: four million), so a caller takes
 * what it can use.
 */
export function* conflictPairs<T extends ConflictCandidate>(stays: readonly T[]): Generator<ConflictPair<T>> {
  const sorted = occupying(stays)
  for (let i = 0; i < sorted.length; i++) {
    const first = sorted[i]!
    // Sorted by check-in: once a later stay starts on or after this check-out, none overlaps.
    for (let j = i + 1; j < sorted.length && sorted[j]!.start_date < first.end_date; j++) {
      const second = sorted[j]!
      if (second.property_id === first.property_id && sourceOf(second) !== sourceOf(first))
        yield { first, second }
    }
  }
}

/**
 * The pairs `conflictPairs` makes of `stay` with each of `others`, without pairing the others
 * among themselves: a stay among hundreds that all share their nights makes hundreds of pairs,
 * not the square of their number.
 */
export function* conflictPairsOf<T extends ConflictCandidate>(
  stay: T,
  others: readonly T[],
): Generator<ConflictPair<T>> {
  const theirs = occupying(others)
  for (const own of occupying([stay]))
    for (const other of theirs) {
      if (other.property_id !== own.property_id || sourceOf(other) === sourceOf(own)) continue
      if (other.start_date < own.end_date && own.start_date < other.end_date)
        yield other.start_date < own.start_date
          ? { first: other, second: own }
          : { first: own, second: other }
    }
}

/**
 * The furthest value seen from each of the two furthest sources: enough to tell whether any
 * source but a given one reaches past a point.
 */
function furthestOfOthers(further: (a: string, b: string) => boolean) {
  let best: { value: string; source: string } | undefined
  let runnerUp: { value: string; source: string } | undefined
  return {
    add(value: string, source: string) {
      if (best?.source === source) {
        if (further(value, best.value)) best = { value, source }
      } else if (!best || further(value, best.value)) {
        runnerUp = best
        best = { value, source }
      } else if (!runnerUp || further(value, runnerUp.value)) runnerUp = { value, source }
    },
    except: (source: string) => (best?.source === source ? runnerUp : best)?.value,
  }
}

/**
 * The ids of the stays in a conflict (see `conflictPairs`), in O(n log n) however many pairs
 * there are: a stay clashes when a stay of another source that checked in no later ends after
 * its check-in, or one that checked in no earlier starts before its check-out.
 */
export function conflictingIds(stays: readonly ConflictCandidate[]): Set<string> {
  const byProperty = new Map<string, ConflictCandidate[]>()
  for (const stay of occupying(stays)) {
    const ofProperty = byProperty.get(stay.property_id)
    if (ofProperty) ofProperty.push(stay)
    else byProperty.set(stay.property_id, [stay])
  }
  const ids = new Set<string>()
  for (const sorted of byProperty.values()) {
    const latestEnd = furthestOfOthers((a, b) => a > b)
    for (const stay of sorted) {
      const end = latestEnd.except(sourceOf(stay))
      if (end !== undefined && end > stay.start_date) ids.add(stay.id)
      latestEnd.add(stay.end_date, sourceOf(stay))
    }
    const earliestStart = furthestOfOthers((a, b) => a < b)
    for (const stay of sorted.toReversed()) {
      const start = earliestStart.except(sourceOf(stay))
      if (start !== undefined && start < stay.end_date) ids.add(stay.id)
      earliestStart.add(stay.start_date, sourceOf(stay))
    }
  }
  return ids
}

/** What the conflict rule reads of a stay (`ConflictCandidate`). */
export const CONFLICT_COLUMNS = [
  'bookings.id',
  'bookings.property_id',
  'bookings.calendar_id',
  'bookings.start_date',
  'bookings.end_date',
  'bookings.cancelled_at',
  'bookings.echo',
  'bookings.echo_runs',
  'bookings.platform_rule',
] as const

/** The active stays of these properties that the conflict rule looks at. */
export const conflictCandidates = (db: Db, propertyIds: readonly string[]) =>
  db
    .selectFrom('bookings')
    .select(CONFLICT_COLUMNS)
    .where('property_id', 'in', [...propertyIds])
    .where('cancelled_at', 'is', null)
    .where('echo', '=', 0)

/** The conflicting stays of these properties (see `conflictPairs`). */
export async function conflictsFor(db: Db, propertyIds: readonly string[]): Promise<Set<string>> {
  if (propertyIds.length === 0) return new Set()
  return conflictingIds(await conflictCandidates(db, propertyIds).execute())
}
