import { useMemo, useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { toPortfolioBookings, type FeedBooking } from './feedBookings.ts'
import type { Booking } from '../../domain/bookings.ts'
import { addMonths, localToday, type DateOnly } from '../../domain/dates.ts'
import {
  prevailingZone,
  stayListsByPropertyToday,
  todayIn,
  type ZonedProperty,
} from '../../domain/timeZones.ts'
import { stayColors } from '../../domain/stayColors.ts'
import { bookingKey } from '../../ui/calendar/month/calendarDays.ts'
import { feedFromFor, portfolioFeedQuery } from '../bookings/bookingKeys.ts'
import { useProperties } from '../properties/propertyList.ts'

/**
 * Stays with their colours: drawn from each stay's own key and its neighbours in its property,
 * so a stay keeps its colour across reloads, screens and devices (docs/decisions.md, "A stay's
 * colour is its own"). Property by property: a portfolio's thousands of stays are never compared
 * with one another, only with their property's.
 */
export function colorBookings(bookings: readonly FeedBooking[]): Booking[] {
  const byProperty = new Map<string, FeedBooking[]>()
  for (const booking of bookings) {
    const stays = byProperty.get(booking.propertyId)
    if (stays) stays.push(booking)
    else byProperty.set(booking.propertyId, [booking])
  }
  const colors = new Map<string, string>()
  for (const stays of byProperty.values())
    for (const [key, color] of stayColors(stays, bookingKey)) colors.set(key, color)
  return bookings.map((booking) => ({ ...booking, color: colors.get(bookingKey(booking)) ?? '' }))
}

/**
 * Every property's bookings, from the one feed of all of the host's properties: the stays that
 * end after the month before today's, or before the earliest day a screen has asked to show
 * (`showFrom`). Stays are those of the listed properties, so they come once both have answered.
 */
export function useBookings() {
  const properties = useProperties()
  const [shownFrom, setShownFrom] = useState<DateOnly | null>(null)
  const today = localToday()
  const from = feedFromFor(shownFrom !== null && shownFrom < today ? shownFrom : today)
  // The previous window's stays stay on screen while an earlier one loads.
  const feed = useQuery({ ...portfolioFeedQuery(from), placeholderData: keepPreviousData })
  const listed = properties.data
  const events = feed.data
  const bookings = useMemo(() => {
    if (!listed || !events) return []
    return colorBookings(toPortfolioBookings(events, listed))
  }, [listed, events])
  // A new stay's nights can only be checked against a property whose stays are here.
  const loadedPropertyIds = useMemo(
    () => new Set(events && listed ? listed.map((property) => property.id) : []),
    [listed, events],
  )
  return {
    properties: listed ?? [],
    propertiesError: properties.error,
    isPending: properties.isPending || feed.isPending || feed.isPlaceholderData,
    bookings,
    loadedPropertyIds,
    /** The earliest day the screen shows; the feed is read from the month before it. */
    showFrom: setShownFrom,
  }
}

/** Each stay current or upcoming by today where its property is (docs/product.md §4.9). */
export function useStayLists(bookings: readonly Booking[], properties: readonly ZonedProperty[]) {
  // Recomputed with the bookings (refetched every minute), so a list crosses midnight with them.
  return useMemo(() => stayListsByPropertyToday(bookings, properties), [bookings, properties])
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
