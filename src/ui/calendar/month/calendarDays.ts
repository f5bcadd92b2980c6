import type { Booking, Stay } from '../../../domain/bookings.ts'
import { addDays, monthGrid, nightsBetween, type DateOnly } from '../../../domain/dates.ts'
import { groupBy } from '../../../domain/grouping.ts'

/** Whole Sunday-first weeks around a month ("YYYY-MM"), the neighbours' days included. */
export function calendarDays(month: string): DateOnly[] {
  const first = `${month}-01`
  const days = monthGrid(month)
  const leading = days.indexOf(first)
  return days.map((_, index) => addDays(first, index - leading))
}

/** The days in weeks of seven: the grid's rows. */
export const weeksOf = <Day>(days: readonly Day[]) =>
  Array.from({ length: Math.ceil(days.length / 7) }, (_, week) => days.slice(week * 7, week * 7 + 7))

/** The seven weekday names, Sunday first, as Intl writes them (4 January 1970 was a Sunday). */
export const weekdayNames = (locale: string, width: 'narrow' | 'short' | 'long') => {
  const format = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' })
  return Array.from({ length: 7 }, (_, index) => format.format(new Date(Date.UTC(1970, 0, 4 + index))))
}

/** SUN to SAT, in the reader's language. */
export const weekdayHeaders = (locale: string) =>
  weekdayNames(locale, 'short').map((name) => name.toLocaleUpperCase(locale))

/**
 * A month grid's column headers: the text shown and the day's full name (its accessible name).
 * A narrow grid (a date picker, the dashboard's month) shows Arabic's one-letter names: its short
 * names are whole words ("الخميس") that run together in a 40 px column. English keeps
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

/** One stay's bar in a week row of the month: the nights it holds in that week, on one lane. */
export type WeekBar<T extends Stay> = {
  stay: T
  /** The first night the bar covers in this week, and its column (0 is Sunday). */
  start: DateOnly
  column: number
  /** How many nights (columns) the bar covers in this week. */
  span: number
  /** 0 is the top lane; a lane holds bars that share no night. */
  lane: number
  /** The stay began in an earlier week, or goes on into a later one: that end of the bar is cut. */
  continuesBefore: boolean
  continuesAfter: boolean
}

/**
 * A week row of the month, with each stay as one bar from its first to its last night
 * in the week (the check-out day is not covered), on lanes so that no two bars overlap. Only
 * `lanes` lanes are shown (two a day, then "+ N more"). Earlier bars take the upper
 * lanes, and the longer of two that start together, so that long stays read as straight lines.
 * A stay that finds no lane free for all its nights in the week is shown on the days where a lane
 * is free, in pieces cut where it goes on, so that a day shows as many bars as it has stays, up to
 * `lanes`; `more[column]` counts the day's stays still left out. A stay that sells a day's night
 * twice (`doubleBooked`) is not left out of that day for one that does not: it takes that day of
 * the lowest such bar, so both sides of a conflict show; the other stays keep their order.
 */
export function weekRow<T extends Stay>(
  stays: readonly T[],
  week: readonly DateOnly[],
  lanes: number,
  doubleBooked: (stay: T, day: DateOnly) => boolean = () => false,
): { bars: WeekBar<T>[]; more: number[] } {
  const first = week[0]
  const last = week.at(-1)
  if (first === undefined || last === undefined) return { bars: [], more: [] }
  const afterWeek = addDays(last, 1)
  const segments = stays
    .filter((stay) => stay.start < afterWeek && first < stay.end)
    .map((stay) => {
      const start = stay.start > first ? stay.start : first
      return {
        stay,
        column: nightsBetween(first, start),
        span: nightsBetween(start, stay.end < afterWeek ? stay.end : afterWeek),
        continuesBefore: stay.start < first,
        continuesAfter: stay.end > afterWeek,
      }
    })
    .sort((a, b) => a.column - b.column || b.span - a.span)
  type Segment = (typeof segments)[number]
  const taken = Array.from({ length: lanes }, () => week.map(() => false))
  const isFree = (lane: number, column: number) => taken[lane]?.[column] === false
  const bars: WeekBar<T>[] = []
  const place = (segment: Segment, lane: number, column: number, span: number) => {
    for (let at = column; at < column + span; at++) taken[lane]![at] = true
    bars.push({
      stay: segment.stay,
      start: addDays(first, column),
      column,
      span,
      lane,
      continuesBefore: segment.continuesBefore || column > segment.column,
      continuesAfter: segment.continuesAfter || column + span < segment.column + segment.span,
    })
  }
  const columnsOf = (segment: Segment) =>
    Array.from({ length: segment.span }, (_, offset) => segment.column + offset)
  // Whole bars first, so that a piece never takes the lane a whole stay could have had.
  const left = segments.filter((segment) => {
    const lane = taken.findIndex((_, index) => columnsOf(segment).every((column) => isFree(index, column)))
    if (lane === -1) return true
    place(segment, lane, segment.column, segment.span)
    return false
  })
  const more = week.map(() => 0)
  for (const segment of left) {
    // The piece being drawn: it keeps its lane for as long as that lane stays free.
    let piece: { lane: number; column: number; span: number } | null = null
    for (const column of columnsOf(segment)) {
      const lane: number =
        piece && isFree(piece.lane, column)
          ? piece.lane
          : taken.findIndex((_, index) => isFree(index, column))
      if (piece && lane === piece.lane) {
        piece.span++
        continue
      }
      if (piece) place(segment, piece.lane, piece.column, piece.span)
      piece = lane === -1 ? null : { lane, column, span: 1 }
      if (lane === -1) more[column] = (more[column] ?? 0) + 1
    }
    if (piece) place(segment, piece.lane, piece.column, piece.span)
  }
  week.forEach((day, column) => {
    const at = (bar: WeekBar<T>) => bar.column <= column && column < bar.column + bar.span
    for (const segment of left) {
      if (!columnsOf(segment).includes(column) || !doubleBooked(segment.stay, day)) continue
      if (bars.some((bar) => bar.stay === segment.stay && at(bar))) continue
      const others = bars.filter((bar) => at(bar) && !doubleBooked(bar.stay, day))
      // Its lane of the day before, so that it reads as one bar; else the lowest.
      const yielding =
        others.find((bar) =>
          bars.some(
            (own) => own.stay === segment.stay && own.lane === bar.lane && own.column + own.span === column,
          ),
        ) ?? others.toSorted((a, b) => b.lane - a.lane)[0]
      if (!yielding) return
      bars.splice(bars.indexOf(yielding), 1, ...cutOut(yielding, column, first))
      bars.push({
        stay: segment.stay,
        start: day,
        column,
        span: 1,
        lane: yielding.lane,
        continuesBefore: segment.continuesBefore || column > segment.column,
        continuesAfter: segment.continuesAfter || column + 1 < segment.column + segment.span,
      })
    }
  })
  return { bars: joined(bars), more }
}

/** A bar without the night of `column`: the pieces before and after it, cut where it goes on. */
function cutOut<T extends Stay>(bar: WeekBar<T>, column: number, weekStart: DateOnly): WeekBar<T>[] {
  const pieces: WeekBar<T>[] = []
  if (column > bar.column) pieces.push({ ...bar, span: column - bar.column, continuesAfter: true })
  const after = bar.column + bar.span - column - 1
  if (after > 0)
    pieces.push({
      ...bar,
      start: addDays(weekStart, column + 1),
      column: column + 1,
      span: after,
      continuesBefore: true,
    })
  return pieces
}

/** Pieces of one stay that meet on one lane, as one bar, in the order they were laid out. */
function joined<T extends Stay>(bars: readonly WeekBar<T>[]): WeekBar<T>[] {
  const result = bars.map((bar) => ({ ...bar }))
  const gone = new Set<WeekBar<T>>()
  const nextOf = (bar: WeekBar<T>) =>
    result.find(
      (other) =>
        !gone.has(other) &&
        other.stay === bar.stay &&
        other.lane === bar.lane &&
        other.column === bar.column + bar.span,
    )
  for (const bar of result) {
    if (gone.has(bar)) continue
    for (let next = nextOf(bar); next; next = nextOf(bar)) {
      bar.span += next.span
      bar.continuesAfter = next.continuesAfter
      gone.add(next)
    }
  }
  return result.filter((bar) => !gone.has(bar))
}

/** The bookings by the day they check in on: read once for a month's days, not once a day. */
export const arrivalsByDay = (bookings: readonly Booking[]): ReadonlyMap<DateOnly, Booking[]> =>
  groupBy(bookings, (booking) => booking.start)

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
 * and black where even the ink falls short of AA (the event colour #DB4C40 gives 4.1 with white, 4.35
 * with the ink, 5.1 with black).
 */
export function textColorOn(background: string): string {
  if (contrastRatio(background, WHITE) >= contrastRatio(background, INK)) return WHITE
  return contrastRatio(background, INK) >= MIN_CONTRAST ? INK : BLACK
}

/** UIDs are unique within one feed; two properties may import the same feed. */
export const bookingKey = (booking: Pick<Booking, 'propertyId' | 'uid'>) =>
  `${booking.propertyId}:${booking.uid}`
