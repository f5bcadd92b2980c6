import type { Booking, BookingKind } from './bookings.ts'
import { nightsBetween, type DateOnly } from './dates.ts'
import { holdsAnyOf } from './echoNights.ts'
import { textOrder } from './textOrder.ts'

/**
 * Stays a host enters by hand (a direct booking, an owner's stay, a maintenance block). The
 * API's schemas (contract/stay.ts) take their limits from here, so the form refuses what the API
 * would.
 */

/** The longest stay a host may enter by hand, in nights. */
export const MAX_MANUAL_NIGHTS = 365
/** The longest guest name and note the API takes. */
export const MAX_GUEST_NAME = 120
export const MAX_NOTE = 500

/** What a manual stay's platform is, in every feed and on the calendar (also the calendar's fallback). */
export const MANUAL_PLATFORM = 'Manual'

/** How a manual booking's price is entered: per night, or for the whole stay. */
export type PriceBasis = 'night' | 'stay'

/**
 * What the host types: both dates, the kind, texts that may be empty, and a booking's price as
 * typed (empty: the property's own nightly price on a new stay, none on an edit) per night or for
 * the stay.
 */
export type ManualStayValues = {
  start: DateOnly
  end: DateOnly
  kind: BookingKind
  guestName: string
  note: string
  price: string
  priceBasis: PriceBasis
}

/** The dearest night a host may enter, the property's own limit; a stay's total is bounded by it. */
export const MAX_NIGHTLY_PRICE = 1_000_000
export const MAX_STAY_PRICE = MAX_NIGHTLY_PRICE * MAX_MANUAL_NIGHTS

/** A price as the API takes it: an amount in the property's currency, per night or for the stay. */
export type StayPrice = { per: PriceBasis; amount: number }

/** What a night earns at this price: a total is shared evenly by the stay's nights. */
export const nightlyPriceOf = (price: StayPrice, nights: number): number =>
  price.per === 'night' ? price.amount : price.amount / Math.max(1, nights)

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/

/**
 * The typed price as an amount: null when empty, 'invalid' unless a non-negative number with at
 * most two decimals within its bound (the server's rule too).
 */
export function parsePrice(text: string, per: PriceBasis): StayPrice | null | 'invalid' {
  const typed = text.trim()
  if (typed === '') return null
  if (!AMOUNT.test(typed)) return 'invalid'
  const amount = Number(typed)
  return amount <= (per === 'night' ? MAX_NIGHTLY_PRICE : MAX_STAY_PRICE) ? { per, amount } : 'invalid'
}

/**
 * The form's price for a stored nightly price: per night when it is a whole amount in cents,
 * else the stay's total (a total that did not divide evenly by the nights).
 */
export function priceValues(
  nightlyPrice: number | null,
  nights: number,
): Pick<ManualStayValues, 'price' | 'priceBasis'> {
  if (nightlyPrice === null) return { price: '', priceBasis: 'night' }
  const cents = nightlyPrice * 100
  if (Math.abs(cents - Math.round(cents)) < 1e-6) return { price: String(nightlyPrice), priceBasis: 'night' }
  return { price: String(Math.round(nightlyPrice * nights * 100) / 100), priceBasis: 'stay' }
}

export type StayDatesProblem = 'endNotAfterStart' | 'tooLong'

/** Why these dates cannot be a manual stay, or null: the check-out after the check-in, 365 nights at most. */
export function stayDatesProblem(start: DateOnly, end: DateOnly): StayDatesProblem | null {
  if (end <= start) return 'endNotAfterStart'
  if (nightsBetween(start, end) > MAX_MANUAL_NIGHTS) return 'tooLong'
  return null
}

/** The nights a stay form holds now: for which property, from the check-in to the check-out day. */
export type ChosenNights = { propertyId: string; start: DateOnly; end: DateOnly }

type HeldStay = Pick<Booking, 'propertyId' | 'stayId' | 'echo' | 'echoRuns' | 'rule' | 'start' | 'end'>

/**
 * The stays of the chosen property that already hold any of the chosen nights, by check-in: what
 * saving would sell twice. The stay being edited does not count against itself, and neither do
 * echo nights (our own export coming back, never a second sale) or a platform's own rule. Cancelled
 * stays are not in a property's calendar at all. Unlike a conflict, a stay from the same source
 * counts too: another manual stay on those nights is as much a double booking, though the
 * server's conflict rule (which tells a platform's own overlapping entries apart) does not flag
 * it.
 */
export function staysHoldingNights<T extends HeldStay>(
  stays: readonly T[],
  chosen: ChosenNights,
  editedStayId: string | null = null,
): T[] {
  if (chosen.end <= chosen.start) return []
  return stays
    .filter(
      (stay) =>
        stay.propertyId === chosen.propertyId &&
        (editedStayId === null || stay.stayId !== editedStayId) &&
        holdsAnyOf(stay, chosen),
    )
    .sort((a, b) => textOrder(a.start, b.start))
}
