import { addDays, addMonths, daysInMonth, type DateOnly } from '../../../domain/dates.ts'

/*
 * Where the keys move focus on a calendar's days: one set of rules for the month grid, the
 * timeline, the side month and the date pickers. Pure, so each rule has its unit test.
 */

/** Where a key moves focus in a calendar grid: in time (later, earlier), or across its rows. */
export type Step = 'later' | 'earlier' | 'up' | 'down' | 'rowStart' | 'rowEnd'

/**
 * A key's step. Left and right follow the screen: right is later in English, earlier in Arabic,
 * where the days run from the right.
 */
export function stepOf(key: string, dir: 'ltr' | 'rtl'): Step | null {
  const steps: Record<string, Step> = {
    ArrowRight: dir === 'rtl' ? 'earlier' : 'later',
    ArrowLeft: dir === 'rtl' ? 'later' : 'earlier',
    ArrowUp: 'up',
    ArrowDown: 'down',
    Home: 'rowStart',
    End: 'rowEnd',
  }
  return steps[key] ?? null
}

/**
 * The day a step leads to in a Sunday-first month: the next or previous day, the same weekday a
 * week on or back, or the week's Sunday or Saturday.
 */
export function dayStep(day: DateOnly, step: Step): DateOnly {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
  const by: Record<Step, number> = {
    later: 1,
    earlier: -1,
    down: 7,
    up: -7,
    rowStart: -weekday,
    rowEnd: 6 - weekday,
  }
  return addDays(day, by[step])
}

/**
 * The same day of the month `count` months on (back when negative), or that month's last day when
 * it is shorter: a month back from 31 March is 28 or 29 February.
 */
export function sameDayMonthsOn(day: DateOnly, count: number): DateOnly {
  const month = addMonths(day.slice(0, 7), count)
  const last = daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)))
  return `${month}-${String(Math.min(Number(day.slice(8, 10)), last)).padStart(2, '0')}`
}

/**
 * Where a key moves a date picker's focus from `day`, as the APG date picker has it: the arrows a
 * day or a week (left and right mirrored in Arabic), Home and End the week's Sunday and Saturday,
 * Page Up and Page Down a month, a year with Shift. Null for a key that moves nothing.
 */
export function dayForKey(
  day: DateOnly,
  { key, shiftKey }: { key: string; shiftKey: boolean },
  dir: 'ltr' | 'rtl',
): DateOnly | null {
  if (key === 'PageUp' || key === 'PageDown')
    return sameDayMonthsOn(day, (key === 'PageUp' ? -1 : 1) * (shiftKey ? 12 : 1))
  const step = stepOf(key, dir)
  return step && dayStep(day, step)
}

/**
 * The day a date picker opens on: the chosen one if it may be picked, else today if it may, else
 * the nearest day that may (the first allowed, or the last when the chosen day is past the end).
 */
export function openingDay(
  value: DateOnly,
  today: DateOnly,
  { min, max }: { min?: DateOnly; max?: DateOnly },
): DateOnly {
  const allowed = (day: DateOnly) => (min === undefined || day >= min) && (max === undefined || day <= max)
  if (allowed(value)) return value
  if (allowed(today)) return today
  return min !== undefined && value < min ? min : (max ?? value)
}
