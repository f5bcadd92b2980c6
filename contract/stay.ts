import { z } from 'zod'
import { BOOKING_KINDS } from '../src/domain/bookings.ts'
import { isDateOnly } from '../src/domain/dates.ts'
import {
  MANUAL_PLATFORM,
  MAX_GUEST_NAME,
  MAX_NIGHTLY_PRICE,
  MAX_NOTE,
  MAX_STAY_PRICE,
} from '../src/domain/manualStays.ts'
import { multiLine, singleLine } from '../src/domain/plainText.ts'

const Day = z.string().refine(isDateOnly)
const Id = z.string().min(1).max(64)

/** A stay the host enters by hand: a direct booking, an owner's stay, a block (docs/product.md §5.6). */
export const ManualStayBody = z.object({
  start: Day,
  /** The check-out day. */
  end: Day,
  kind: z.enum(BOOKING_KINDS),
  /** One line, and the note's breaks LF, without control characters: both reach feeds and mails. */
  guestName: z.string().overwrite(singleLine).trim().max(MAX_GUEST_NAME).optional(),
  note: z.string().overwrite(multiLine).trim().max(MAX_NOTE).optional(),
  /**
   * A booking's price in the property's currency (which it takes without naming it): per night,
   * or for the whole stay. Absent on a new stay: the property's nightly price; null: none.
   */
  price: z
    .object({
      per: z.enum(['night', 'stay'], { error: 'errors.stay.price' }),
      amount: z.number({ error: 'errors.stay.price' }).finite({ error: 'errors.stay.price' }),
    })
    .refine(
      ({ per, amount }) => amount >= 0 && amount <= (per === 'night' ? MAX_NIGHTLY_PRICE : MAX_STAY_PRICE),
      { error: 'errors.stay.price', path: ['amount'] },
    )
    .nullable()
    .optional(),
})
export type ManualStayBody = z.infer<typeof ManualStayBody>

export const ManualStayPatch = ManualStayBody.partial()
export type ManualStayPatch = z.infer<typeof ManualStayPatch>

/** A stay entered by hand, as its creation (201) and its change (200) answer it. */
export const ManualStay = z.object({
  id: z.string(),
  propertyId: z.string(),
  start: z.string(),
  /** The check-out day. */
  end: z.string(),
  kind: z.enum(BOOKING_KINDS),
  guestName: z.string().nullable(),
  note: z.string().nullable(),
  platform: z.literal(MANUAL_PLATFORM),
  /** What each night earns (a total entered is spread over the nights); null: no price. */
  nightlyPrice: z.number().nullable(),
  /** Whether it shares a night with a stay from another source. */
  conflict: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type ManualStay = z.infer<typeof ManualStay>

export const StayPropertyParams = z.object({ id: Id })
export const StayParams = z.object({ id: Id, stayId: Id })

/**
 * The query string is read as an address is (a failure there is a bad address); the text's own
 * length is the service's check, which tells the host how long it must be.
 */
export const StaySearchQuery = z.object({ q: z.string().max(1000) })

/** One stay a search found, and what it matched: the guest, the reservation code or the phone. */
export const StaySearchHit = z.object({
  id: z.string(),
  propertyId: z.string(),
  propertyName: z.string(),
  guestName: z.string(),
  start: z.string(),
  end: z.string(),
  platform: z.string(),
  kind: z.enum(BOOKING_KINDS),
  match: z.enum(['guest', 'code', 'phone']),
  reservationCode: z.string().nullable(),
  phoneLast4: z.string().nullable(),
})
export type StaySearchHit = z.infer<typeof StaySearchHit>
