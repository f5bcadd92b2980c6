import { z } from 'zod'

/** A property's or a platform's feed by its secret token: `<token>.ics`. */
export const FeedParams = z.object({ file: z.string().max(200) })
/** The host's feed of every property: the stays that end after the first of `from`'s month, or all. */
export const OwnerFeedQuery = z.object({ from: z.string().max(32).optional() })

/**
 * A feed's answer: an RFC 5545 calendar of all-day stays (text/calendar), gzip or brotli when
 * asked, with an ETag; 304 with no body when If-None-Match names the current one. The owner's
 * feed adds to each stay the `X-MANZIL-*` fields that `src/domain/stayWire.ts` names and encodes.
 */
export const CalendarText = z.string().meta({ description: 'text/calendar; charset=utf-8' })
