import { useMemo, useState } from 'react'
import { useQueries } from '@tanstack/react-query'
import type { FeedBooking } from '../actors/calendarFeed.ts'
import type { Booking } from '../domain/bookings.ts'
import { addMonths, localToday, type DateOnly } from '../domain/dates.ts'
import { prevailingZone, stayListsByPropertyToday, todayIn, type ZonedProperty } from '../domain/timeZones.ts'
import { stayColors } from '../domain/stayColors.ts'
import { bookingKey } from '../ui/calendar/calendarDays.ts'
import { BOOKINGS_KEY } from './bookingKeys.ts'
import { useProperties } from './properties/propertyList.ts'

/**
 * One property's stays with their colours: drawn from each stay's own key and its neighbours',
 * so a stay keeps its colour across reloads, screens and devices (docs/decisions.md, "A stay's
 * colour is its own").
 */
export function colorBookings(bookings: readonly FeedBooking[]): Booking[] {
  const colors = stayColors(bookings, bookingKey)
  return bookings.map((booking) => ({ ...booking, color: colors.get(bookingKey(booking)) ?? '' }))
}

type PropertyRef = { id: string; name: string }

async function loadBookings(property: PropertyRef): Promise<Booking[]> {
  try {
    // The feed reader (and its iCalendar parser) loads beside the property list, not before the
    // screen's first paint (issue 17).
    const { fetchPropertyBookings } = await import('../actors/calendarFeed.ts')
    return colorBookings(await fetchPropertyBookings(property))
  } catch (failure) {
    // SPEC 8: one property's failure is logged and that property skipped; the others show.
    console.error(`Skipped the calendar of "${property.name}"`, failure)
    throw failure
  }
}

/** Every property's bookings from its export feed, one query per property. */
export function useBookings() {
  const properties = useProperties()
  const listed = properties.data ?? []
  const feeds = useQueries({
    queries: listed.map((property) => ({
      queryKey: [...BOOKINGS_KEY, property.id],
      queryFn: () => loadBookings(property),
      retry: false,
      staleTime: 30_000,
      // The server re-syncs feeds in the background; the calendar follows within a minute.
      refetchInterval: 60_000,
    })),
    combine: (results) => ({
      bookings: results.flatMap((result) => result.data ?? []),
      isPending: results.some((result) => result.isPending),
      // A new stay's nights can only be checked against a property whose stays are here.
      loadedPropertyIds: new Set(
        listed.flatMap((property, index) => (results[index]?.data ? [property.id] : [])),
      ),
    }),
  })
  return {
    properties: properties.data ?? [],
    propertiesError: properties.error,
    isPending: properties.isPending || feeds.isPending,
    bookings: feeds.bookings,
    loadedPropertyIds: feeds.loadedPropertyIds,
  }
}

/** SPEC 4 and issue 13: each stay current or upcoming by today where its property is. */
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
