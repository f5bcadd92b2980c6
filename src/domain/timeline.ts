import { nightsBetween, type DateOnly } from './dates.ts'
import { groupBy } from './grouping.ts'
import type { Stay } from './bookings.ts'

/** The days a timeline shows: `days` columns from `start`, one night each. */
export type TimelineWindow = { start: DateOnly; days: number }

/** What the layout needs of a stay: its nights, its property, and a key that orders ties. */
export type TimelineStay = Stay & { propertyId: string; uid: string }

/**
 * A stay placed on its property's row. Columns are logical (0 is the window's first day, whatever
 * the reading direction); `clippedStart`/`clippedEnd` say the stay goes on past the window's edge.
 */
export type TimelineBar<TStay extends TimelineStay> = {
  booking: TStay
  startColumn: number
  span: number
  lane: number
  clippedStart: boolean
  clippedEnd: boolean
}

/** One property's row: its bars, stacked in `lanes` lines (0 for a row without a stay). */
export type TimelineRow<TProperty, TStay extends TimelineStay> = {
  property: TProperty
  lanes: number
  bars: TimelineBar<TStay>[]
}

/** The filters both calendar views share; `ALL` lets every property or platform through. */
export const ALL = 'all'
export type CalendarFilters = { property: string; platform: string }

/** Whether a stay passes the calendar's property and platform filters. */
export const passesFilters = (
  stay: { propertyId: string; platform: string },
  { property, platform }: CalendarFilters,
) => (property === ALL || stay.propertyId === property) && (platform === ALL || stay.platform === platform)

// Check-in order; ties by check-out then uid, so that a refetch lays the same stays out the same.
const byNights = (a: TimelineStay, b: TimelineStay) =>
  a.start.localeCompare(b.start) || a.end.localeCompare(b.end) || a.uid.localeCompare(b.uid)

/**
 * The timeline's rows (docs/product.md §2.12), one per property the filter lets through, each with its stays
 * inside the window as bars. Overlapping stays (a conflict, an echo over its stay) go to separate
 * lanes by greedy interval colouring: each stay, in check-in order, takes the first lane free by
 * its check-in. Nights are [start, end), so a check-out day that is the next check-in day keeps
 * one lane.
 */
export function timelineRows<
  TProperty extends { id: string },
  TStay extends TimelineStay & { platform: string },
>(
  stays: readonly TStay[],
  properties: readonly TProperty[],
  window: TimelineWindow,
  filters: CalendarFilters = { property: ALL, platform: ALL },
): TimelineRow<TProperty, TStay>[] {
  const columnOf = (date: DateOnly) => Math.min(nightsBetween(window.start, date), window.days)
  const byProperty = groupBy(
    // A stay wholly before or after the window (or without a night) has no bar.
    stays.filter((stay) => passesFilters(stay, filters) && columnOf(stay.end) > columnOf(stay.start)),
    (stay) => stay.propertyId,
  )
  return properties
    .filter((property) => filters.property === ALL || property.id === filters.property)
    .map((property) => {
      // Each lane's first free column: where its last bar ends.
      const laneEnds: number[] = []
      const bars = (byProperty.get(property.id) ?? []).sort(byNights).map((booking) => {
        const startColumn = columnOf(booking.start)
        const endColumn = columnOf(booking.end)
        const free = laneEnds.findIndex((end) => end <= startColumn)
        const lane = free < 0 ? laneEnds.length : free
        laneEnds[lane] = endColumn
        return {
          booking,
          startColumn,
          span: endColumn - startColumn,
          lane,
          clippedStart: booking.start < window.start,
          clippedEnd: nightsBetween(window.start, booking.end) > window.days,
        }
      })
      return { property, lanes: laneEnds.length, bars }
    })
}
