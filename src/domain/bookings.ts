import { addDays, type DateOnly } from './dates.ts'
import type { FeedWarning } from './feedWarnings.ts'
import type { PlatformRule } from './platformRules.ts'
import { textOrder } from './textOrder.ts'

export const DEFAULT_LABEL = 'Blocked'

/** What a stay is: a sale (revenue, a guest) or a block (occupied, no revenue). */
export const BOOKING_KINDS = ['booking', 'block'] as const
export type BookingKind = (typeof BOOKING_KINDS)[number]
export type Classified = { status: string; guestName: string; kind: BookingKind }

// What the platforms write in SUMMARY when a night is closed rather than sold:
// Airbnb "Airbnb (Not available)", Booking.com "CLOSED - Not available", Vrbo "Blocked",
// Google-style "Unavailable" / "Busy".
const BLOCK_PATTERNS = [
  /^airbnb \(not available\)$/i,
  /^closed\b/i,
  /^not available$/i,
  /^unavailable$/i,
  /^blocked$/i,
  /^busy$/i,
]

/**
 * The summary split on " - " gives status then guest, each defaulting to "Blocked" (docs/product.md §4.8).
 * Known platform block patterns are blocks (occupied, no revenue); Airbnb's bare "Reserved" is a
 * booking whose guest the feed does not name. Every platform's words are read on every feed (a
 * channel manager relays them); what one platform's words mean besides is its adapter's
 * (src/domain/platformAdapters.ts).
 */
export function classifySummary(summary: string): Classified {
  const text = summary.trim()
  if (BLOCK_PATTERNS.some((pattern) => pattern.test(text))) {
    return { status: DEFAULT_LABEL, guestName: DEFAULT_LABEL, kind: 'block' }
  }
  const [status, guest] = text.split(' - ').map((part) => part.trim())
  return { status: status || DEFAULT_LABEL, guestName: guest || DEFAULT_LABEL, kind: 'booking' }
}

/**
 * The status of a Booking.com closure taken as a sale (src/domain/platformAdapters/bookingCom.ts
 * gives it; src/domain/stayWords.ts's `isClosureSale` reads it).
 */
export const CLOSURE_SALE_STATUS = 'Not available'

export type Stay = { start: DateOnly; end: DateOnly }

/** Manzil's export writes each stay's UID as `<stayId>@manzil`; null for any other UID. */
export const stayIdOfUid = (uid: string): string | null => /^(.+)@manzil$/.exec(uid)?.[1] ?? null

/** Every night of a stay, by the day it begins. */
export function nightsOf(stay: Stay): DateOnly[] {
  const nights: DateOnly[] = []
  for (let night = stay.start; night < stay.end; night = addDays(night, 1)) nights.push(night)
  return nights
}

const byStart = (a: Stay, b: Stay) => textOrder(a.start, b.start)

/**
 * The nights these stays occupy, as runs from a check-in to a check-out: stays that overlap or
 * follow each other without a free night merge into one run.
 */
export function occupiedRuns(stays: readonly Stay[]): Stay[] {
  const runs: Stay[] = []
  for (const stay of [...stays].sort(byStart)) {
    const last = runs.at(-1)
    if (last && stay.start <= last.end) last.end = stay.end > last.end ? stay.end : last.end
    else runs.push({ start: stay.start, end: stay.end })
  }
  return runs
}

/** Whether two stays share at least one night (check-out day = next check-in day is fine). */
export const nightsOverlap = (a: Stay, b: Stay) => a.start < b.end && b.start < a.end

/**
 * A booking as the calendar shows it, derived from a property's export feed. `uid` keeps
 * its colour for the page's life; `conflict` marks nights sold twice, as the server decides it
 * (any two sources, blocks and closures too: docs/product.md §11.1); `feedWarning` what its platform's feed
 * said that could not be taken as written. `stayId` is the server's id of the stay (the UID
 * before `@manzil`); `manual` a stay the host entered by hand, with its `note`; `echo` a block
 * that only mirrors what Manzil exported to its platform ("synced from Manzil", never a conflict).
 */
export type Booking = Stay & {
  uid: string
  stayId: string | null
  manual: boolean
  echo: boolean
  note: string | null
  propertyId: string
  propertyName: string
  guestName: string
  status: string
  platform: string
  color: string
  kind: BookingKind
  conflict: boolean
  /**
   * The nights of a block that only mirror what Manzil exported, when only some do (absent or
   * empty: all or none, as `echo` says); its other nights are its platform's own.
   */
  echoRuns?: readonly Stay[]
  feedWarning: FeedWarning | null
  /**
   * For the stay's details: the nightly price in force when the stay was first seen
   * (X-MANZIL-PRICE; null when the property had none), the linked calendar it came from
   * (X-MANZIL-CALENDAR; null for a manual stay) and the feed's DESCRIPTION as written.
   */
  nightlyPrice?: number | null
  calendarId?: string | null
  description?: string
  /**
   * X-MANZIL-RULE: a closed run that is its platform's own rule (Airbnb's notice, booking window
   * or preparation time), not a stay.
   */
  rule?: PlatformRule
}

/**
 * A stay shown that holds no night of its own: an echo (our own export coming back) or its
 * platform's own rule. Neither is a sale, a conflict or a night taken; the calendar mutes both.
 */
export const holdsNoNights = (stay: Pick<Booking, 'echo' | 'rule'>): boolean =>
  stay.echo || stay.rule !== undefined
