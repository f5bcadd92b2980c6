import { createHash } from 'node:crypto'
import ICAL from 'ical.js'
import { addDays, isDateOnly, nightsBetween, normaliseDate, type DateOnly } from '../../src/domain/dates.ts'
import type { FeedWarning } from '../../src/domain/feedWarnings.ts'
import {
  dayIn,
  dayOfWallTimeIn,
  FALLBACK_TIME_ZONE,
  zoneOfTzid,
  type WallTime,
} from '../../src/domain/timeZones.ts'
import { MAX_STAYS } from './budgets.ts'
import { FeedError } from './feedError.ts'
import { checkLines } from './feedLines.ts'
import { withRecurrenceSteps } from './recurrenceSteps.ts'

/**
 * One stay of a feed, its times reduced to check-in and check-out days; `warning` says what of
 * the feed's own dates could not be taken as written (plain data: it crosses from the worker).
 */
export type FeedEvent = {
  uid: string
  summary: string
  description: string | null
  location: string | null
  start: DateOnly
  end: DateOnly
  warning: FeedWarning | null
}

/** How far ahead a repeating event is expanded: 18 months. */
const RECURRENCE_HORIZON_DAYS = 548
/** How far back a stay that is over is still read (last year's statistics); older ones are left. */
const PAST_DAYS = 365

/**
 * Which stays a feed is read for, and how many were found so far (MAX_STAYS at most): stays that
 * end within the last year or later, repeating ones from today to 18 months ahead. A plain
 * stay further ahead is still read: platforms let guests book two or three years out.
 */
class StayWindow {
  readonly from: DateOnly
  readonly recurrenceHorizon: DateOnly
  private stays = 0

  constructor(readonly today: DateOnly) {
    this.from = addDays(today, -PAST_DAYS)
    this.recurrenceHorizon = addDays(today, RECURRENCE_HORIZON_DAYS)
  }

  /** Whether a stay ends after `from`; counts it when it does, and refuses one too many. */
  admits(stay: { end: DateOnly }, from = this.from): boolean {
    if (stay.end <= from) return false
    if (++this.stays > MAX_STAYS)
      throw new FeedError('tooManyStays', `more than ${MAX_STAYS} stays ending after ${this.from}`)
    return true
  }
}

// jCal: a component is [name, properties, subcomponents]; a property is [name, params, type, value…].
type JCalProperty = [string, Record<string, unknown>, string, ...unknown[]]
type JCalComponent = [string, JCalProperty[], JCalComponent[]]

/**
 * How the times of one calendar become days: every timed DTSTART/DTEND (UTC, with a TZID, or
 * floating) is dated by the day it is in the property's zone at that moment; a DATE is the day
 * as written. A floating time is read in the calendar's zone (X-WR-TIMEZONE) when it names one
 * Intl knows, else in the property's. A TZID that Intl cannot read (a custom VTIMEZONE, an
 * unknown Windows name) is read in the property's zone: the day as written.
 */
type Zones = { property: string; floating: string }

function zonesOf(propertyZone: string, calendarZone: string | null): Zones {
  const property = zoneOfTzid(propertyZone) ?? FALLBACK_TIME_ZONE
  return { property, floating: (calendarZone && zoneOfTzid(calendarZone)) || property }
}

// normaliseDate validates through Date, which shows on large feeds; they repeat the same few
// hundred days, so each distinct value is checked once (the bound keeps the memory small).
const knownDays = new Map<string, DateOnly | null>()
function normalisedDay(value: string): DateOnly | null {
  let day = knownDays.get(value)
  if (day === undefined) {
    if (knownDays.size >= 10_000) knownDays.clear()
    day = normaliseDate(value)
    knownDays.set(value, day)
  }
  return day
}

// Timed feeds repeat the same few check-in and check-out times: each is converted once per zone.
const knownTimes = new Map<string, DateOnly | null>()

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(Z?)$/

/** The day a jCal date-time ("2026-12-05T15:00:00", "…Z") is in the property's zone. */
function dayOfDateTime(value: string, tzid: string | undefined, zones: Zones): DateOnly | null {
  const key = `${zones.property}\n${zones.floating}\n${tzid ?? ''}\n${value}`
  let day = knownTimes.get(key)
  if (day === undefined) {
    const match = DATE_TIME.exec(value)
    if (!match) day = normalisedDay(value)
    else {
      const [year = 0, month = 0, dayOfMonth = 0, hour = 0, minute = 0, second = 0] = match
        .slice(1, 7)
        .map(Number)
      const wall: WallTime = { year, month, day: dayOfMonth, hour, minute, second }
      day = timedDay(wall, match[7] === 'Z', tzid, zones)
    }
    if (knownTimes.size >= 10_000) knownTimes.clear()
    knownTimes.set(key, day)
  }
  return day
}

/** The property's day of a wall time written in UTC, in a TZID, or floating; null: no such day. */
function timedDay(wall: WallTime, utc: boolean, tzid: string | undefined, zones: Zones): DateOnly | null {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  // A day that does not exist (30 February) is refused, as such a DATE is.
  if (!isDateOnly(`${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`)) return null
  if (utc)
    return dayIn(
      zones.property,
      Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second),
    )
  const from = tzid === undefined ? zones.floating : (zoneOfTzid(tzid) ?? zones.property)
  return dayOfWallTimeIn(wall, from, zones.property)
}

const firstOf = (properties: JCalProperty[], name: string) =>
  properties.find((property) => property[0] === name)

const textOf = (property: JCalProperty | undefined): string | null => {
  const value = property?.[3]
  return typeof value === 'string' ? value : null
}

const tzidOf = (property: JCalProperty | undefined): string | undefined => {
  const tzid = property?.[1].tzid
  return typeof tzid === 'string' && tzid !== '' ? tzid : undefined
}

/**
 * The day a DTSTART/DTEND (or RECURRENCE-ID) falls on for the host: a date as written; a time by
 * the day it is then in the property's zone (see `Zones`).
 */
function dayOf(property: JCalProperty | undefined, zones: Zones): DateOnly | null {
  const value = textOf(property)
  if (value === null) return null
  if (property?.[2] !== 'date-time') return normalisedDay(value)
  return dayOfDateTime(value, tzidOf(property), zones)
}

/** An occurrence of a repeating event, written in its DTSTART's zone (`tzid`), as the property's day. */
function dayOfTime(time: ICAL.Time, tzid: string | undefined, zones: Zones): DateOnly {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  const written = `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`
  if (time.isDate) return written
  const wall = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.hour,
    minute: time.minute,
    second: time.second,
  }
  const utc = time.zone === ICAL.Timezone.utcTimezone
  return timedDay(wall, utc, utc ? undefined : tzid, zones) ?? written
}

// "DTSTART:20260301" (a date without VALUE=DATE, common in the wild) reaches jCal as the
// date-time "2026-03-01T::". Its first ten characters are the day, which is all `dayOf` reads;
// recurrence, though, needs it to be the date it is.
function repairBareDates(properties: JCalProperty[]) {
  for (const property of properties) {
    const value = property[3]
    if (property[2] === 'date-time' && typeof value === 'string' && value.endsWith('T::')) {
      property[2] = 'date'
      property[3] = value.slice(0, 10)
    }
  }
}

/**
 * The event's check-out: DTEND, else DTSTART + DURATION, else one night; never before check-in
 * + 1. A DTEND before DTSTART (real Airbnb feeds have them) is one night too, with a warning
 * that keeps both days; a DTEND on the day of DTSTART (a one-day block) is one night silently.
 */
function endOf(
  properties: JCalProperty[],
  start: DateOnly,
  zones: Zones,
): { end: DateOnly; warning: FeedWarning | null } {
  const dtend = dayOf(firstOf(properties, 'dtend'), zones)
  let end = dtend
  const duration = textOf(firstOf(properties, 'duration'))
  if (end === null && duration) {
    const days = ICAL.Duration.fromString(duration).toSeconds() / 86_400
    end = addDays(start, Math.floor(days))
  }
  if (end !== null && end > start) return { end, warning: null }
  const warning: FeedWarning | null =
    dtend !== null && dtend < start ? { kind: 'endBeforeStart', start, end: dtend } : null
  return { end: addDays(start, 1), warning }
}

const fallbackUid = (properties: JCalProperty[]) =>
  createHash('sha256')
    .update(properties.map((property) => `${property[0]}=${String(property[3])}`).join('\n'))
    .digest('hex')
    .slice(0, 32)

/** A repeating event's occurrences from today to the recurrence horizon. */
function expand(vevent: JCalComponent, base: FeedEvent, zones: Zones, window: StayWindow) {
  const nights = Math.max(1, nightsBetween(base.start, base.end))
  repairBareDates(vevent[1])
  return withRecurrenceSteps(() => {
    const iterator = new ICAL.Event(new ICAL.Component(vevent)).iterator()
    const tzid = tzidOf(firstOf(vevent[1], 'dtstart'))
    const occurrences: FeedEvent[] = []
    for (let next = iterator.next(); next; next = iterator.next()) {
      const start = dayOfTime(next, tzid, zones)
      if (start > window.recurrenceHorizon) break
      const occurrence = { ...base, uid: `${base.uid}#${start}`, start, end: addDays(start, nights) }
      if (window.admits(occurrence, window.today)) occurrences.push(occurrence)
    }
    return occurrences
  })
}

/** Every VCALENDAR of the text (a feed may concatenate several). */
function calendarsOf(text: string): JCalComponent[] {
  const trimmed = text.replace(/^\uFEFF/, '').trim()
  // A download cut short still parses as far as it goes; only a complete calendar is trusted.
  if (!/^BEGIN:VCALENDAR/i.test(trimmed) || !/END:VCALENDAR$/i.test(trimmed))
    throw new FeedError('notCalendar', 'not a complete VCALENDAR')
  checkLines(trimmed)
  let parsed: unknown
  try {
    parsed = ICAL.parse(trimmed)
  } catch (error) {
    throw new FeedError('notCalendar', (error as Error).message)
  }
  const list = (typeof (parsed as unknown[])[0] === 'string' ? [parsed] : parsed) as JCalComponent[]
  if (!list.every((component) => component[0] === 'vcalendar'))
    throw new FeedError('notCalendar', 'a top-level component is not a VCALENDAR')
  return list
}

/** A moved (or, with `event: null`, cancelled) occurrence of a repeating event. */
type Instance = { kind: 'instance'; key: string; event: FeedEvent | null }
type ReadEvent = Instance | { kind: 'events'; events: FeedEvent[] }

function readEvent(vevent: JCalComponent, zones: Zones, window: StayWindow): ReadEvent | null {
  const properties = vevent[1]
  const start = dayOf(firstOf(properties, 'dtstart'), zones)
  if (start === null) return null
  const cancelled = textOf(firstOf(properties, 'status'))?.toUpperCase() === 'CANCELLED'
  const uid = textOf(firstOf(properties, 'uid')) ?? fallbackUid(properties)
  const { end, warning } = endOf(properties, start, zones)
  const event: FeedEvent = {
    uid,
    summary: textOf(firstOf(properties, 'summary')) ?? '',
    description: textOf(firstOf(properties, 'description')),
    location: textOf(firstOf(properties, 'location')),
    start,
    end,
    warning,
  }
  const recurrenceId = firstOf(properties, 'recurrence-id')
  if (recurrenceId) {
    const day = dayOf(recurrenceId, zones)
    if (day === null) return null
    const key = `${uid}#${day}`
    return { kind: 'instance', key, event: cancelled ? null : { ...event, uid: key } }
  }
  if (cancelled) return null
  if (firstOf(properties, 'rrule') || firstOf(properties, 'rdate'))
    return { kind: 'events', events: expand(vevent, event, zones, window) }
  return { kind: 'events', events: window.admits(event) ? [event] : [] }
}

/**
 * The stays of an iCalendar feed (RFC 5545), for a property in `timeZone` (an IANA name). Dates
 * are check-in and check-out days: a DATE as written, a time by its day in `timeZone`;
 * stays that ended more than a year ago are left out, and a repeating event becomes one stay per
 * occurrence (`uid#date`) from today to 18 months ahead, its moved or cancelled instances
 * (RECURRENCE-ID) applied. Events without a start are skipped; a text that is not a whole calendar throws
 * FeedError('notCalendar'), one past a budget (budgets.ts) the FeedError of that budget.
 *
 * Plain events are read straight from the parsed jCal arrays: building ical.js objects for each
 * of thousands of events is what would make a large feed slow.
 */
export function parseFeed(text: string, today: DateOnly, timeZone: string = FALLBACK_TIME_ZONE): FeedEvent[] {
  const events = new Map<string, FeedEvent>()
  const instances: Instance[] = []
  const window = new StayWindow(today)

  for (const calendar of calendarsOf(text)) {
    const zones = zonesOf(timeZone, textOf(firstOf(calendar[1], 'x-wr-timezone')))
    for (const vevent of calendar[2]) {
      if (vevent[0] !== 'vevent') continue
      let read: ReadEvent | null
      try {
        read = readEvent(vevent, zones, window)
      } catch (error) {
        // One unreadable event (a broken RRULE or DURATION) is skipped; a budget ends the feed.
        if (error instanceof FeedError) throw error
        continue
      }
      if (read?.kind === 'instance') instances.push(read)
      for (const occurrence of read?.kind === 'events' ? read.events : []) {
        // Two events sharing a UID (a broken feed) must still be two rows.
        const key = events.has(occurrence.uid) ? `${occurrence.uid}#${occurrence.start}` : occurrence.uid
        if (!events.has(key)) events.set(key, { ...occurrence, uid: key })
      }
    }
  }
  // A moved instance replaces its occurrence; it counts only if it now falls within the window
  // (a stay moved into the past, or beyond 18 months, is no longer listed).
  for (const { key, event } of instances) {
    if (event && event.end > today && event.start <= window.recurrenceHorizon) events.set(key, event)
    else events.delete(key)
  }
  return [...events.values()]
}
