import { useCallback, useMemo, useState } from 'react'
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { toPortfolioBookings, type FeedBooking, type PropertyRef } from './feedBookings.ts'
import { feedWindowFor, type StayList, type StayListFilters } from './feedPaths.ts'
import type { Booking } from '../../domain/bookings.ts'
import { addDays, addMonths, isDateOnly, localToday, type DateOnly } from '../../domain/dates.ts'
import { thisMonth } from '../../domain/dateRange.ts'
import { groupBy } from '../../domain/grouping.ts'
import type { ChosenNights } from '../../domain/manualStays.ts'
import { prevailingZone, todayIn, type ZonedProperty } from '../../domain/timeZones.ts'
import { stayColors } from '../../domain/stayColors.ts'
import { bookingKey } from '../../ui/calendar/month/calendarDays.ts'
import { portfolioFeedQuery, propertyFeedQuery, stayListQuery } from '../bookings/bookingKeys.ts'
import { useProperties } from '../properties/propertyList.ts'

/**
 * Stays with their colours: drawn from each stay's own key and its neighbours in its property,
 * so a stay keeps its colour across reloads, screens and devices (docs/decisions.md, "A stay's
 * colour is its own"). Property by property: a portfolio's thousands of stays are never compared
 * with one another, only with their property's.
 */
export function colorBookings(bookings: readonly FeedBooking[]): Booking[] {
  const byProperty = groupBy(bookings, (booking) => booking.propertyId)
  const colors = new Map<string, string>()
  for (const stays of byProperty.values())
    for (const [key, color] of stayColors(stays, bookingKey)) colors.set(key, color)
  return bookings.map((booking) => ({ ...booking, color: colors.get(bookingKey(booking)) ?? '' }))
}

/**
 * Every property's bookings in the days the screen shows, from the one feed of all of the host's
 * properties read over their whole months (`feedWindowFor`). Stays are those of the listed
 * properties, so they come once both have answered.
 */
export function useBookings() {
  const properties = useProperties()
  const [shown, setShown] = useState(() => {
    const { start, end } = thisMonth()
    return { first: start, last: end }
  })
  const feedWindow = feedWindowFor(shown.first, shown.last)
  // The previous window's stays stay on screen while the next one loads.
  const feed = useQuery({ ...portfolioFeedQuery(feedWindow), placeholderData: keepPreviousData })
  const listed = properties.data
  const events = feed.data
  const bookings = useMemo(() => {
    if (!listed || !events) return []
    return colorBookings(toPortfolioBookings(events, listed))
  }, [listed, events])
  /** The days the screen shows, from its first to its last: the feed is read over their months. */
  const showDays = useCallback(
    (first: DateOnly, last: DateOnly) =>
      setShown((current) => (current.first === first && current.last === last ? current : { first, last })),
    [],
  )
  return {
    properties: listed ?? [],
    propertiesError: properties.error,
    isPending: properties.isPending || feed.isPending || feed.isPlaceholderData,
    bookings,
    showDays,
  }
}

/**
 * The stays of the nights' property in the months the nights fall in, and whether every stay that
 * could hold them is among them (of a listed property, its window read): what the manual-stay
 * dialog checks the nights against. The calendar's own answer when it has read or is reading
 * those months; else that property's alone, not every property's.
 */
export function useStaysAround(nights: ChosenNights, properties: readonly PropertyRef[]) {
  const { propertyId } = nights
  const valid = isDateOnly(nights.start) && isDateOnly(nights.end) && nights.start < nights.end
  const today = localToday()
  const window = valid ? feedWindowFor(nights.start, addDays(nights.end, -1)) : feedWindowFor(today, today)
  // Never fetched from here: only the calendar's copy, when it has one.
  const calendars = useQuery({ ...portfolioFeedQuery(window), enabled: false })
  const calendarReads = calendars.data !== undefined || calendars.fetchStatus === 'fetching'
  const own = useQuery({
    ...propertyFeedQuery(window, propertyId),
    enabled: valid && propertyId !== '' && !calendarReads,
  })
  const events = calendars.data ?? own.data
  const stays = useMemo(
    () =>
      events
        ? colorBookings(
            toPortfolioBookings(
              events.filter((event) => event.propertyId === propertyId),
              properties,
            ),
          )
        : [],
    [events, properties, propertyId],
  )
  const loaded = valid && events !== undefined && properties.some((property) => property.id === propertyId)
  return { stays, loaded }
}

/**
 * A page at a time of a stay list (current or upcoming by today where each property is, counted
 * and ordered by the server), its stays named by the listed properties. A stay the calendar has
 * loaded keeps the calendar's colour; one past it takes the colour its page's neighbours give.
 */
export function useStayList(
  list: StayList,
  filters: StayListFilters,
  properties: readonly PropertyRef[],
  shown: readonly Booking[],
) {
  const pages = useInfiniteQuery(stayListQuery(list, filters))
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages
  const bookings = useMemo(() => {
    const events = pages.data?.pages.flatMap((page) => page.events) ?? []
    const colors = new Map(shown.map((booking) => [bookingKey(booking), booking.color]))
    return colorBookings(toPortfolioBookings(events, properties)).map((booking) => {
      const color = colors.get(bookingKey(booking))
      return color === undefined ? booking : { ...booking, color }
    })
  }, [pages.data, properties, shown])
  const more = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])
  return {
    bookings,
    total: pages.data?.pages[0]?.total ?? bookings.length,
    isPending: pages.isPending,
    more,
  }
}

/**
 * The day a calendar highlights as today: where the shown properties are (the one most of them
 * are in), else the browser's own day.
 */
export function todayOfProperties(properties: readonly ZonedProperty[], now: Date = new Date()): DateOnly {
  const zone = prevailingZone(properties.map((property) => property.timeZone))
  return zone ? todayIn(zone, now) : localToday(now)
}

/** A shown month ("YYYY-MM"), starting at today's. */
export function useMonth(today: DateOnly = localToday()) {
  const [month, setMonth] = useState(today.slice(0, 7))
  return {
    month,
    previous: () => setMonth((current) => addMonths(current, -1)),
    next: () => setMonth((current) => addMonths(current, 1)),
  }
}
