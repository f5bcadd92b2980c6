import { createHash } from 'node:crypto'
import { monthsAfter } from '../../src/domain/airbnbRules.ts'
import { nightsOf, type Stay } from '../../src/domain/bookings.ts'
import { addDays, type DateOnly } from '../../src/domain/dates.ts'
import { runsOfNights as runsOf } from '../../src/domain/echoNights.ts'

/**
 * Stand-ins for the rental platforms as a host's calendar sees them: each sells nights, imports
 * the availability feed Manzil serves it (and closes the nights it says are taken), and exports
 * its calendar in the platform's own iCalendar shape.
 */

export type PlatformName = 'Airbnb' | 'Booking.com' | 'Vrbo'

/** A reservation made on a platform: nights from `start` to the check-out day `end`. */
export type Sale = { readonly id: string; guest: string; start: DateOnly; end: DateOnly }

/** A platform refusing a sale or a move over nights it already holds. */
export class Refused extends Error {}

const hex = (text: string, length = 32) => createHash('sha256').update(text).digest('hex').slice(0, length)
const compact = (date: DateOnly) => date.replaceAll('-', '')
const stamp = (now: Date) => `${now.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`

/** A content line folded at 75 octets, continuations starting with a space (RFC 5545 3.1). */
function fold(line: string): string {
  const parts = [line.slice(0, 75)]
  for (let at = 75; at < line.length; at += 74) parts.push(` ${line.slice(at, at + 74)}`)
  return parts.join('\r\n')
}

const calendarText = (header: string[], events: string[][]) =>
  [
    'BEGIN:VCALENDAR',
    ...header,
    ...events.flatMap((lines) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT']),
    'END:VCALENDAR',
    '',
  ]
    .map(fold)
    .join('\r\n')

/** The runs of the availability feed a platform fetched: every DTSTART/DTEND pair, as nights. */
function nightsInFeed(text: string): Set<DateOnly> {
  const nights = new Set<DateOnly>()
  const unfolded = text.replace(/\r\n[ \t]/g, '')
  for (const event of unfolded.split('BEGIN:VEVENT').slice(1)) {
    const date = (name: string) => {
      const found = new RegExp(`^${name}(?:;[^:\\r\\n]*)?:(\\d{4})(\\d{2})(\\d{2})`, 'm').exec(event)
      if (!found) throw new Error(`an availability feed event without ${name}:\n${event}`)
      return `${found[1]}-${found[2]}-${found[3]}`
    }
    for (const night of nightsOf({ start: date('DTSTART'), end: date('DTEND') })) nights.add(night)
  }
  return nights
}

/**
 * The UIDs a platform gives its closed runs: a run keeps its UID while it stays the same (same
 * dates, same sales inside), and gets a new one when it changes.
 */
class RunIds {
  private previous = new Map<string, string>()
  private issued = 0
  constructor(private readonly make: (serial: string) => string) {}
  /** UIDs for this export's runs, by each run's key; what no run uses any more is forgotten. */
  assign(keys: string[]): string[] {
    const next = new Map<string, string>()
    const uids = keys.map((key) => {
      const uid = this.previous.get(key) ?? this.make(`${++this.issued}`)
      next.set(key, uid)
      return uid
    })
    this.previous = next
    return uids
  }
}

let platformsMade = 0

export abstract class Platform {
  readonly sales: Sale[] = []
  /** Reservations cancelled, latest last: what it may reinstate. */
  readonly cancelled: Sale[] = []
  /** The nights the platform's latest import of its availability feed said were taken. */
  imported: ReadonlySet<DateOnly> = new Set()
  /** When it last imported, as the simulator's clock said. */
  lastImportAt: Date | undefined
  /** Distinguishes the UIDs of two hosts' calendars on the same platform. */
  protected readonly account: string
  private salesMade = 0

  constructor(readonly name: PlatformName) {
    this.account = hex(`${name}-${++platformsMade}`, 12)
  }

  /** Nights the platform sells itself. */
  saleNights(except?: Sale): Set<DateOnly> {
    return new Set(this.sales.filter((sale) => sale !== except).flatMap(nightsOf))
  }

  /** Nights closed on the platform: its own sales and what it imported. */
  closedNights(): Set<DateOnly> {
    return new Set([...this.saleNights(), ...this.imported])
  }

  /** Imported nights the platform shows as closed: those it has not sold itself. */
  protected importedOnly(): DateOnly[] {
    const sold = this.saleNights()
    return [...this.imported].filter((night) => !sold.has(night))
  }

  /** Nights the platform will not sell (but to move `except` over its own). */
  protected heldNights(except?: Sale): Set<DateOnly> {
    return new Set([...this.saleNights(except), ...this.imported])
  }

  protected refuseHeld(stay: Stay, except?: Sale) {
    const held = this.heldNights(except)
    const taken = nightsOf(stay).filter((night) => held.has(night))
    if (taken.length > 0) throw new Refused(`${this.name} holds ${taken.join(', ')}`)
  }

  /**
   * Sells the nights to a guest. A platform sells no night it holds: sold, or imported as taken.
   * A night sold elsewhere since its latest import it does not know of, and sells: a true double
   * booking, as the platforms make them.
   */
  sell(stay: Stay, options: { guest?: string } = {}): Sale {
    this.refuseHeld(stay)
    const serial = ++this.salesMade
    const sale = { id: `${this.account}-${serial}`, guest: options.guest ?? `Guest ${serial}`, ...stay }
    this.sales.push(sale)
    return sale
  }

  cancel(sale: Sale) {
    const index = this.sales.indexOf(sale)
    if (index === -1) throw new Error(`${this.name} has no sale ${sale.id}`)
    this.sales.splice(index, 1)
    this.cancelled.push(sale)
  }

  /** A cancelled reservation taken back, under its own UID, if its nights are still free. */
  reinstate(sale: Sale) {
    const index = this.cancelled.indexOf(sale)
    if (index === -1) throw new Error(`${this.name}'s sale ${sale.id} is not cancelled`)
    this.refuseHeld(sale)
    this.cancelled.splice(index, 1)
    this.sales.push(sale)
  }

  /** The guest's name is completed (Vrbo's export shows it; no night changes). */
  rename(sale: Sale) {
    sale.guest = `${sale.guest} Haddad`
  }

  /** The guest changes their dates; the platform refuses nights it holds for anything else. */
  move(sale: Sale, stay: Stay) {
    this.refuseHeld(stay, sale)
    sale.start = stay.start
    sale.end = stay.end
  }

  /** Takes what the availability feed fetched at `now` says is taken as its closed nights. */
  receive(feedText: string, now: Date) {
    this.imported = nightsInFeed(feedText)
    this.lastImportAt = now
  }

  /** The platform's iCalendar export as it is at `now`. */
  abstract export(now: Date): string
}

/**
 * The host's booking rules on Airbnb: `notice` nights of advance notice from today (from
 * tomorrow when `noticeFromTomorrow`: today stays open to same-day bookings), a booking window
 * open `windowMonths` months ahead (null: to the export's end), and `preparation` nights closed
 * before and after each reservation.
 */
export type AirbnbRules = {
  notice: number
  noticeFromTomorrow: boolean
  windowMonths: number | null
  preparation: number
}

export const NO_RULES: AirbnbRules = {
  notice: 0,
  noticeFromTomorrow: false,
  windowMonths: null,
  preparation: 0,
}

/** Airbnb's export reaches a year and a few days ahead. */
const EXPORT_DAYS = 369

/**
 * Airbnb: each reservation `Reserved` with its reservation URL and the phone's last four digits,
 * and every other closed night from today on (its rules' nights, the host's closures and what it
 * imported) in merged runs `Airbnb (Not available)`, each under a new UID whenever it moves.
 */
export class Airbnb extends Platform {
  private readonly runIds = new RunIds(
    (serial) => `7f662ec65913-${hex(`${this.account}-${serial}`)}@airbnb.com`,
  )
  rules: AirbnbRules = NO_RULES
  /** The host's own day: where the notice and the window count from. */
  today: DateOnly = '2030-03-01'
  /** Nights the host closed on Airbnb itself. */
  readonly closures = new Set<DateOnly>()

  constructor() {
    super('Airbnb')
  }

  /** The nights Airbnb's rules close today: none a reservation (but `except`) holds. */
  ruleNights(except?: Sale): Set<DateOnly> {
    const { notice, noticeFromTomorrow, windowMonths, preparation } = this.rules
    const nights = new Set<DateOnly>()
    const from = noticeFromTomorrow ? addDays(this.today, 1) : this.today
    for (let i = 0; i < notice; i++) nights.add(addDays(from, i))
    const end = addDays(this.today, EXPORT_DAYS)
    if (windowMonths !== null)
      for (let night = monthsAfter(this.today, windowMonths); night < end; night = addDays(night, 1))
        nights.add(night)
    for (const sale of this.sales)
      if (sale !== except)
        for (let distance = 1; distance <= preparation; distance++) {
          nights.add(addDays(sale.start, -distance))
          nights.add(addDays(sale.end, distance - 1))
        }
    const sold = this.saleNights(except)
    return new Set([...nights].filter((night) => !sold.has(night) && night >= this.today))
  }

  protected override heldNights(except?: Sale): Set<DateOnly> {
    return new Set([...super.heldNights(except), ...this.closures, ...this.ruleNights(except)])
  }

  override closedNights(): Set<DateOnly> {
    return new Set([...super.closedNights(), ...this.closures, ...this.ruleNights()])
  }

  /** The host closes free nights on Airbnb; refused over nights it holds already. */
  close(stay: Stay) {
    this.refuseHeld(stay)
    for (const night of nightsOf(stay)) this.closures.add(night)
  }

  reopen(stay: Stay) {
    for (const night of nightsOf(stay)) this.closures.delete(night)
  }

  export(now: Date): string {
    this.today = now.toISOString().slice(0, 10)
    const dtstamp = `DTSTAMP:${stamp(now)}`
    const reservations = [...this.sales]
      .sort((a, b) => (a.start < b.start ? -1 : 1))
      .map((sale) => [
        dtstamp,
        `DTEND;VALUE=DATE:${compact(sale.end)}`,
        `DTSTART;VALUE=DATE:${compact(sale.start)}`,
        `UID:1418fb94e984-${hex(sale.id)}@airbnb.com`,
        `DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HM${hex(sale.id, 8).toUpperCase()}\\nPhone Number (Last 4 Digits): ${String(parseInt(hex(sale.id, 4), 16) % 10_000).padStart(4, '0')}`,
        'SUMMARY:Reserved',
      ])
    const sold = this.saleNights()
    const end = addDays(this.today, EXPORT_DAYS)
    const runs = runsOf(
      [...this.imported, ...this.closures, ...this.ruleNights()].filter(
        (night) => !sold.has(night) && night >= this.today && night < end,
      ),
    )
    const uids = this.runIds.assign(runs.map((run) => `${run.start}/${run.end}`))
    const closed = runs.map((run, i) => [
      dtstamp,
      `DTEND;VALUE=DATE:${compact(run.end)}`,
      `DTSTART;VALUE=DATE:${compact(run.start)}`,
      `UID:${uids[i]}`,
      'SUMMARY:Airbnb (Not available)',
    ])
    return calendarText(
      [
        'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN',
        'CALSCALE:GREGORIAN',
        'VERSION:2.0',
      ],
      [...reservations, ...closed],
    )
  }
}

/**
 * How Booking.com writes its closed nights: `separate`, one event per sale and one per run of
 * imported nights; `merged`, closed nights that touch or overlap merged into one run, which gets
 * a new UID whenever it changes.
 */
export type BookingShape = 'separate' | 'merged'

/** Booking.com: every closed night, sold or imported, as `CLOSED - Not available`. */
export class BookingCom extends Platform {
  private readonly runIds = new RunIds((serial) => `${hex(`${this.account}-run-${serial}`)}@booking.com`)

  constructor(readonly shape: BookingShape) {
    super('Booking.com')
  }

  export(now: Date): string {
    const closed = (uid: string, run: Stay) => [
      `UID:${uid}`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART;VALUE=DATE:${compact(run.start)}`,
      `DTEND;VALUE=DATE:${compact(run.end)}`,
      'SUMMARY:CLOSED - Not available',
    ]
    const events: string[][] = []
    if (this.shape === 'separate') {
      for (const sale of this.sales) events.push(closed(`${hex(sale.id)}@booking.com`, sale))
      const runs = runsOf(this.importedOnly())
      const uids = this.runIds.assign(runs.map((run) => `${run.start}/${run.end}`))
      runs.forEach((run, i) => events.push(closed(uids[i]!, run)))
    } else {
      const runs = runsOf(this.closedNights())
      const keys = runs.map((run) => {
        const inside = this.sales.filter((sale) => sale.start < run.end && run.start < sale.end)
        return `${run.start}/${run.end}/${inside.map((sale) => `${sale.id}:${sale.start}:${sale.end}`).join(',')}`
      })
      const uids = this.runIds.assign(keys)
      runs.forEach((run, i) => events.push(closed(uids[i]!, run)))
    }
    return calendarText(
      ['VERSION:2.0', 'PRODID:-//admin.booking.com//h2cal//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'],
      events.sort((a, b) => (a[2]! < b[2]! ? -1 : a[2]! > b[2]! ? 1 : 0)),
    )
  }
}

/** Vrbo: reservations `Reserved - <guest>`, every other closed night in runs `Blocked`. */
export class Vrbo extends Platform {
  private readonly runIds = new RunIds((serial) => uuidOf(`${this.account}-block-${serial}`))

  constructor() {
    super('Vrbo')
  }

  export(now: Date): string {
    const event = (uid: string, run: Stay, summary: string) => [
      `DTSTAMP:${stamp(now)}`,
      `DTSTART;VALUE=DATE:${compact(run.start)}`,
      `DTEND;VALUE=DATE:${compact(run.end)}`,
      `UID:${uid}`,
      `SUMMARY:${summary}`,
    ]
    const runs = runsOf(this.importedOnly())
    const uids = this.runIds.assign(runs.map((run) => `${run.start}/${run.end}`))
    return calendarText(
      ['VERSION:2.0', 'PRODID:-//HomeAway.com, Inc.//EN'],
      [
        ...this.sales.map((sale) => event(uuidOf(sale.id), sale, `Reserved - ${sale.guest}`)),
        ...runs.map((run, i) => event(uids[i]!, run, 'Blocked')),
      ].sort((a, b) => (a[1]! < b[1]! ? -1 : a[1]! > b[1]! ? 1 : 0)),
    )
  }
}

function uuidOf(text: string): string {
  const h = hex(text)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}
