import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'
import { healthOf } from './service.ts'

/** `GET /health`: 200 with the database's and the sync's state, 503 `{message}` when the database does not answer. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract.health.check,
    handler: async () =>
      healthOf(app.database, app.metrics, (error) =>
        app.log.warn({ err: error }, 'health check: database does not answer'),
      ),
  })
}
