import { z } from 'zod'
import { BOOKING_KINDS } from '../src/domain/bookings.ts'
import { NOTICE_KINDS } from '../src/domain/noticeKinds.ts'

export const NoticeKind = z.enum(NOTICE_KINDS)

/**
 * A stay as a notice names it; `id` (absent on older notices) opens it on the calendar, and
 * `status` (absent on older notices too) tells a Booking.com sale written as a closure.
 */
export const NoticeStay = z.object({
  id: z.string().optional(),
  status: z.string().optional(),
  guestName: z.string(),
  start: z.string(),
  end: z.string(),
  platform: z.string(),
  kind: z.enum(BOOKING_KINDS),
})
export type NoticeStay = z.infer<typeof NoticeStay>

const Nights = z.object({ start: z.string(), end: z.string() })

/**
 * What a notification carries (docs/product.md §3.6). `ical` is a VCALENDAR of the stays concerned;
 * `conflict` is true when one of them shares nights with another source's stay. `kind` says what
 * changed (absent on notifications from before, which announced new bookings); `stay` is the stay
 * as it is now (as it was, when cancelled), `previous` its dates before they moved, and a
 * conflict's `other` stay shares the `nights` with it.
 */
export const NotificationData = z.object({
  kind: NoticeKind.optional(),
  ical: z.string(),
  platformName: z.string(),
  propertyName: z.string(),
  propertyId: z.string().optional(),
  conflict: z.boolean().optional(),
  stay: NoticeStay.optional(),
  previous: Nights.optional(),
  /** A `new` stay that had been cancelled and came back. */
  restored: z.boolean().optional(),
  other: NoticeStay.optional(),
  nights: Nights.optional(),
  /**
   * A `new` sale over nights another platform keeps free as a reservation's preparation time
   * (docs/product.md §11.4): those nights, and that platform. No conflict, but that turnover has
   * lost its buffer.
   */
  overPreparation: Nights.extend({ platform: z.string() }).optional(),
  /**
   * An `at-risk` alarm's nights (docs/product.md §12.5): each run a platform has still not
   * imported, and since when it was taken.
   */
  atRisk: z.array(Nights.extend({ platformName: z.string(), since: z.string() })).optional(),
  /** A `silent` alarm's platform's last import. */
  lastFetchedAt: z.string().optional(),
})
export type NotificationData = z.infer<typeof NotificationData>

/**
 * `title`: the words a notice was stored with, in its owner's language at the time; notices are
 * now stored without (null) and worded from their data where they are read.
 */
export const Notification = z.object({
  id: z.string(),
  title: z.string().nullable(),
  data: NotificationData,
  readAt: z.string().nullable(),
  createdAt: z.string(),
})
export type Notification = z.infer<typeof Notification>

/** The `data` of the stream's `notification` event: the notification's data, id, title and time. */
export type StreamNotification = NotificationData & { id: string; title: string | null; createdAt: string }

export const NotificationParams = z.object({ id: z.string().max(64) })
