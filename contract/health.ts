import { z } from 'zod'

export const HealthAnswer = z.object({
  status: z.literal('ok'),
  db: z.object({ engine: z.enum(['sqlite', 'postgres']), answeredInMs: z.number() }),
  sync: z.object({
    /** When this process's scheduler last finished a round; null before its first. */
    lastRoundAt: z.string().nullable(),
    failingFeeds: z.number(),
    pausedFeeds: z.number(),
  }),
})
