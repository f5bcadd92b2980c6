import { nightsBetween, type DateOnly } from './dates.ts'

/** A booking as its cleaning reads it: its own nights, from the first to the day after the last. */
export type CleanedStay = { id: string; start: DateOnly; end: DateOnly }

/** The property a cleaning is at, with the times its guests leave and arrive. */
export type TurnoverProperty = { id: string; name: string; checkInTime: string; checkOutTime: string }

export type Cleaning = {
  propertyId: string
  propertyName: string
  stayId: string
  date: DateOnly
  checkOutTime: string
  nights: number
  nextCheckIn: { stayId: string; date: DateOnly; time: string } | null
  sameDay: boolean
  gapNights: number | null
}

/**
 * The cleanings of one property (docs/product.md §3.9): one at each booking's check-out, with
 * the first check-in on or after that day of another booking; those checking out from `from` to
 * `to`, both included, by date. `stays` are the property's bookings only (a Booking.com sale
 * included; no block, echo or platform rule), by their own nights, those that might follow the
 * window's last check-out included.
 */
export function cleaningsOf(
  property: TurnoverProperty,
  stays: readonly CleanedStay[],
  from: DateOnly,
  to: DateOnly,
): Cleaning[] {
  const byCheckIn = [...stays].sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id))
  return stays
    .filter((stay) => stay.end >= from && stay.end <= to)
    .sort((a, b) => a.end.localeCompare(b.end) || a.id.localeCompare(b.id))
    .map((stay) => {
      const next = byCheckIn.find((other) => other.id !== stay.id && other.start >= stay.end)
      return {
        propertyId: property.id,
        propertyName: property.name,
        stayId: stay.id,
        date: stay.end,
        checkOutTime: property.checkOutTime,
        nights: nightsBetween(stay.start, stay.end),
        nextCheckIn: next ? { stayId: next.id, date: next.start, time: property.checkInTime } : null,
        sameDay: next?.start === stay.end,
        gapNights: next ? nightsBetween(stay.end, next.start) : null,
      }
    })
}
