import { addDays, type DateOnly } from './dates.ts'
import type { DateRange } from './dateRange.ts'

/** The windows the Turnovers screen offers (docs/product.md §2.24), first the default. */
export const TURNOVER_WINDOWS = ['today', 'tomorrow', 'week', 'month'] as const
export type TurnoverWindow = (typeof TURNOVER_WINDOWS)[number]

export const isTurnoverWindow = (value: string | null): value is TurnoverWindow =>
  (TURNOVER_WINDOWS as readonly (string | null)[]).includes(value)

/** The days of a window, both included, counted from `today` where the properties are. */
export function turnoverRange(window: TurnoverWindow, today: DateOnly): DateRange {
  switch (window) {
    case 'today':
      return { start: today, end: today }
    case 'tomorrow':
      return { start: addDays(today, 1), end: addDays(today, 1) }
    case 'week':
      return { start: today, end: addDays(today, 6) }
    case 'month':
      return { start: today, end: addDays(today, 29) }
  }
}
