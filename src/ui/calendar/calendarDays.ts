import type { Booking } from '../../domain/bookings.ts'
import { addDays, monthGrid, type DateOnly } from '../../domain/dates.ts'

/** Whole Sunday-first weeks around a month ("YYYY-MM"), the neighbours' days included. */
export function calendarDays(month: string): DateOnly[] {
  const first = `${month}-01`
  const days = monthGrid(month)
  const leading = days.indexOf(first)
  return days.map((_, index) => addDays(first, index - leading))
}

/** The days in weeks of seven: the grid's rows. */
export const weeksOf = (days: readonly DateOnly[]) =>
  Array.from({ length: Math.ceil(days.length / 7) }, (_, week) => days.slice(week * 7, week * 7 + 7))

/** SPEC 2: SUN to SAT, in the reader's language (4 January 1970 was a Sunday). */
export const weekdayHeaders = (locale: string) =>
  Array.from({ length: 7 }, (_, index) =>
    new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' })
      .format(new Date(Date.UTC(1970, 0, 4 + index)))
      .toLocaleUpperCase(locale),
  )

/** The bookings that hold the night of `day` (check-out day excluded). */
export const bookingsOn = (bookings: readonly Booking[], day: DateOnly) =>
  bookings.filter((booking) => booking.start <= day && day < booking.end)

/** The bookings that check in on `day`. */
export const arrivalsOn = (bookings: readonly Booking[], day: DateOnly) =>
  bookings.filter((booking) => booking.start === day)

/** Dark text on the palette's light colours (yellows, light green), white on the rest. */
export function textColorOn(background: string): string {
  const hex = background.replace('#', '')
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [
    number,
    number,
    number,
  ]
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
  return luminance > 0.55 ? '#0f172a' : '#ffffff'
}

/** UIDs are unique within one feed; two properties may import the same feed. */
export const bookingKey = (booking: Pick<Booking, 'propertyId' | 'uid'>) =>
  `${booking.propertyId}:${booking.uid}`
