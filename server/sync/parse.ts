import { createHash } from 'node:crypto'
import ICAL from 'ical.js'
import { addDays, nightsBetween, type DateOnly } from '../../src/domain/dates.ts'
import type { FeedWarning } from '../../src/domain/feedWarnings.ts'
import { multiLine, singleLine } from '../../src/domain/plainText.ts'
import { FALLBACK_TIME_ZONE } from '../../src/domain/timeZones.ts'
import { MAX_STAYS, stayHorizon } from './budgets.ts'
import './extendedDates.ts'
import { FeedError } from './feedError.ts'
import { checkLines } from './feedLines.ts'
import {
  dayAfterDuration,
  dayOfDateTime,
  dayOfTime,
  exdateInFormOf,
  normalisedDay,
  timeFormOf,
  zonesOf,
  type Zones,
} from './feedTimes.ts'
import { withRecurrenceSteps } from './recurrenceSteps.ts'
import { textOrder } from '../../src/domain/textOrder.ts'

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
 * end within the last year or later and begin before the horizon (budgets.ts), repeating ones
 * from today to 18 months ahead. A plain stay further ahead than that is still read: platforms
 * let guests book two or three years out.
 */
class StayWindow {
  readonly from: DateOnly
  readonly recurrenceHorizon: DateOnly
  readonly horizon: DateOnly
  private stays = 0

  constructor(readonly today: DateOnly) {
    this.from = addDays(today, -PAST_DAYS)
    this.recurrenceHorizon = addDays(today, RECURRENCE_HORIZON_DAYS)
    this.horizon = stayHorizon(today)
  }

  /**
   * Whether a stay ends after `from` and begins before the horizon; counts it when it does, and
   * refuses one too many.
   */
  admits(stay: { start: DateOnly; end: DateOnly }, from = this.from): boolean {
    if (stay.end <= from || stay.start >= this.horizon) return false
    if (++this.stays > MAX_STAYS)
      throw new FeedError('tooManyStays', `more than ${MAX_STAYS} stays ending after ${this.from}`)
    return true
  }

  /** The stay as kept: one that goes on past the horizon ends there, with a warning of its days. */
  cut(event: FeedEvent): FeedEvent {
    if (event.end <= this.horizon) return event
    const warning: FeedWarning = { kind: 'beyondHorizon', start: event.start, end: event.end }
    return { ...event, end: this.horizon, warning }
  }
}

// jCal: a component is [name, properties, subcomponents]; a property is [name, params, type, value…].
type JCalProperty = [string, Record<string, unknown>, string, ...unknown[]]
type JCalComponent = [string, JCalProperty[], JCalComponent[]]

const firstOf = (properties: JCalProperty[], name: string) =>
  properties.find((property) => property[0] === name)

const textOf = (property: JCalProperty | undefined): string | null => {
  const value = property?.[3]
  return typeof value === 'string' ? value : null
}

/**
 * A text the feed gave, made `plain` (singleLine or multiLine): a feed is hostile, and a CR or a
 * U+2028 in a summary would start a line of its own in every feed and mail that repeats it.
 */
const plainTextOf = (property: JCalProperty | undefined, plain: (text: string) => string): string | null => {
  const text = textOf(property)
  return text === null ? null : plain(text)
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
  if (end === null && duration)
    end = dayAfter(firstOf(properties, 'dtstart'), start, ICAL.Duration.fromString(duration), zones)
  if (end !== null && end > start) return { end, warning: null }
  const warning: FeedWarning | null =
    dtend !== null && dtend < start ? { kind: 'endBeforeStart', start, end: dtend } : null
  return { end: addDays(start, 1), warning }
}

/**
 * The day DTSTART + DURATION reaches: a date-time's by the time it comes to (a 15:00 check-in
 * plus PT44H checks out two days on, not one), a date's (or a bare date's) by whole days.
 */
function dayAfter(
  dtstart: JCalProperty | undefined,
  start: DateOnly,
  duration: ICAL.Duration,
  zones: Zones,
): DateOnly {
  const value = dtstart?.[2] === 'date-time' ? textOf(dtstart) : null
  const timed = value === null ? null : dayAfterDuration(value, tzidOf(dtstart), duration, zones)
  return timed ?? addDays(start, Math.floor(duration.toSeconds() / 86_400))
}

/**
 * What names an event without a UID: its stay alone. DTSTAMP, LAST-MODIFIED, CREATED and
 * SEQUENCE say when the feed was written, and some platforms stamp every download anew: hashed
 * with the rest, they gave the stay a new identity each sync (a cancellation, a new booking and a
 * new conflict each round). In document order and spelt as before, so an event that had only
 * these properties keeps the identity it was stored under.
 */
const IDENTIFYING = new Set(['dtstart', 'dtend', 'duration', 'summary', 'recurrence-id'])

const fallbackUid = (properties: JCalProperty[]) =>
  createHash('sha256')
    .update(
      properties
        .filter((property) => IDENTIFYING.has(property[0]))
        .map((property) => `${property[0]}=${String(property[3])}`)
        .join('\n'),
    )
    .digest('hex')
    .slice(0, 32)

/**
 * A date-time EXDATE written in another form than its DTSTART (UTC against a TZID, another TZID)
 * rewritten in the start's, the same instant: ical.js compares them by instant but reads a TZID
 * it has no VTIMEZONE for as floating, so `EXDATE:20261208T120000Z` missed the Riyadh 15:00
 * occurrence it names.
 */
function alignExdates(properties: JCalProperty[], zones: Zones) {
  const dtstart = firstOf(properties, 'dtstart')
  const value = dtstart?.[2] === 'date-time' ? textOf(dtstart) : null
  const start = value === null ? null : timeFormOf(value, tzidOf(dtstart))
  if (start === null) return
  for (const property of properties) {
    if (property[0] !== 'exdate' || property[2] !== 'date-time') continue
    const tzid = tzidOf(property)
    for (let index = 3; index < property.length; index++) {
      const exdate = property[index]
      if (typeof exdate !== 'string') continue
      property[index] = exdateInFormOf(exdate, tzid, start, zones) ?? exdate
    }
    if (start.tzid === undefined) delete property[1].tzid
    else property[1].tzid = start.tzid
  }
}

/** A repeating event's occurrences from today to the recurrence horizon. */
function expand(vevent: JCalComponent, base: FeedEvent, zones: Zones, window: StayWindow) {
  const nights = Math.max(1, nightsBetween(base.start, base.end))
  repairBareDates(vevent[1])
  alignExdates(vevent[1], zones)
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
/** An event with no start Manzil can read: skipped, but counted (see `parseFeed`). */
type Unreadable = { kind: 'unreadable' }
const UNREADABLE: Unreadable = { kind: 'unreadable' }
type ReadEvent = Instance | Unreadable | { kind: 'events'; events: FeedEvent[] }

function readEvent(vevent: JCalComponent, zones: Zones, window: StayWindow): ReadEvent | null {
  const properties = vevent[1]
  const start = dayOf(firstOf(properties, 'dtstart'), zones)
  if (start === null) return UNREADABLE
  const cancelled = textOf(firstOf(properties, 'status'))?.toUpperCase() === 'CANCELLED'
  const uid = textOf(firstOf(properties, 'uid')) ?? fallbackUid(properties)
  const { end, warning } = endOf(properties, start, zones)
  const event: FeedEvent = {
    uid,
    summary: plainTextOf(firstOf(properties, 'summary'), singleLine) ?? '',
    description: plainTextOf(firstOf(properties, 'description'), multiLine),
    location: plainTextOf(firstOf(properties, 'location'), singleLine),
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
 * stays that ended more than a year ago or begin after the horizon (budgets.ts) are left out,
 * stays that go on past it end there, and a repeating event becomes one stay per
 * occurrence (`uid#date`) from today to 18 months ahead, its moved or cancelled instances
 * (RECURRENCE-ID) applied. Events without a start are skipped, but a feed none of whose events is
 * readable throws FeedError('unreadableEvents'); a text that is not a whole calendar throws
 * FeedError('notCalendar'), one past a budget (budgets.ts) the FeedError of that budget.
 *
 * Plain events are read straight from the parsed jCal arrays: building ical.js objects for each
 * of thousands of events is what would make a large feed slow.
 */
export function parseFeed(text: string, today: DateOnly, timeZone: string = FALLBACK_TIME_ZONE): FeedEvent[] {
  const events = new Map<string, FeedEvent>()
  const sharingUids = new Map<string, FeedEvent[]>()
  const instances: Instance[] = []
  const window = new StayWindow(today)

  let seen = 0
  let unreadable = 0
  for (const calendar of calendarsOf(text)) {
    const zones = zonesOf(timeZone, textOf(firstOf(calendar[1], 'x-wr-timezone')))
    for (const vevent of calendar[2]) {
      if (vevent[0] !== 'vevent') continue
      seen++
      let read: ReadEvent | null
      try {
        read = readEvent(vevent, zones, window)
      } catch (error) {
        // One unreadable event (a broken RRULE or DURATION) is skipped; a budget ends the feed.
        if (error instanceof FeedError) throw error
        unreadable++
        continue
      }
      if (read?.kind === 'unreadable') unreadable++
      if (read?.kind === 'instance') instances.push(read)
      for (const occurrence of read?.kind === 'events' ? read.events : []) {
        const first = events.get(occurrence.uid)
        if (!first) events.set(occurrence.uid, occurrence)
        else if (sharingUids.has(occurrence.uid)) sharingUids.get(occurrence.uid)?.push(occurrence)
        else sharingUids.set(occurrence.uid, [first, occurrence])
      }
    }
  }
  // A feed whose every event is unreadable has changed its form, not lost its stays: read as
  // empty, it would cancel every stay it held, unseen.
  if (seen > 0 && unreadable === seen)
    throw new FeedError('unreadableEvents', `none of its ${seen} events has a readable start`)
  keySharedUids(events, sharingUids)
  // A moved instance replaces its occurrence; it counts only if it now falls within the window
  // (a stay moved into the past, or beyond 18 months, is no longer listed). One without an
  // occurrence to replace is a stay of its own, and counts toward the budget like any other.
  for (const { key, event } of instances) {
    const listed =
      event !== null &&
      event.start <= window.recurrenceHorizon &&
      (events.has(key) ? event.end > today : window.admits(event, today))
    if (listed) events.set(key, event)
    else events.delete(key)
  }
  // Every stay listed begins before the horizon (a repeating one within 18 months).
  return [...events.values()].map((event) => window.cut(event))
}

/** Stays by check-in, then check-out, then what they say: an order the feed's own cannot change. */
const byStay = (a: FeedEvent, b: FeedEvent) =>
  textOrder(a.start, b.start) ||
  textOrder(a.end, b.end) ||
  textOrder(a.summary, b.summary) ||
  textOrder(a.description ?? '', b.description ?? '') ||
  textOrder(a.location ?? '', b.location ?? '')

/**
 * Events sharing a UID (a broken feed) are still one stay each, keyed alike whatever order the
 * feed lists them in (platforms reorder their feeds, and a key taken from the order turned an
 * unchanged feed into a changed, a new and a cancelled stay): the earliest keeps the UID, the
 * others are `uid#start`. The earliest, because feeds list stays by date, so the stay that kept
 * the bare UID when the first listed did keeps it now; and a duplicate added later in the year
 * leaves the stay stored under the bare UID as it was. Of the others, two on one start are one.
 */
function keySharedUids(events: Map<string, FeedEvent>, sharingUids: Map<string, FeedEvent[]>) {
  for (const [uid, sharing] of sharingUids) {
    const [earliest, ...later] = sharing.sort(byStay)
    if (earliest) events.set(uid, earliest)
    for (const event of later) {
      const key = `${uid}#${event.start}`
      if (!events.has(key)) events.set(key, { ...event, uid: key })
    }
  }
}
