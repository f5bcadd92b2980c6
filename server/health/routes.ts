import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { healthOf } from './service.ts'

const HealthAnswer = z.object({
  status: z.literal('ok'),
  db: z.object({ engine: z.enum(['sqlite', 'postgres']), answeredInMs: z.number() }),
  sync: z.object({
    /** When this process's scheduler last finished a round; null before its first. */
    lastRoundAt: z.string().nullable(),
    failingFeeds: z.number(),
    pausedFeeds: z.number(),
  }),
})

/** `GET /health`: 200 with the database's and the sync's state, 503 `{message}` when the database does not answer. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: HealthAnswer } } }, async () =>
    healthOf(app.database, app.metrics, (error) =>
      app.log.warn({ err: error }, 'health check: database does not answer'),
    ),
  )
}
