import fc from 'fast-check'
import { performance } from 'node:perf_hooks'
import { describe, expect, it } from 'vitest'
import { dayOfDateTime, normalisedDay, timeFormOf, zonesOf } from '../../server/sync/feedTimes.ts'
import { parseFeed } from '../../server/sync/parse.ts'
import { stayIdOfUid } from '../../src/domain/bookings.ts'
import { isDateOnly } from '../../src/domain/dates.ts'
import { guestKey } from '../../src/domain/guests.ts'
import { parseICalendar, unescapeText } from '../../src/domain/icalendar.ts'
import { multiLine, singleLine } from '../../src/domain/plainText.ts'
import { judgeAirbnbFeed } from '../../src/domain/airbnbRules.ts'
import { adapterOf } from '../../src/domain/platformAdapters.ts'
import { detectPlatform, isPlatformHost } from '../../src/domain/platforms.ts'
import { parseStayDescription } from '../../src/domain/stayDescription.ts'
import { zoneOfTzid } from '../../src/domain/timeZones.ts'

const zones = zonesOf('Asia/Riyadh', null)

/** Every reader that runs a regular expression on what a feed wrote, by the field it reads. */
const READERS: Record<string, (text: string) => unknown> = {
  description: (text) => parseStayDescription(text, 'Airbnb'),
  summary: (text) => adapterOf('Booking.com').readSummary(text, { echo: false }),
  'closed run': (text) =>
    judgeAirbnbFeed(
      [{ uid: 'run', summary: text, start: '2026-03-01', end: '2026-03-04' }],
      '2026-03-01',
      [],
    ),
  uid: stayIdOfUid,
  tzid: zoneOfTzid,
  date: (text) => [isDateOnly(text), normalisedDay(text)],
  'date-time': (text) => [timeFormOf(text, undefined), dayOfDateTime(text, undefined, zones)],
  'guest name': guestKey,
  'one line': singleLine,
  'text value': (text) => multiLine(unescapeText(text)),
  'platform named in a feed': (text) => detectPlatform(text, 'Vrbo'),
  'host of a link': (text) => isPlatformHost(text, 'Airbnb'),
  'feed read by the browser': (text) =>
    parseICalendar(`BEGIN:VCALENDAR\r\nX-A;B=${text}:${text}\r\nEND:VCALENDAR`),
  'feed read by the server': (text) => parseFeed(`BEGIN:VCALENDAR\r\n${text}\r\nEND:VCALENDAR`, '2026-03-01'),
}

function attempt(read: (text: string) => unknown, text: string): void {
  try {
    read(text)
  } catch {
    // Refusing the text is an answer too; only the time it took counts here.
  }
}

/** The fastest of five calls, in ms: one slow call on a busy machine is not the pattern's. */
function fastest(call: () => unknown): number {
  let best = Infinity
  for (let time = 0; time < 5; time++) {
    const started = performance.now()
    call()
    best = Math.min(best, performance.now() - started)
  }
  return best
}

/**
 * Run lengths, and the ms one call on such a run may take. A linear reader takes a third of that
 * or less on a busy machine; a pattern that backtracks over the run takes its square: seconds on
 * 50,000 characters, and 10 ms or more on 3,900, which a description's reader reads whole (it
 * stops at 4,000).
 */
const BUDGET_MS: Record<number, number> = { 50_000: 50, 3_900: 3 }
const RUN_LENGTHS = Object.keys(BUDGET_MS).map(Number)

/** What a hostile feed repeats so that a pattern tries every way of splitting it. */
const SEPARATORS = [' ', '\t', '-', ':', '#', '!', '\n', '\r\n', '\\n', '.', '/', '"', '1', 'a']
/** Words the feed readers' patterns look for, before the run. */
const LEADS = [
  '',
  'reservation',
  'Reservation ID',
  'reservation no.',
  'Reservation URL:',
  'Phone Number (Last 4 Digits):',
  'https://airbnb.com/',
  'closed',
  'airbnb',
  'Europe/',
  '"',
  '2026-03-01T',
]
/** What ends the run: something that fails the pattern at the very end, or nothing. */
const ENDS = ['', '! 1234', 'x', '"', '@manzil!', 'Z!']

/** A hostile text: `unit` repeated to `length` characters, between a lead and an end. */
type Run = { lead: string; unit: string; end: string; length: number }
const textOf = ({ lead, unit, end, length }: Run) =>
  `${lead}${unit.repeat(Math.ceil(length / unit.length)).slice(0, length)}${end}`

const anyRun = fc.record({
  lead: fc.constantFrom(...LEADS),
  unit: fc
    .array(fc.constantFrom(...SEPARATORS), { minLength: 1, maxLength: 3 })
    .map((parts) => parts.join('')),
  end: fc.constantFrom(...ENDS),
  length: fc.constantFrom(...RUN_LENGTHS),
})

// The reservation code's pattern before white space was read as single spaces: the answer on
// text people write must not change.
const CODE_BEFORE = /\breservation(?:\s+(?:id|code|number|no\.?))?\s*[:#]?\s*([A-Z0-9][A-Z0-9-]{3,23})\b/i
const CODE_SHAPE = /^(?=.*\d)[A-Z0-9][A-Z0-9-]{3,23}$/i
const codeBefore = (line: string) => {
  const code = CODE_BEFORE.exec(line.trim())?.[1]
  return code && CODE_SHAPE.test(code) ? code.toUpperCase() : null
}

const WORDS = ['reservation', 'Reservation', 'RESERVATION', 'id', 'ID', 'code', 'number', 'no', 'No.', 'no.']
const CODES = ['HA-7Q2M9X', '123456789', 'AB12', 'abc', 'HMQ4XK2Z9P', '12-', 'through', 'vrbo.com.']
const GAPS = [' ', '  ', '\u00a0', ' : ', ':', '#', ' # ', '', '\t', ' -']

describe('regular expressions on feed text', () => {
  it('read long runs of repeated separators in a few ms a call', () => {
    fc.assert(
      fc.property(anyRun, (run) => {
        const text = textOf(run)
        const slow = Object.entries(READERS).flatMap(([field, read]) => {
          const ms = fastest(() => attempt(read, text))
          return ms < (BUDGET_MS[run.length] ?? 0) ? [] : [`${field}: ${ms.toFixed(1)} ms`]
        })
        expect(slow).toEqual([])
      }),
      {
        numRuns: 40,
        // The runs a backtracking pattern would choke on, whatever the random draw.
        examples: SEPARATORS.flatMap((unit) =>
          RUN_LENGTHS.map((length) => [{ lead: 'reservation', unit, end: '! 1234', length }]),
        ),
      },
    )
  })

  it('reads the same reservation code as before in what people write', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...WORDS, ...CODES), fc.constantFrom(...GAPS)), { maxLength: 8 }),
        (parts) => {
          const line = parts.map(([word, gap]) => `${word}${gap}`).join('')
          expect(parseStayDescription(line, 'Vrbo').reservationCode).toBe(codeBefore(line))
        },
      ),
      { numRuns: 2000 },
    )
  })
})
