import type { PeriodQuery } from '../../contract/statistics.ts'
import { MAX_RANGE_DAYS, rangeNights, rangeOfNights, rangeProblem } from '../../src/domain/dateRange.ts'
import { isDateOnly, type DateOnly } from '../../src/domain/dates.ts'
import { monthOf, monthWindow, type NightWindow } from '../../src/domain/statistics.ts'
import { fieldError, rangeError } from '../errors.ts'

function dateOf(text: string | undefined, field: 'start' | 'end'): DateOnly | undefined {
  if (text === undefined || text === '') return undefined
  if (!isDateOnly(text)) throw fieldError(field, `errors.statistics.${field}Date`)
  return text
}

/**
 * `start` and `end` are the first and last night, both included, as the date pickers mean them.
 * Either one alone stretches to the end or start of its own month; neither is this month. An end
 * before the start, or a period over 366 days, is refused at the end date, as the date pickers do
 * (docs/product.md §5.8): no statistics call measures more nights than that.
 */
export function periodOf(query: PeriodQuery, today: DateOnly): NightWindow {
  const start = dateOf(query.start, 'start')
  const end = dateOf(query.end, 'end')
  const first = start ?? monthWindow(monthOf(end ?? today)).start
  const range = { start: first, end: end ?? rangeOfNights(monthWindow(monthOf(first))).end }
  const problem = rangeProblem(range)
  if (problem !== null) throw rangeError(problem, MAX_RANGE_DAYS)
  return rangeNights(range)
}

/** The dashboard's picked period, or undefined for the call without a query (this month and this week). */
export function dashboardPeriodOf(query: PeriodQuery, today: DateOnly): NightWindow | undefined {
  return query.start || query.end ? periodOf(query, today) : undefined
}
