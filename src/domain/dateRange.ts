import { addDays, isDateOnly, localToday, nightsBetween, type DateOnly } from './dates.ts'
import { monthOf, monthWindow, type NightWindow } from './statistics.ts'

/** A period picked as its first and last day, both included (how the date pickers mean it). */
export type DateRange = { start: DateOnly; end: DateOnly }

/** A leap year, and no more: a longer range is a heavy query and an unreadable comparison. */
export const MAX_RANGE_DAYS = 366

export type RangeProblem = 'endBeforeStart' | 'tooLong'

export const sameRange = (a: DateRange, b: DateRange): boolean => a.start === b.start && a.end === b.end

export const daysInRange = ({ start, end }: DateRange): number => nightsBetween(start, end) + 1

/** Why a picked range cannot be shown, or null: the dashboard and its API apply the same rules. */
export function rangeProblem(range: DateRange, maxDays = MAX_RANGE_DAYS): RangeProblem | null {
  if (range.end < range.start) return 'endBeforeStart'
  return daysInRange(range) > maxDays ? 'tooLong' : null
}

/** A range read from a link (`?start=&end=`): both real dates and no rule broken, else null. */
export function rangeFromLink(
  start: string | null | undefined,
  end: string | null | undefined,
): DateRange | null {
  if (!start || !end || !isDateOnly(start) || !isDateOnly(end)) return null
  const range = { start, end }
  return rangeProblem(range) === null ? range : null
}

/** The nights a range covers: its last day's night included. */
export const rangeNights = ({ start, end }: DateRange): NightWindow => ({ start, end: addDays(end, 1) })

/** The range of a window of nights, its first and last day. */
export const rangeOfNights = (window: NightWindow): DateRange => ({
  start: window.start,
  end: addDays(window.end, -1),
})

/** A month ("YYYY-MM"), first day to last. */
export const daysOfMonth = (month: string): DateRange => rangeOfNights(monthWindow(month))

/** The current calendar month, first day to last: the statistics' default period. */
export const thisMonth = (today: DateOnly = localToday()): DateRange => daysOfMonth(monthOf(today))
