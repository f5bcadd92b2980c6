import type { BookingKind, Stay } from './bookings.ts'
import { addDays, addMonths, daysInMonth, nightsBetween, type DateOnly } from './dates.ts'
import { textOrder } from './textOrder.ts'

/**
 * The nights from `start` up to, not including, `end`: `{ start: '2026-03-01', end: '2026-04-01' }`
 * is March's 31 nights. A night belongs to the date it begins on, so a stay counts the nights
 * from its check-in day to the day before its check-out.
 */
export type NightWindow = { start: DateOnly; end: DateOnly }

/** A calendar month as `YYYY-MM`. */
export type YearMonth = string

/**
 * A row of the bookings table, as much of it as the figures need. `nightlyPrice` is its
 * property's cost per night when the stay was first seen (null: it had none), `firstSeenAt`
 * when that was (ISO): of two sales of one night, the first seen earns it.
 */
export type StatStay = Stay & {
  /**
   * The stay this is part of: a stay partly an echo of our own export is measured by its runs of
   * own nights, one StatStay each, and counts as one booking.
   */
  stayId?: string
  propertyId: string
  kind: BookingKind
  cancelled: boolean
  nightlyPrice: number | null
  firstSeenAt: string
}

export type MeasuredProperty = { id: string }

/** One property's (or several's) figures for a window. Rates are percentages, 0–100. */
export type PeriodFigures = {
  revenue: number
  occupancyRate: number
  bookedNights: number
  bookings: number
  averageNightlyRate: number
}

/** The dashboard statistics (docs/product.md §3.5). */
export type DashboardFigures = {
  monthlyRevenue: { current: number; percentDiffLastMonth: number }
  propertyCount: { total: number; thisMonthIncrease: number }
  platformConnections: number
  /** Of `platformConnections`, those neither failing nor paused. */
  syncingConnections: number
  occupancyRate: { current: number; percentDiffLastMonth: number }
  activeBookings: { prevWeek: number; currWeek: number }
}

export type MonthFigures = { month: YearMonth; revenue: number; occupancyRate: number }

const earlier = (a: DateOnly, b: DateOnly) => (a < b ? a : b)
const later = (a: DateOnly, b: DateOnly) => (a > b ? a : b)

/** Money in halalas and rates to a hundredth of a percent; enough for any card or chart. */
const round2 = (value: number) => Math.round(value * 100) / 100

export const nightsInWindow = (stay: Stay, window: NightWindow): number =>
  nightsBetween(later(stay.start, window.start), earlier(stay.end, window.end))

export const windowLength = (window: NightWindow): number => nightsBetween(window.start, window.end)

/** The nights from `first` to `last`, both included (how a date-range picker means them). */
export const nightsFromTo = (first: DateOnly, last: DateOnly): NightWindow => ({
  start: first,
  end: addDays(last, 1),
})

export const monthOf = (date: DateOnly): YearMonth => date.slice(0, 7)

export function monthWindow(month: YearMonth): NightWindow {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number)
  const start = `${month}-01`
  return { start, end: addDays(start, daysInMonth(year, monthNumber)) }
}

/** The Sunday-to-Saturday week holding `date`: weeks start on Sunday. */
export function weekWindow(date: DateOnly): NightWindow {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
  const start = addDays(date, -weekday)
  return { start, end: addDays(start, 7) }
}

/** The smallest window holding all of these: what the server fetches before computing. */
export const spanning = (first: NightWindow, ...rest: NightWindow[]): NightWindow =>
  rest.reduce(
    (all, window) => ({ start: earlier(all.start, window.start), end: later(all.end, window.end) }),
    first,
  )

/**
 * The change from `previous` to `current` in percent. From a zero baseline there is no ratio, so
 * the rule is: nothing to nothing is 0 %, nothing to something is +100 % (never NaN or Infinity).
 */
export function percentChange(previous: number, current: number): number {
  if (previous === 0) return current === 0 ? 0 : Math.sign(current) * 100
  return round2(((current - previous) / previous) * 100)
}

/**
 * The stays that count in a window: cancelled stays count for nothing; so do stays of properties
 * not among those measured. Only those holding one of the window's nights are kept, so a month of
 * the chart's twelve sorts its own stays, not the year's.
 */
function liveStays(properties: readonly MeasuredProperty[], stays: readonly StatStay[], window: NightWindow) {
  const ids = new Set(properties.map((property) => property.id))
  return stays.filter(
    (stay) =>
      !stay.cancelled && stay.start < window.end && stay.end > window.start && ids.has(stay.propertyId),
  )
}

/**
 * The nights of one property taken so far within a window, numbered from its first (0): `add`
 * answers how many of a stay's nights were not taken yet. Platforms re-export each other's bookings as blocks, and a night
 * can be sold on two platforms, so one night often comes from several stays.
 *
 * Each night of the window points at a night at or after it that may still be free (itself while
 * it is); taking a night points it at the next, and every lookup shortens the path it walked. A
 * night is taken once, so adding n stays costs about n + the window's nights whatever their order
 * or overlap, and a window is a month or a period of at most 366 days (docs/product.md §5.8).
 */
class NightSet {
  /** One more than the window's nights: the last is never taken and ends every walk. */
  private readonly next: Int32Array

  constructor(nights: number) {
    this.next = Int32Array.from({ length: nights + 1 }, (_, night) => night)
  }

  /** The first free night at or after `night`. */
  private free(night: number): number {
    let at = night
    for (let to = this.next[at] ?? at; to !== at; to = this.next[at] ?? at) {
      // Halve the path: point this night two steps on, and go there.
      at = this.next[at] = this.next[to] ?? to
    }
    return at
  }

  /** The nights from `first` up to, not including, `end`, both within the window. */
  add(first: number, end: number): number {
    let added = 0
    let night = this.free(first)
    while (night < end) {
      this.next[night] = night + 1
      added++
      night = this.free(night)
    }
    return added
  }
}

/** One NightSet a property, made on first use. */
function nightSets(nights: number) {
  const sets = new Map<string, NightSet>()
  return (propertyId: string) => {
    let set = sets.get(propertyId)
    if (!set) sets.set(propertyId, (set = new NightSet(nights)))
    return set
  }
}

const byFirstSeen = (a: StatStay, b: StatStay) => textOrder(a.firstSeenAt, b.firstSeenAt)

type Measured = { revenue: number; occupancyRate: number; bookedNights: number; bookings: number }

/**
 * Revenue is each booked night in the window times the nightly price in force when
 * its booking was first seen, so a later price change leaves past months as they were. Each
 * night counts once, whatever the number of sources: a night sold twice earns the price of the
 * sale seen first. Blocks occupy but earn nothing; occupancy is occupied nights over every
 * property's nights in the window.
 */
function measure(
  properties: readonly MeasuredProperty[],
  stays: readonly StatStay[],
  window: NightWindow,
): Measured {
  const live = liveStays(properties, stays, window).sort(byFirstSeen)
  const nights = windowLength(window)
  // A date's night in the window, stays cut at its edges.
  const nightOf = (date: DateOnly) => Math.min(nights, nightsBetween(window.start, date))
  const occupied = nightSets(nights)
  const booked = nightSets(nights)
  let occupiedNights = 0
  let revenue = 0
  let bookedNights = 0
  let bookings = 0
  const counted = new Set<string>()
  for (const stay of live) {
    const first = nightOf(stay.start)
    const end = nightOf(stay.end)
    if (first >= end) continue
    occupiedNights += occupied(stay.propertyId).add(first, end)
    if (stay.kind !== 'booking') continue
    if (stay.stayId === undefined || !counted.has(stay.stayId)) bookings++
    if (stay.stayId !== undefined) counted.add(stay.stayId)
    const added = booked(stay.propertyId).add(first, end)
    bookedNights += added
    revenue += added * (stay.nightlyPrice ?? 0)
  }
  const available = properties.length * nights
  const occupancyRate = available === 0 ? 0 : (occupiedNights / available) * 100
  return { revenue, occupancyRate, bookedNights, bookings }
}

export function periodFigures(
  properties: readonly MeasuredProperty[],
  stays: readonly StatStay[],
  window: NightWindow,
): PeriodFigures {
  const { revenue, occupancyRate, bookedNights, bookings } = measure(properties, stays, window)
  return {
    revenue: round2(revenue),
    occupancyRate: round2(occupancyRate),
    bookedNights,
    bookings,
    averageNightlyRate: bookedNights === 0 ? 0 : round2(revenue / bookedNights),
  }
}

/** Bookings (not blocks, not cancelled) holding at least one night of the window. */
export const activeBookings = (
  properties: readonly MeasuredProperty[],
  stays: readonly StatStay[],
  window: NightWindow,
): number => measure(properties, stays, window).bookings

/**
 * The window a period is compared with: the same number of whole calendar months before it when
 * it is whole months (this month against last month), else the same number of
 * nights just before it. See docs/decisions.md.
 */
export function previousWindow(window: NightWindow): NightWindow {
  const firstMonth = monthOf(window.start)
  const wholeMonths = window.start.endsWith('-01') && window.end.endsWith('-01') && window.end > window.start
  if (!wholeMonths) return { start: addDays(window.start, -windowLength(window)), end: window.start }
  const [startYear = 0, startMonth = 1] = firstMonth.split('-').map(Number)
  const [endYear = 0, endMonth = 1] = monthOf(window.end).split('-').map(Number)
  const months = (endYear - startYear) * 12 + (endMonth - startMonth)
  return { start: `${addMonths(firstMonth, -months)}-01`, end: window.start }
}

/** Every window `dashboardFigures` looks at for `today`, as one. */
export function dashboardWindow(today: DateOnly): NightWindow {
  const thisWeek = weekWindow(today)
  return spanning(
    monthWindow(addMonths(monthOf(today), -1)),
    monthWindow(monthOf(today)),
    weekWindow(addDays(thisWeek.start, -7)),
    thisWeek,
  )
}

/** Every window `rangeFigures` looks at for `period`, as one. */
export const rangeWindow = (period: NightWindow): NightWindow => spanning(previousWindow(period), period)

type FigureSources = {
  /** `createdOn`: the local date the property was added, for "added in the period". */
  properties: readonly (MeasuredProperty & { createdOn: DateOnly })[]
  stays: readonly StatStay[]
  platformConnections: number
  /** Links neither failing nor paused; all of them when not given. */
  syncingConnections?: number
}

export type DashboardInput = FigureSources & {
  /** At least the stays overlapping `dashboardWindow(today)`. */
  today: DateOnly
}

/**
 * The five cards for `period`, revenue and occupancy against `previousWindow(period)`, and the
 * bookings active in `bookingsIn` against those in `bookingsBefore`.
 */
function figuresFor(
  { properties, stays, platformConnections, syncingConnections = platformConnections }: FigureSources,
  period: NightWindow,
  bookingsIn: NightWindow,
  bookingsBefore: NightWindow,
): DashboardFigures {
  const current = measure(properties, stays, period)
  const previous = measure(properties, stays, previousWindow(period))
  return {
    monthlyRevenue: {
      current: round2(current.revenue),
      percentDiffLastMonth: percentChange(previous.revenue, current.revenue),
    },
    propertyCount: {
      total: properties.length,
      thisMonthIncrease: properties.filter(
        (property) => property.createdOn >= period.start && property.createdOn < period.end,
      ).length,
    },
    platformConnections,
    syncingConnections,
    occupancyRate: {
      current: round2(current.occupancyRate),
      percentDiffLastMonth: percentChange(previous.occupancyRate, current.occupancyRate),
    },
    activeBookings: {
      prevWeek: activeBookings(properties, stays, bookingsBefore),
      currWeek: activeBookings(properties, stays, bookingsIn),
    },
  }
}

/** The five cards: this calendar month against the last, this Sunday-first week against the last. */
export function dashboardFigures({ today, ...sources }: DashboardInput): DashboardFigures {
  const thisWeek = weekWindow(today)
  return figuresFor(sources, monthWindow(monthOf(today)), thisWeek, weekWindow(addDays(thisWeek.start, -7)))
}

/**
 * The five cards for a picked period, every comparison (bookings too) against the
 * period before it; the field names stay those of this month's figures. `stays`: at least those in
 * `rangeWindow`.
 */
export function rangeFigures(sources: FigureSources, period: NightWindow): DashboardFigures {
  return figuresFor(sources, period, period, previousWindow(period))
}

/** The `count` calendar months ending with `lastMonth`, oldest first. */
export const monthsEndingWith = (lastMonth: YearMonth, count: number): YearMonth[] =>
  Array.from({ length: count }, (_, index) => addMonths(lastMonth, index - count + 1))

/** Revenue and occupancy per month, for the dashboard's chart. */
export function monthlyFigures(
  properties: readonly MeasuredProperty[],
  stays: readonly StatStay[],
  months: readonly YearMonth[],
): MonthFigures[] {
  return months.map((month) => {
    const { revenue, occupancyRate } = periodFigures(properties, stays, monthWindow(month))
    return { month, revenue, occupancyRate }
  })
}
