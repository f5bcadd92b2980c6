import { z } from 'zod'

/** The answer of "sync now" (POST /notification/trigger). */
export const TriggerResponse = z.object({
  message: z.string(),
  /** Calendars fetched now (changed or not). */
  synced: z.number().int(),
  /** Calendars whose fetch failed; each keeps its error as `lastError`. */
  failed: z.number().int(),
})
