import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HttpError } from '../errors.ts'

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => {
    try {
      await app.database.ping()
    } catch (error) {
      app.log.warn({ err: error }, 'health check: database does not answer')
      throw new HttpError(503, 'errors.databaseUnavailable')
    }
    return { status: 'ok' as const }
  })
}
