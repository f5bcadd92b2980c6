import ICAL from 'ical.js'
import { classifySummary, nightsOverlap, type Booking } from '../domain/bookings.ts'
import { addDays, type DateOnly } from '../domain/dates.ts'
import { detectPlatform } from '../domain/platforms.ts'
import { api } from './api.ts'
import { REQUEST_TIMEOUT_MS } from './http.ts'

/** One VEVENT as the feed wrote it, its times reduced to calendar days. */
export type FeedEvent = {
  uid: string
  summary: string
  description: string
  location: string
  start: DateOnly
  end: DateOnly
  /** Manzil's own export feed names these (X-MANZIL-*); other feeds leave them out. */
  platform?: string
  status?: string
  guestName?: string
  conflict: boolean
}

/** A booking before the palette gives it its colour. */
export type FeedBooking = Omit<Booking, 'color'>

export const FEED_FETCH_FAILED = 'Failed to fetch calendar'

// Feeds in the wild write "DTSTART:20260301" without VALUE=DATE (SPEC 3: "dates may appear as
// YYYYMMDD"); ical.js would read that as a broken date-time, so such lines are marked as dates.
const BARE_DATE = /^(DTSTART|DTEND)((?:;[^:\r\n]*)?):(\d{8})(?=\r?$)/gim

const markBareDates = (text: string) =>
  text.replace(BARE_DATE, (line, name: string, params: string, date: string) =>
    /;VALUE=/i.test(params) ? line : `${name}${params};VALUE=DATE:${date}`,
  )

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

// The day as the feed wrote it (a TZID or UTC time keeps its own wall-clock date), so the
// browser's time zone never moves a stay by a day.
const dayOf = (time: ICAL.Time): DateOnly => `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`

const text = (component: ICAL.Component, name: string): string | undefined => {
  const value = component.getFirstPropertyValue(name)
  return typeof value === 'string' ? value : undefined
}

function toFeedEvent(vevent: ICAL.Component): FeedEvent[] {
  if (!vevent.hasProperty('dtstart') || text(vevent, 'status')?.toUpperCase() === 'CANCELLED') return []
  const event = new ICAL.Event(vevent)
  const start = dayOf(event.startDate)
  const endDay = vevent.hasProperty('dtend') || vevent.hasProperty('duration') ? dayOf(event.endDate) : start
  return [
    {
      uid: event.uid ?? '',
      summary: event.summary ?? '',
      description: event.description ?? '',
      location: event.location ?? '',
      start,
      // A missing or empty end means one night.
      end: endDay > start ? endDay : addDays(start, 1),
      platform: text(vevent, 'x-manzil-platform'),
      status: text(vevent, 'x-manzil-status'),
      guestName: text(vevent, 'x-manzil-guest'),
      conflict: text(vevent, 'x-manzil-conflict')?.toUpperCase() === 'TRUE',
    },
  ]
}

/** Every VEVENT of an iCalendar text; throws when the text is not one. */
export function parseFeed(feed: string): FeedEvent[] {
  const parsed: unknown = ICAL.parse(markBareDates(feed))
  const calendars = (Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[]
  return calendars.flatMap((jcal) => {
    const calendar = new ICAL.Component(jcal as unknown[])
    if (calendar.name !== 'vcalendar') throw new Error('Not an iCalendar feed')
    return calendar.getAllSubcomponents('vevent').flatMap(toFeedEvent)
  })
}

type PropertyRef = { id: string; name: string }

/**
 * SPEC 4 and DESIGN 6.7: the export feed's own fields win; otherwise the summary's " - " rule,
 * and the platform from the event's text, then from the whole feed's.
 */
export function toBookings(events: FeedEvent[], property: PropertyRef, feed: string): FeedBooking[] {
  const feedPlatform = detectPlatform(feed, '')
  return events.map((event) => {
    const classified = classifySummary(event.summary)
    return {
      uid: event.uid,
      propertyId: property.id,
      propertyName: property.name,
      guestName: event.guestName ?? classified.guestName,
      start: event.start,
      end: event.end,
      status: event.status ?? classified.status,
      platform:
        event.platform ?? detectPlatform(`${event.uid} ${event.description} ${event.location}`, feedPlatform),
      kind: classified.kind,
      conflict: event.conflict,
    }
  })
}

/**
 * One property's bookings that share a night with a booking from another platform. Blocks do
 * not count: platforms mirror each other's bookings as blocks, which is the point of syncing.
 */
export function markConflicts<T extends FeedBooking>(bookings: T[]): T[] {
  const clashes = (a: T, b: T) =>
    a !== b &&
    a.kind === 'booking' &&
    b.kind === 'booking' &&
    a.propertyId === b.propertyId &&
    a.platform !== b.platform &&
    nightsOverlap(a, b)
  return bookings.map((booking) =>
    booking.conflict || !bookings.some((other) => clashes(booking, other))
      ? booking
      : { ...booking, conflict: true },
  )
}

/** The export URL is absolute (PUBLIC_URL); the browser fetches it from its own origin. */
export const relativePath = (url: string) => {
  const parsed = new URL(url, 'http://relative.invalid')
  return `${parsed.pathname}${parsed.search}`
}

/** DESIGN 6.1: a property's bookings from its own export feed, fetched with the session cookie. */
export async function fetchPropertyBookings(property: PropertyRef): Promise<FeedBooking[]> {
  const { url } = await api.property.internalCalendar(property.id)
  let feed: string
  try {
    const response = await fetch(relativePath(url), {
      credentials: 'same-origin',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    feed = await response.text()
  } catch (failure) {
    throw new Error(FEED_FETCH_FAILED, { cause: failure })
  }
  return markConflicts(toBookings(parseFeed(feed), property, feed))
}
