import { z } from 'zod'

/** A property's or a platform's feed by its secret token: `<token>.ics`. */
export const FeedParams = z.object({ file: z.string().max(200) })
/** The host's feed of every property: the stays that end after the first of `from`'s month, or all. */
export const OwnerFeedQuery = z.object({ from: z.string().max(32).optional() })
