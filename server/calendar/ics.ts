import ICAL from 'ical.js'
import type { Stay } from '../../src/domain/bookings.ts'
import { parseRuns } from '../../src/domain/echoNights.ts'
import { readFeedWarningText } from '../../src/domain/feedWarnings.ts'
import { isPlatformRule } from '../../src/domain/platformRules.ts'
import { writeStayFields, type WireProperty } from '../../src/domain/stayWire.ts'
import { multiLine, singleLine } from '../../src/domain/plainText.ts'
import type { BookingsTable, Flag } from '../db/schema.ts'

// ical.js folds once a line reaches foldLength octets and then writes the continuation's leading
// space on top; 74 keeps every line within RFC 5545's 75 octets.
ICAL.foldLength = 74

export const PRODID = '-//Manzil//Booking calendar//EN'

export type IcsStay = Pick<
  BookingsTable,
  'id' | 'summary' | 'start_date' | 'end_date' | 'status' | 'guest_name' | 'platform' | 'updated_at' | 'kind'
> &
  Partial<Pick<BookingsTable, 'feed_warning' | 'description' | 'nightly_price' | 'calendar_id'>> & {
    conflict: boolean
    echo?: Flag
    echo_runs?: string | null
    platform_rule?: string | null
    /** Named in a feed of several properties' stays. */
    propertyId?: string
  }

type JCalProperty = [string, Record<string, string>, string, string]
export type JCalComponent = [string, JCalProperty[], JCalComponent[]]

/** "2026-03-01T10:00:00.000Z" → jCal's UTC date-time "2026-03-01T10:00:00Z". */
const utcDateTime = (iso: string) => `${iso.slice(0, 19)}Z`

/** A property of `src/domain/stayWire.ts` as jCal writes it: names in lower case. */
const jCalOf = ({ name, params, type, value }: WireProperty): JCalProperty => [
  name.toLowerCase(),
  Object.fromEntries(Object.entries(params).map(([key, param]) => [key.toLowerCase(), param])),
  type,
  value,
]

/**
 * One stay as an all-day VEVENT. The UID is the booking's own id, so it stays the same across
 * exports; what the calendar screen shows beyond iCalendar's own properties (docs/product.md
 * §7.5) goes as the `X-MANZIL-*` fields that `src/domain/stayWire.ts` names and encodes.
 */
function stayEvent(stay: IcsStay): JCalComponent {
  const properties: JCalProperty[] = [
    ['uid', {}, 'text', `${stay.id}@manzil`],
    ['dtstamp', {}, 'date-time', utcDateTime(stay.updated_at)],
    ['dtstart', {}, 'date', stay.start_date],
    ['dtend', {}, 'date', stay.end_date],
    ['summary', {}, 'text', stay.summary],
  ]
  if (stay.description) properties.push(['description', {}, 'text', stay.description])
  const fields = writeStayFields({
    platform: stay.platform,
    status: stay.status,
    guestName: stay.guest_name,
    kind: stay.kind,
    nightlyPrice: stay.nightly_price == null ? undefined : Number(stay.nightly_price),
    calendarId: stay.calendar_id ?? undefined,
    echo: stay.echo === 1,
    echoRuns: parseRuns(stay.echo_runs),
    rule: isPlatformRule(stay.platform_rule) ? stay.platform_rule : undefined,
    conflict: stay.conflict,
    propertyId: stay.propertyId,
    warning: readFeedWarningText(stay.feed_warning ?? null) ?? undefined,
  })
  return ['vevent', [...properties, ...fields.map(jCalOf)], []]
}

/**
 * A property as a feed may carry it, whatever its row holds: ical.js escapes LF but writes a CR,
 * U+2028 or U+0085 as it is, and a reader that splits lines there would read what follows as a
 * line of its own. DESCRIPTION keeps its line breaks as LF (written `\n`); every other value,
 * and every parameter, is one line. None keeps a control character.
 */
const plainProperty = ([name, params, type, value]: JCalProperty): JCalProperty => [
  name,
  Object.fromEntries(Object.entries(params).map(([key, param]) => [key, singleLine(param)])),
  type,
  name === 'description' ? multiLine(value) : singleLine(value),
]

const plainComponent = ([name, properties, components]: JCalComponent): JCalComponent => [
  name,
  properties.map(plainProperty),
  components.map(plainComponent),
]

/** One event as its lines of text, each ending in CRLF. */
export const eventText = (event: JCalComponent): string =>
  `${ICAL.stringify.component(plainComponent(event), ICAL.design.icalendar)}\r\n`

/** A calendar's text before its events and after them: its own properties, and its end. */
function calendarEnds(name?: string): [string, string] {
  const properties: JCalProperty[] = [
    ['version', {}, 'text', '2.0'],
    ['prodid', {}, 'text', PRODID],
    ['calscale', {}, 'text', 'GREGORIAN'],
    ['method', {}, 'text', 'PUBLISH'],
  ]
  if (name) properties.push(['x-wr-calname', {}, 'text', name])
  const end = 'END:VCALENDAR'
  const empty = ICAL.stringify.component(plainComponent(['vcalendar', properties, []]), ICAL.design.icalendar)
  return [empty.slice(0, -end.length), `${end}\r\n`]
}

/** A calendar of these events: its own lines, then each event's. */
export function calendarOf<T>(items: readonly T[], text: (item: T) => string, name?: string): string {
  const [head, tail] = calendarEnds(name)
  return `${head}${items.map(text).join('')}${tail}`
}

const stayText = (stay: IcsStay) => eventText(stayEvent(stay))

/** An RFC 5545 calendar of all-day stays: CRLF line endings, lines folded at 75 octets. */
export const calendarText = (stays: readonly IcsStay[], name?: string): string =>
  calendarOf(stays, stayText, name)

/** What a platform's availability feed says of every night it may not sell. */
export const NOT_AVAILABLE = 'Not available'

/**
 * A platform's availability feed: one all-day "Not available" event per run of occupied nights,
 * and nothing else: no names, none of Manzil's own fields. The UID names the run and the feed, so it stays the
 * same while the run does.
 */
export function availabilityText(
  feedId: string,
  runs: readonly Stay[],
  stamp: string,
  name?: string,
): string {
  const runText = (run: Stay) =>
    eventText([
      'vevent',
      [
        ['uid', {}, 'text', `${feedId}-${run.start}-${run.end}@manzil`],
        ['dtstamp', {}, 'date-time', utcDateTime(stamp)],
        ['dtstart', {}, 'date', run.start],
        ['dtend', {}, 'date', run.end],
        ['summary', {}, 'text', NOT_AVAILABLE],
      ],
      [],
    ])
  return calendarOf(runs, runText, name)
}
