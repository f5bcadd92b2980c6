import { addDays, type DateOnly } from '../../domain/dates.ts'
import {
  parseICalendar,
  propertiesByName,
  unescapeText,
  type ICalProperties,
} from '../../domain/icalendar.ts'
import { readStayFields, type StayWireFields } from '../../domain/stayWire.ts'
import { takeEarlyResponse } from '../../boot/earlyResponses.ts'
import { REQUEST_TIMEOUT_MS } from '../../actors/http.ts'

/**
 * One VEVENT as the feed wrote it, its times reduced to calendar days, with what Manzil's own
 * feeds add (`src/domain/stayWire.ts`); other feeds leave those out.
 */
export type FeedEvent = {
  uid: string
  summary: string
  description: string
  location: string
  start: DateOnly
  end: DateOnly
} & StayWireFields

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

// An event's properties by their names, upper case as the reader writes them.
const text = (vevent: ICalProperties, name: string): string | undefined => {
  const property = vevent.get(name)
  return property && unescapeText(property.value)
}

/** A property as `src/domain/stayWire.ts` reads it: its value unescaped. */
const wireProperty = (vevent: ICalProperties) => (name: string) => {
  const property = vevent.get(name)
  return property && { value: unescapeText(property.value), params: property.params }
}

function toFeedEvent(vevent: ICalProperties): FeedEvent[] {
  const start = writtenTime(vevent.get('DTSTART')?.value)
  if (!start || text(vevent, 'STATUS')?.toUpperCase() === 'CANCELLED') return []
  const dtend = vevent.get('DTEND')
  const duration = vevent.get('DURATION')
  const endDay = dtend
    ? writtenTime(dtend.value)?.day
    : duration
      ? dayAfter(start, duration.value)
      : start.day
  return [
    {
      uid: text(vevent, 'UID') ?? '',
      summary: text(vevent, 'SUMMARY') ?? '',
      description: text(vevent, 'DESCRIPTION') ?? '',
      location: text(vevent, 'LOCATION') ?? '',
      start: start.day,
      // A missing or empty end means one night.
      end: endDay && endDay > start.day ? endDay : addDays(start.day, 1),
      ...readStayFields(wireProperty(vevent)),
    },
  ]
}

/** Every VEVENT of an iCalendar text; throws when the text is not one. */
export function parseFeed(feed: string): FeedEvent[] {
  return parseICalendar(feed).flatMap((calendar) => {
    if (calendar.name !== 'VCALENDAR') throw new Error('Not an iCalendar feed')
    return calendar.components
      .filter((component) => component.name === 'VEVENT')
      .flatMap((vevent) => toFeedEvent(propertiesByName(vevent)))
  })
}

/** What one read of a feed gave: its events, and for a page of a list its total and next page. */
export type FeedRead = {
  events: FeedEvent[]
  /** The whole list's count (X-Total-Count); null for a feed that is no list's page. */
  total: number | null
  /** The address of the list's next page (the Link header's rel="next"); null after the last. */
  next: string | null
}

/** The latest read of each slot (the window, each list's first page): its address, ETag and what it gave. */
const latestRead = new Map<string, { path: string; etag: string; read: FeedRead }>()

const NEXT_LINK = /<([^>]+)>\s*;\s*rel="?next"?/

/**
 * Reads one of Manzil's stay feeds at `path`. A read kept in `slot` sends the ETag of the copy
 * it has (If-None-Match, past the browser's cache, which would keep a second copy of the text),
 * and the server answers 304 when nothing changed: the same events come back, not parsed again,
 * so nothing redraws. A slot keeps only its latest address's copy.
 */
export async function fetchFeed(path: string, slot: string | null = null): Promise<FeedRead> {
  const known = slot === null ? undefined : latestRead.get(slot)
  const current = known?.path === path ? known : undefined
  let response: Response
  try {
    response =
      (await takeEarlyResponse(path)) ??
      (await fetch(path, {
        credentials: 'same-origin',
        cache: 'no-store',
        headers: current ? { 'if-none-match': current.etag } : {},
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }))
    if (response.status === 304 && current) {
      // Its empty body read: one left unread holds the request open until the time limit aborts it.
      await response.arrayBuffer()
      return current.read
    }
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
  } catch (failure) {
    throw new Error(FEED_FETCH_FAILED, { cause: failure })
  }
  const etag = response.headers.get('etag')
  const total = response.headers.get('x-total-count')
  const read: FeedRead = {
    events: parseFeed(await response.text()),
    total: total === null ? null : Number(total),
    next: NEXT_LINK.exec(response.headers.get('link') ?? '')?.[1] ?? null,
  }
  if (slot !== null) {
    latestRead.delete(slot)
    if (etag !== null) latestRead.set(slot, { path, etag, read })
  }
  return read
}
