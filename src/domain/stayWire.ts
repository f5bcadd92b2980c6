import { BOOKING_KINDS, type BookingKind, type Stay } from './bookings.ts'
import { formatRuns, parseRuns } from './echoNights.ts'
import { feedWarningOf, type FeedWarning } from './feedWarnings.ts'
import { isPlatformRule, type PlatformRule } from './platformRules.ts'

/**
 * What Manzil's own stay feeds (a property's, and the host's feed of every property that the
 * calendar screens read) say of a stay beyond iCalendar's own properties, as `X-MANZIL-*`
 * properties that other calendar programs ignore (docs/product.md §7.5). The server writes them
 * and the browser reads them through this one table, so a field is named and encoded once.
 */
export type StayWireFields = {
  platform?: string
  status?: string
  guestName?: string
  /** The server's classification: a Booking.com closure may be a sale. */
  kind?: BookingKind
  nightlyPrice?: number
  /** The linked calendar the stay came from; none for a manual stay. */
  calendarId?: string
  /** A block that only mirrors what Manzil exported to its platform. */
  echo: boolean
  /** The nights of a block that mirror it, when only some do. */
  echoRuns: Stay[]
  /** The platform's own rule a closed run is. */
  rule?: PlatformRule
  /** Whether the stay sells a night another source sold too. */
  conflict: boolean
  /** The stay's property, in the feed of all of a host's properties. */
  propertyId?: string
  /** What the platform's feed said that could not be taken as written. */
  warning?: FeedWarning
}

/** A property line to write: its upper-case name, parameters, jCal value type and value. */
export type WireProperty = {
  name: string
  params: Record<string, string>
  /** `text` values are escaped (commas, semicolons, backslashes); `unknown` ones go as they are. */
  type: 'text' | 'unknown'
  value: string
}

/** A property as a reader found it: its value unescaped, its parameters by upper-case name. */
export type ReadProperty = { value: string; params: Readonly<Record<string, string>> }

/** What a field's one property says: its parameters, jCal value type and value. */
type Written = Omit<WireProperty, 'name'>

type Field<T> = {
  /** The property's upper-case name. */
  name: string
  write: (value: T) => Written | null
  read: (property: ReadProperty | undefined) => T
}

const TRUE = 'TRUE'
const said = (type: Written['type'], value: string, params: Record<string, string> = {}): Written => ({
  params,
  type,
  value,
})

const text = (name: string): Field<string | undefined> => ({
  name,
  write: (value) => (value === undefined ? null : said('text', value)),
  read: (property) => property?.value,
})

/** An id: written when there is one; read trimmed, an empty one as none. */
const id = (name: string): Field<string | undefined> => ({
  name,
  write: (value) => (value ? said('text', value) : null),
  read: (property) => property?.value.trim() || undefined,
})

/** Written only when true. */
const flag = (name: string): Field<boolean> => ({
  name,
  write: (value) => (value ? said('unknown', TRUE) : null),
  read: (property) => property?.value.trim().toUpperCase() === TRUE,
})

/** A non-negative amount; anything else reads as none. */
const amount = (name: string): Field<number | undefined> => ({
  name,
  write: (value) => (value === undefined ? null : said('unknown', String(value))),
  read: (property) => {
    const value = Number(property?.value.trim() || Number.NaN)
    return Number.isFinite(value) && value >= 0 ? value : undefined
  },
})

/** One of a closed set of words, read in any case; another word reads as none. */
const word = <T extends string>(name: string, is: (value: unknown) => value is T): Field<T | undefined> => ({
  name,
  write: (value) => (value === undefined ? null : said('text', value)),
  read: (property) => {
    const value = property?.value.trim().toLowerCase()
    return is(value) ? value : undefined
  },
})

const isBookingKind = (value: unknown): value is BookingKind =>
  (BOOKING_KINDS as readonly unknown[]).includes(value)

const WARNING_START = 'X-DTSTART'
const WARNING_END = 'X-DTEND'

/**
 * The fields in the order they are written. A warning is its kind with the feed's own days as
 * parameters: `X-MANZIL-WARNING;X-DTSTART=2030-03-10;X-DTEND=2030-03-05:endBeforeStart`.
 */
const FIELDS: { [Name in keyof StayWireFields]-?: Field<StayWireFields[Name]> } = {
  platform: text('X-MANZIL-PLATFORM'),
  status: text('X-MANZIL-STATUS'),
  guestName: text('X-MANZIL-GUEST'),
  kind: word('X-MANZIL-KIND', isBookingKind),
  nightlyPrice: amount('X-MANZIL-PRICE'),
  calendarId: id('X-MANZIL-CALENDAR'),
  echo: flag('X-MANZIL-ECHO'),
  echoRuns: {
    name: 'X-MANZIL-ECHO-NIGHTS',
    write: (runs) => (runs.length === 0 ? null : said('text', formatRuns(runs))),
    read: (property) => parseRuns(property?.value),
  },
  rule: word('X-MANZIL-RULE', isPlatformRule),
  conflict: flag('X-MANZIL-CONFLICT'),
  propertyId: id('X-MANZIL-PROPERTY'),
  warning: {
    name: 'X-MANZIL-WARNING',
    write: (warning) =>
      warning
        ? said('text', warning.kind, { [WARNING_START]: warning.start, [WARNING_END]: warning.end })
        : null,
    read: (property) =>
      (property &&
        feedWarningOf(property.value, property.params[WARNING_START], property.params[WARNING_END])) ??
      undefined,
  },
}

const NAMES = Object.keys(FIELDS) as (keyof StayWireFields)[]

/** The properties that say these fields, in their order; a field with nothing to say writes none. */
export function writeStayFields(fields: StayWireFields): WireProperty[] {
  return NAMES.flatMap((key) => {
    const field = FIELDS[key] as Field<StayWireFields[typeof key]>
    const written = field.write(fields[key])
    return written ? [{ name: field.name, ...written }] : []
  })
}

/** The fields as an event's properties say them, `property` finding one by its upper-case name. */
export function readStayFields(property: (name: string) => ReadProperty | undefined): StayWireFields {
  const fields: Partial<Record<keyof StayWireFields, unknown>> = {}
  for (const key of NAMES) fields[key] = FIELDS[key].read(property(FIELDS[key].name))
  return fields as StayWireFields
}
