import { classifySummary, nightsOverlap, type Booking } from '../domain/bookings.ts'
import { addDays, type DateOnly } from '../domain/dates.ts'
import { feedWarningOf, type FeedWarning } from '../domain/feedWarnings.ts'
import { firstProperty, parseICalendar, unescapeText, type ICalComponent } from '../domain/icalendar.ts'
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
  warning?: FeedWarning
  conflict: boolean
}

/** A booking before the palette gives it its colour. */
export type FeedBooking = Omit<Booking, 'color'>

export const FEED_FETCH_FAILED = 'Failed to fetch calendar'

// A DATE is YYYYMMDD; a DATE-TIME adds THHMMSS, and Z for UTC. The day is taken as written (a
// TZID or UTC time keeps its own wall-clock date), so the browser's time zone never moves a stay.
const DATE_OR_TIME = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/

type Written = { day: DateOnly; timeMs: number | null }

function writtenTime(value: string | undefined): Written | null {
  const match = DATE_OR_TIME.exec(value?.trim() ?? '')
  if (!match) return null
  const [, year = '', month = '', day = '', hour, minute, second] = match
  const timeMs =
    hour === undefined ? null : Date.UTC(+year, +month - 1, +day, +hour, Number(minute), Number(second))
  return { day: `${year}-${month}-${day}`, timeMs }
}

const DURATION = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/

/** The day a DURATION after `start` falls on; null when the duration does not parse. */
function dayAfter(start: Written, duration: string): DateOnly | null {
  const match = DURATION.exec(duration.trim())
  if (!match) return null
  const [, sign, weeks, days, hours, minutes, seconds] = match.map((part) => part ?? '0')
  const direction = sign === '-' ? -1 : 1
  const wholeDays = direction * (Number(weeks) * 7 + Number(days))
  if (start.timeMs === null) return addDays(start.day, wholeDays)
  const ms = (Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds)) * 1000 * direction
  return new Date(start.timeMs + wholeDays * 86_400_000 + ms).toISOString().slice(0, 10)
}

const text = (vevent: ICalComponent, name: string): string | undefined => {
  const property = firstProperty(vevent, name)
  return property && unescapeText(property.value)
}

/** X-MANZIL-WARNING;X-DTSTART=…;X-DTEND=…:kind, as the export feed writes it (server/calendar/ics.ts). */
function warningOf(vevent: ICalComponent): FeedWarning | undefined {
  const property = firstProperty(vevent, 'x-manzil-warning')
  if (!property) return undefined
  const { 'X-DTSTART': start, 'X-DTEND': end } = property.params
  return feedWarningOf(unescapeText(property.value), start, end) ?? undefined
}

function toFeedEvent(vevent: ICalComponent): FeedEvent[] {
  const start = writtenTime(firstProperty(vevent, 'dtstart')?.value)
  if (!start || text(vevent, 'status')?.toUpperCase() === 'CANCELLED') return []
  const dtend = firstProperty(vevent, 'dtend')
  const duration = firstProperty(vevent, 'duration')
  const endDay = dtend
    ? writtenTime(dtend.value)?.day
    : duration
      ? dayAfter(start, duration.value)
      : start.day
  return [
    {
      uid: text(vevent, 'uid') ?? '',
      summary: text(vevent, 'summary') ?? '',
      description: text(vevent, 'description') ?? '',
      location: text(vevent, 'location') ?? '',
      start: start.day,
      // A missing or empty end means one night.
      end: endDay && endDay > start.day ? endDay : addDays(start.day, 1),
      platform: text(vevent, 'x-manzil-platform'),
      status: text(vevent, 'x-manzil-status'),
      guestName: text(vevent, 'x-manzil-guest'),
      warning: warningOf(vevent),
      conflict: text(vevent, 'x-manzil-conflict')?.toUpperCase() === 'TRUE',
    },
  ]
}

/** Every VEVENT of an iCalendar text; throws when the text is not one. */
export function parseFeed(feed: string): FeedEvent[] {
  return parseICalendar(feed).flatMap((calendar) => {
    if (calendar.name !== 'VCALENDAR') throw new Error('Not an iCalendar feed')
    return calendar.components.filter((component) => component.name === 'VEVENT').flatMap(toFeedEvent)
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
      feedWarning: event.warning ?? null,
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
