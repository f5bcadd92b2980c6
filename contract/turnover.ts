import { z } from 'zod'

/** The longest window of cleanings one request reads, in days (docs/product.md §7.11). */
export const TURNOVER_RANGE_MAX_DAYS = 92

/** The shape only; the server checks the dates and the window, in the reader's language. */
export const TurnoverQuery = z.object({
  start: z.string().max(32),
  end: z.string().max(32),
  propertyId: z.string().max(64).optional(),
})
export type TurnoverQuery = z.infer<typeof TurnoverQuery>

/**
 * A cleaning (docs/product.md §3.9): a booking's check-out at a property, with the next check-in
 * there. `date` is the check-out day; `nights` the stay's; `gapNights` the nights free before the
 * next check-in (0 on a same-day turnover), null when none is known.
 */
export const Turnover = z.object({
  propertyId: z.string(),
  propertyName: z.string(),
  stayId: z.string(),
  date: z.string(),
  checkOutTime: z.string(),
  nights: z.number().int(),
  nextCheckIn: z.object({ stayId: z.string(), date: z.string(), time: z.string() }).nullable(),
  sameDay: z.boolean(),
  gapNights: z.number().int().nullable(),
})
export type Turnover = z.infer<typeof Turnover>
