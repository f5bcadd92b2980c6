import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'
import { currentUser, requireAdmin } from '../auth/session.ts'
import { notFound } from '../errors.ts'
import { readerOf } from '../team/access.ts'
import { Exposure } from '../../contract/imports.ts'
import { JSON_TYPE, jsonBody, sendRevalidated } from '../db/stampedCache.ts'

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The signed-in host's nights at risk on each platform of each property, and the links that a
   * platform stopped importing (docs/decisions.md, "Imports measured"): their own properties only.
   * The screens refetch it every minute: an unchanged one is a 304.
   */
  app.route({
    ...contract.imports.exposure,
    handler: async (request, reply) => {
      const exposure = await app.imports.exposure(await readerOf(app.db, currentUser(request)))
      return sendRevalidated(request, reply, await jsonBody(Exposure, exposure), JSON_TYPE)
    },
  })

  /**
   * "I closed them": the owner closed by hand, on that platform, the nights it has not imported
   * yet. Answers the platform's feed as the property's page shows it; another's property is a 404.
   */
  app.route({
    ...contract.imports.acknowledge,
    handler: async (request) => {
      const { id, platformName } = request.params
      const ownerId = currentUser(request).id
      const platformOf = async () =>
        (await app.properties.internalCalendar(ownerId, id)).platforms.find(
          (feed) => feed.platformName === platformName,
        )
      if (!(await platformOf())) throw notFound()
      await app.imports.acknowledge(id, platformName)
      return (await platformOf())!
    },
  })

  /**
   * Each platform's import interval measured across every account (docs/decisions.md, "Each
   * platform's measured import interval"): admins only, refused before anything is read.
   */
  app.route({
    ...contract.imports.platforms,
    onRequest: requireAdmin,
    handler: async () => app.imports.platformCadence(),
  })
}
