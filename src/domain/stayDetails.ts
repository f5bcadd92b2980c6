import type { Booking } from './bookings.ts'
import { addDays, nightsBetween, type DateOnly } from './dates.ts'
import { holdsAnyOf, ownRunsOf } from './echoNights.ts'
import { groupBy } from './grouping.ts'
import { textOrder } from './textOrder.ts'

export type StayAmounts = { nights: number; nightlyPrice: number | null; total: number | null }

/**
 * A stay's nights, the nightly price in force when it was first seen, and
 * what its nights earn at that price. A block (an echo too) earns nothing, so it shows no price;
 * a stay without a known price shows no total.
 */
export function stayAmounts(
  stay: Pick<Booking, 'start' | 'end' | 'kind' | 'nightlyPrice' | 'echo' | 'echoRuns'>,
): StayAmounts {
  // A stay partly an echo earns only on its platform's own nights.
  const nights = stay.echoRuns?.length
    ? ownRunsOf(stay).reduce((sum, run) => sum + nightsBetween(run.start, run.end), 0)
    : nightsBetween(stay.start, stay.end)
  const nightlyPrice = stay.kind === 'booking' ? (stay.nightlyPrice ?? null) : null
  return { nights, nightlyPrice, total: nightlyPrice === null ? null : nights * nightlyPrice }
}

/**
 * Where a stay came from, as the server tells conflicts apart: its linked calendar, or "manual";
 * undefined when the feed did not say (an export from before X-MANZIL-CALENDAR).
 */
const sourceOf = (stay: Booking) =>
  stay.calendarId === undefined ? undefined : (stay.calendarId ?? (stay.manual ? 'manual' : undefined))

/**
 * The stays a conflicted stay clashes with: the other stays of its property that share a
 * night with it, come from another source, and are flagged conflicts too; by check-in.
 */
export function conflictingStays(stay: Booking, bookings: readonly Booking[]): Booking[] {
  if (!stay.conflict) return []
  const source = sourceOf(stay)
  return bookings
    .filter(
      (other) =>
        other.uid !== stay.uid &&
        other.propertyId === stay.propertyId &&
        other.conflict &&
        ownRunsOf(stay).some((run) => holdsAnyOf(other, run)) &&
        (source === undefined || sourceOf(other) !== source),
    )
    .sort((a, b) => textOrder(a.start, b.start))
}

/**
 * The stays that sell the night of `day` twice: each holds it as its own and clashes
 * (`conflictingStays`) with another that holds it too. A conflicted stay's other nights are not.
 */
export function doubleBookedOn(bookings: readonly Booking[], day: DateOnly): Booking[] {
  const night = { start: day, end: addDays(day, 1) }
  // A stay clashes only within its property: a portfolio's night is compared property by property.
  const holdingByProperty = groupBy(
    bookings.filter((stay) => stay.conflict && holdsAnyOf(stay, night)),
    (stay) => stay.propertyId,
  )
  return [...holdingByProperty.values()].flatMap((holding) =>
    holding.filter((stay) => conflictingStays(stay, holding).length > 0),
  )
}

/**
 * How a conflict is told: two platforms' sales, or a clash with a stay the host entered by hand
 * (`manual`: this stay is that one; `withManual`: one it clashes with is). A manual stay is no
 * platform, so "booked on two platforms" would misname it.
 */
export type ConflictWording = 'platforms' | 'manual' | 'withManual'

export function conflictWording(stay: Booking, others: readonly Booking[]): ConflictWording {
  if (stay.manual) return 'manual'
  return others.some((other) => other.manual) ? 'withManual' : 'platforms'
}
