import type { PeriodQuery } from '../../contract/statistics.ts'
import { rangeOfNights, rangeProblem } from '../../src/domain/dateRange.ts'
import { isDateOnly, type DateOnly } from '../../src/domain/dates.ts'
import { monthOf, monthWindow, nightsFromTo, type NightWindow } from '../../src/domain/statistics.ts'
import { fieldError } from '../errors.ts'

function dateOf(text: string | undefined, field: 'start' | 'end'): DateOnly | undefined {
  if (text === undefined || text === '') return undefined
  if (!isDateOnly(text)) throw fieldError(field, `errors.statistics.${field}Date`)
  return text
}

/**
 * `start` and `end` are the first and last night, both included, as the date pickers mean them.
 * Either one alone stretches to the end or start of its own month; neither is this month.
 */
export function periodOf(query: PeriodQuery, today: DateOnly): NightWindow {
  const start = dateOf(query.start, 'start')
  const end = dateOf(query.end, 'end')
  if (start !== undefined && end !== undefined && end < start)
    throw fieldError('end', 'errors.statistics.endBeforeStart')
  const first = start ?? monthWindow(monthOf(end ?? today)).start
  return end === undefined ? { start: first, end: monthWindow(monthOf(first)).end } : nightsFromTo(first, end)
}

/**
 * The dashboard's picked period, or undefined for the call without a query (this
 * month and this week). Over 366 days is refused at the end date, as the date pickers do.
 */
export function dashboardPeriodOf(query: PeriodQuery, today: DateOnly): NightWindow | undefined {
  if (!query.start && !query.end) return undefined
  const window = periodOf(query, today)
  if (rangeProblem(rangeOfNights(window)) === 'tooLong')
    throw fieldError('end', 'errors.statistics.rangeTooLong')
  return window
}
