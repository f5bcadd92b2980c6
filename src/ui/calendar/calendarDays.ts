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

/** The seven weekday names, Sunday first, as Intl writes them (4 January 1970 was a Sunday). */
export const weekdayNames = (locale: string, width: 'narrow' | 'short' | 'long') => {
  const format = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' })
  return Array.from({ length: 7 }, (_, index) => format.format(new Date(Date.UTC(1970, 0, 4 + index))))
}

/** SPEC 2: SUN to SAT, in the reader's language. */
export const weekdayHeaders = (locale: string) =>
  weekdayNames(locale, 'short').map((name) => name.toLocaleUpperCase(locale))

/**
 * A month grid's column headers: the text shown and the day's full name (its accessible name).
 * A narrow grid (a date picker, the dashboard's month) shows Arabic's one-letter names: its short
 * names are whole words ("الخميس") that run together in a 40 px column (issue 15). English keeps
 * SUN to SAT, which fit.
 */
export function weekdayColumns(locale: string, narrowGrid: boolean) {
  const shown =
    narrowGrid && locale.startsWith('ar') ? weekdayNames(locale, 'narrow') : weekdayHeaders(locale)
  const full = weekdayNames(locale, 'long')
  return shown.map((label, index) => ({ label, name: full[index] ?? label }))
}

/** The bookings that hold the night of `day` (check-out day excluded). */
export const bookingsOn = (bookings: readonly Booking[], day: DateOnly) =>
  bookings.filter((booking) => booking.start <= day && day < booking.end)

/** The bookings that check in on `day`. */
export const arrivalsOn = (bookings: readonly Booking[], day: DateOnly) =>
  bookings.filter((booking) => booking.start === day)

/** WCAG 2's relative luminance of a #rrggbb colour. */
function relativeLuminance(color: string): number {
  const hex = color.replace('#', '')
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG 2's contrast ratio of two #rrggbb colours, from 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a)
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05)
}

const INK = '#0f172a'
const WHITE = '#ffffff'
const BLACK = '#000000'
/** WCAG AA for the bars' small text. */
const MIN_CONTRAST = 4.5

/**
 * The text colour that reads best on a bar: white or the page's ink, whichever contrasts more,
 * and black where even the ink falls short of AA (SPEC 9's #DB4C40 gives 4.1 with white, 4.35
 * with the ink, 5.1 with black).
 */
export function textColorOn(background: string): string {
  if (contrastRatio(background, WHITE) >= contrastRatio(background, INK)) return WHITE
  return contrastRatio(background, INK) >= MIN_CONTRAST ? INK : BLACK
}

/** UIDs are unique within one feed; two properties may import the same feed. */
export const bookingKey = (booking: Pick<Booking, 'propertyId' | 'uid'>) =>
  `${booking.propertyId}:${booking.uid}`
