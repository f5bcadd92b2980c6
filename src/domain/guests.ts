import { DEFAULT_LABEL, type BookingKind, type Stay } from './bookings.ts'
import { nightsBetween, type DateOnly } from './dates.ts'

export type GuestStay = Stay & {
  guestName: string
  kind: BookingKind
  cancelled: boolean
  /** The property's cost per night when the stay was first seen. */
  nightlyPrice: number | null
}

/**
 * A guest (docs/product.md §3.7). Feeds never carry contact details, so e-mail and phone are
 * unknown (null).
 */
export type Guest = {
  name: string
  email: null
  phone: null
  totalBookings: number
  lastStay: DateOnly | null
  nextStay: DateOnly | null
  totalSpent: number
}

/** One guest however a platform spelled the name's case and spacing. */
export const guestKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase()

const UNNAMED = guestKey(DEFAULT_LABEL)

/**
 * Guests derived from the bookings that name one (not blocks, not cancelled, not
 * the "Blocked" default). `lastStay` is the check-in of the latest stay begun by `today`,
 * `nextStay` the check-in of the earliest one after it (the current/upcoming split);
 * `totalSpent` is every such booking's nights times its nightly price when first seen. The name shown
 * is the spelling of the guest's latest stay. Sorted by name.
 */
type Tally = Omit<Guest, 'email' | 'phone'> & { spelledOn: DateOnly }

export function summariseGuests<T extends GuestStay>(
  stays: readonly T[],
  /** One day for every stay, or each stay's own (today where its property is). */
  today: DateOnly | ((stay: T) => DateOnly),
): Guest[] {
  const todayOf = typeof today === 'function' ? today : () => today
  const tallies = new Map<string, Tally>()
  for (const stay of stays) {
    const key = guestKey(stay.guestName)
    if (stay.kind !== 'booking' || stay.cancelled || key === '' || key === UNNAMED) continue
    const tally = tallies.get(key) ?? {
      name: stay.guestName.trim(),
      spelledOn: stay.start,
      totalBookings: 0,
      lastStay: null,
      nextStay: null,
      totalSpent: 0,
    }
    tally.totalBookings++
    tally.totalSpent += nightsBetween(stay.start, stay.end) * (stay.nightlyPrice ?? 0)
    if (stay.start > tally.spelledOn) {
      tally.name = stay.guestName.trim()
      tally.spelledOn = stay.start
    }
    if (stay.start <= todayOf(stay)) {
      if (tally.lastStay === null || stay.start > tally.lastStay) tally.lastStay = stay.start
    } else if (tally.nextStay === null || stay.start < tally.nextStay) tally.nextStay = stay.start
    tallies.set(key, tally)
  }
  return [...tallies.values()]
    .map((tally) => ({
      name: tally.name,
      email: null,
      phone: null,
      totalBookings: tally.totalBookings,
      lastStay: tally.lastStay,
      nextStay: tally.nextStay,
      totalSpent: Math.round(tally.totalSpent * 100) / 100,
    }))
    .sort((a, b) => a.name.localeCompare(b.name))
}
