import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'

/** `GET /health`: 200 with the database's and the sync's state, 503 `{message}` when the database does not answer. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({ ...contract.health.check, handler: async () => app.health.check() })
}
