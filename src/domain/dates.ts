/**
 * Stays are date-only (YYYY-MM-DD): a stay from 2026-03-01 to 2026-03-04 is three nights wherever
 * the browser or server is. Arithmetic runs on UTC midnights so no time zone can shift a day.
 */
export type DateOnly = string

const DAY_MS = 24 * 3600 * 1000
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

export function isDateOnly(value: string): value is DateOnly {
  const match = DATE_ONLY.exec(value)
  if (!match) return false
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  return date.toISOString().slice(0, 10) === value
}

export const toUtcMs = (date: DateOnly) => Date.parse(`${date}T00:00:00Z`)
const fromUtcMs = (ms: number): DateOnly => new Date(ms).toISOString().slice(0, 10)

/** Today's date on the local calendar of whoever runs this (the browser: the host's own day). */
export function localToday(now: Date = new Date()): DateOnly {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

export const addDays = (date: DateOnly, days: number): DateOnly => fromUtcMs(toUtcMs(date) + days * DAY_MS)

/** Nights between check-in and check-out; never negative. */
export const nightsBetween = (start: DateOnly, end: DateOnly): number =>
  Math.max(0, Math.round((toUtcMs(end) - toUtcMs(start)) / DAY_MS))

/** "20260301" (iCal's basic form) or "2026-03-01…" → "2026-03-01". */
export function normaliseDate(text: string): DateOnly | null {
  const compact = /^(\d{4})(\d{2})(\d{2})/.exec(text)
  const candidate = compact ? `${compact[1]}-${compact[2]}-${compact[3]}` : text.slice(0, 10)
  return isDateOnly(candidate) ? candidate : null
}

export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate()

/** "YYYY-MM" moved by `count` months. */
export function addMonths(month: string, count: number): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number)
  const index = year * 12 + (monthNumber - 1) + count
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`
}

const WEEK_DAYS = 7

/** The days of a month laid out Sunday first, `null` before the 1st and after the last. */
export function monthGrid(month: string): (DateOnly | null)[] {
  const first = `${month}-01`
  const leading = new Date(`${first}T00:00:00Z`).getUTCDay()
  const days: (DateOnly | null)[] = Array.from({ length: leading }, () => null)
  for (let day = first; day.startsWith(month); day = addDays(day, 1)) days.push(day)
  while (days.length % WEEK_DAYS !== 0) days.push(null)
  return days
}
