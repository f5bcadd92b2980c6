import { z } from 'zod'

/** A property's or a platform's feed by its secret token: `<token>.ics`. */
export const FeedParams = z.object({ file: z.string().max(200) })
/** The one property a window or a list is of, by its id; all of the reader's without it. */
const OneProperty = z.string().max(64).optional()

/**
 * The host's feed of every property, or of the one `property` names: the stays that end after
 * `from` (the first of its month without `to`), or all, and with `to` only those that start before
 * it. Or, with `stay` (ids separated by commas, a double booking's two at most), those stays alone,
 * wherever they are: what a link to a stay opens.
 */
export const OwnerFeedQuery = z.object({
  from: z.string().max(32).optional(),
  to: z.string().max(32).optional(),
  property: OneProperty,
  stay: z.string().max(200).optional(),
})

/** The stays a page of a stay list holds at most, and when the query names none. */
export const STAY_PAGE_MAX = 200
export const STAY_PAGE_DEFAULT = 40

/**
 * A page of the host's current or upcoming stays (each judged by today where its property is),
 * by check-in: of one property or platform when named, after the cursor of a previous page's
 * `Link: <...>; rel="next"`. The answer is a feed as the owner's, with `X-Total-Count` counting
 * the whole list.
 */
export const OwnerStaysQuery = z.object({
  list: z.enum(['current', 'upcoming']),
  property: OneProperty,
  platform: z.string().max(100).optional(),
  after: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(STAY_PAGE_MAX).default(STAY_PAGE_DEFAULT),
})
export type OwnerStaysQuery = z.infer<typeof OwnerStaysQuery>

/**
 * A feed's answer: an RFC 5545 calendar of all-day stays (text/calendar), gzip or brotli when
 * asked, with an ETag; 304 with no body when If-None-Match names the current one. The owner's
 * feed adds to each stay the `X-MANZIL-*` fields that `src/domain/stayWire.ts` names and encodes.
 */
export const CalendarText = z.string().meta({ description: 'text/calendar; charset=utf-8' })
