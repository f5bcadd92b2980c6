/**
 * Feed parsing: our parser (server/sync/parse.ts) against node-ical, in one process, on a
 * generated 5,000-event feed and on the fixture feeds. Both sides go all the way to bookings
 * (node-ical's repeating events expanded with its own expandRecurringEvent), both must extract
 * the same bookings, and ours must be at least as fast. `npm run bench:parse`; BENCH_QUICK=1 parses
 * a small feed and the fixtures once each, and only reports the speed (bench/quick.ts).
 */
import ical, { type CalendarResponse, type DateWithTimeZone, type VEvent } from 'node-ical'
import { addDays, type DateOnly } from '../src/domain/dates.ts'
import { MAX_STAYS } from '../server/sync/budgets.ts'
import { parseFeed } from '../server/sync/parse.ts'
import { readFixture } from '../tests/fixtures/feedServer.ts'
import { sized, timingMissed } from './quick.ts'

const TODAY: DateOnly = '2026-11-23'
/** The zone of the property the feeds are read for: their timed events are dated in it. */
const PROPERTY_ZONE = 'Asia/Riyadh'
const HORIZON_DAYS = 548
/**
 * A large feed that stays within the stay budget (server/sync/budgets.ts) with the weekly
 * event's occurrences added: a feed over it is refused, not read.
 */
const GENERATED_EVENTS = sized(MAX_STAYS - 500, 200)
/** How many times the fixtures are parsed in one pass, and how many passes are timed. */
const FIXTURE_REPEAT = sized(50, 1)
const ROUNDS = sized(15, 1)
const FIXTURES = ['airbnb.ics', 'booking.ics', 'vrbo.ics', 'google-recurring.ics', 'empty.ics']
/** The smallest ratio (ours / node-ical, events per second) that passes. */
const TARGET_RATIO = 1.0

type Booking = { uid: string; start: DateOnly; end: DateOnly; summary: string }

const compact = (day: DateOnly) => day.replaceAll('-', '')

/**
 * A feed the way the platforms write them: mostly all-day stays (folded descriptions, escaped
 * commas, a few without DTEND), some UTC date-times as Google writes them, and one weekly rule.
 */
export function generatedFeed(count: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Manzil//Bench//EN', 'CALSCALE:GREGORIAN']
  for (let i = 0; i < count; i++) {
    const start = addDays('2026-01-01', i)
    const end = addDays(start, 1 + (i % 9))
    lines.push('BEGIN:VEVENT', 'DTSTAMP:20261120T081512Z', `UID:${i.toString(36)}-${i * 7919}@bench.test`)
    if (i % 10 === 9) {
      lines.push(`DTSTART:${compact(start)}T140000Z`, `DTEND:${compact(end)}T100000Z`)
    } else {
      lines.push(`DTSTART;VALUE=DATE:${compact(start)}`)
      if (i % 50 !== 7) lines.push(`DTEND;VALUE=DATE:${compact(end)}`)
    }
    if (i % 3 === 0)
      lines.push(
        `DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HM${i}X`,
        ' Q2\\nPhone Number (Last 4 Digits): 4821',
      )
    lines.push(
      i % 4 === 0 ? `SUMMARY:Reserved - Guest ${i}\\, party of 2` : 'SUMMARY:Airbnb (Not available)',
      'END:VEVENT',
    )
  }
  lines.push(
    'BEGIN:VEVENT',
    'UID:weekly@bench.test',
    'DTSTAMP:20261120T081512Z',
    'DTSTART;VALUE=DATE:20260105',
    'DTEND;VALUE=DATE:20260106',
    'RRULE:FREQ=WEEKLY;BYDAY=MO',
    'SUMMARY:Cleaning',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  )
  return lines.join('\r\n')
}

const dayFormats = new Map<string, Intl.DateTimeFormat>()
const dayIn = (instant: Date, zone: string) => {
  let format = dayFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    dayFormats.set(zone, format)
  }
  return format.format(instant)
}
const pad = (n: number) => String(n).padStart(2, '0')

/**
 * node-ical's time reduced to a day by the rule our parser documents: a date as written, a UTC
 * or TZID time by its day in the property's zone. (The fixtures' floating times, which node-ical
 * leaves without a zone, are in the property's zone: the day as written.)
 */
function dayOfNodeIcal(time: DateWithTimeZone): DateOnly {
  if (time.dateOnly || !time.tz)
    return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`
  return dayIn(time, PROPERTY_ZONE)
}

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : ((value as { val?: string } | undefined)?.val ?? '')

/** A moved or cancelled instance of a repeating event, as node-ical keeps it. */
type Override = Pick<VEvent, 'start' | 'end' | 'summary' | 'status' | 'recurrenceid'>

/** The bookings node-ical's parse gives, with repeating events expanded over the same 18 months. */
function bookingsOfNodeIcal(calendar: CalendarResponse): Booking[] {
  const horizon = addDays(TODAY, HORIZON_DAYS)
  const bookings: Booking[] = []
  const stay = (uid: string, start: DateOnly, end: DateOnly | null, summary: unknown): Booking => ({
    uid,
    start,
    end: end !== null && end > start ? end : addDays(start, 1),
    summary: textOf(summary),
  })
  for (const component of Object.values(calendar)) {
    if (component?.type !== 'VEVENT') continue
    const event = component as VEvent
    const start = dayOfNodeIcal(event.start)
    const end = event.end ? dayOfNodeIcal(event.end) : null
    if (!event.rrule) {
      if (event.status !== 'CANCELLED') bookings.push(stay(event.uid, start, end, event.summary))
      continue
    }
    // Moved and cancelled instances (RECURRENCE-ID) replace the occurrence they name; occurrences
    // and moved instances alike count from today to the horizon.
    // (node-ical types them as Omit<VEvent, …>, which loses every field: its index signature wins.)
    const overrides = new Set(event.recurrences ? (Object.values(event.recurrences) as Override[]) : [])
    const replaced = new Set([...overrides].map((override) => dayOfNodeIcal(override.recurrenceid!)))
    const occurrences = ical.expandRecurringEvent(event, {
      from: new Date(`${addDays(TODAY, -366)}T00:00:00Z`),
      to: new Date(`${addDays(horizon, 1)}T00:00:00Z`),
      includeOverrides: false,
    })
    for (const occurrence of occurrences) {
      const day = dayOfNodeIcal(occurrence.start)
      const booking = stay(`${event.uid}#${day}`, day, dayOfNodeIcal(occurrence.end), event.summary)
      if (day <= horizon && booking.end > TODAY && !replaced.has(day)) bookings.push(booking)
    }
    for (const override of overrides) {
      const key = dayOfNodeIcal(override.recurrenceid!)
      const moved = stay(
        `${event.uid}#${key}`,
        dayOfNodeIcal(override.start),
        override.end ? dayOfNodeIcal(override.end) : null,
        override.summary,
      )
      if (override.status !== 'CANCELLED' && moved.end > TODAY && moved.start <= horizon) bookings.push(moved)
    }
  }
  return bookings
}

const ours = (text: string): Booking[] =>
  parseFeed(text, TODAY, PROPERTY_ZONE).map(({ uid, start, end, summary }) => ({ uid, start, end, summary }))
const theirs = (text: string): Booking[] => bookingsOfNodeIcal(ical.sync.parseICS(text))

const sortedKeys = (bookings: Booking[]) =>
  bookings.map((b) => `${b.uid}|${b.start}|${b.end}|${b.summary}`).sort()

/** The differences between the two extractions, at most a few, for the failure message. */
function differences(a: Booking[], b: Booking[]): string[] {
  const left = new Set(sortedKeys(a))
  const right = new Set(sortedKeys(b))
  return [
    ...[...left].filter((key) => !right.has(key)).map((key) => `only ours:     ${key}`),
    ...[...right].filter((key) => !left.has(key)).map((key) => `only node-ical: ${key}`),
  ].slice(0, 6)
}

/** Median milliseconds of one pass of `parse` over `texts`, the two parsers taking turns. */
function timeInTurns(texts: string[], parsers: Array<(text: string) => Booking[]>, rounds: number) {
  const samples = parsers.map(() => [] as number[])
  for (let round = 0; round < rounds; round++) {
    parsers.forEach((parse, index) => {
      const started = performance.now()
      for (const text of texts) parse(text)
      samples[index]!.push(performance.now() - started)
    })
  }
  return samples.map((list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!)
}

type Result = {
  name: string
  events: number
  oursPerSecond: number
  nodeIcalPerSecond: number
  ratio: number
}

function measure(name: string, texts: string[], repeat: number): Result {
  for (const text of texts) {
    const found = differences(ours(text), theirs(text))
    if (found.length > 0) {
      console.error(`${name}: the parsers disagree\n  ${found.join('\n  ')}`)
      process.exit(1)
    }
  }
  const batch = Array.from({ length: repeat }, () => texts).flat()
  const events = batch.reduce((sum, text) => sum + ours(text).length, 0)
  timeInTurns(batch, [ours, theirs], 2) // warm-up
  const [oursMs, nodeIcalMs] = timeInTurns(batch, [ours, theirs], ROUNDS) as [number, number]
  const oursPerSecond = (events / oursMs) * 1000
  const nodeIcalPerSecond = (events / nodeIcalMs) * 1000
  return { name, events, oursPerSecond, nodeIcalPerSecond, ratio: oursPerSecond / nodeIcalPerSecond }
}

const results = [
  measure(`generated feed (${GENERATED_EVENTS} events)`, [generatedFeed(GENERATED_EVENTS)], 1),
  measure(`fixture feeds (${FIXTURES.join(', ')})`, FIXTURES.map(readFixture), FIXTURE_REPEAT),
]

const round = (n: number) => Math.round(n).toLocaleString('en')
console.log(`Feed parsing to bookings: ours vs node-ical (same process, median of ${ROUNDS} rounds)`)
for (const result of results)
  console.log(
    `  ${result.name}: ${result.events} bookings per pass, identical in both; ` +
      `ours ${round(result.oursPerSecond)} events/s, node-ical ${round(result.nodeIcalPerSecond)} events/s, ` +
      `ratio ${result.ratio.toFixed(2)} (target ≥ ${TARGET_RATIO.toFixed(1)})`,
  )
const missed = results.filter((result) => result.ratio < TARGET_RATIO)
if (missed.length > 0) timingMissed(`MISSED: ${missed.map((result) => result.name).join('; ')}`)
else console.log('PASS')
