import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'
import { currentUser } from '../auth/session.ts'

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The signed-in host's nights at risk on each platform of each property, and the links that a
   * platform stopped importing (docs/decisions.md, "Imports measured"): their own properties only.
   */
  app.route({
    ...contract.imports.exposure,
    handler: async (request) => app.imports.exposure(currentUser(request).id),
  })
}
