import type { FastifyInstance } from 'fastify'
import { createImageStore, uploadsDirOf, type ImageStore } from './images.ts'
import { createPropertyService, type PropertyService } from './service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The one property service: the host's, the admin's and the account's routes share it. */
    properties: PropertyService
    /** Where the photos of every property are stored. */
    propertyImages: ImageStore
  }
}

/**
 * Builds the property service once for the whole app, so that its cached answers and its image
 * store are the same whichever routes change a property. A link added or changed is fetched at
 * once by the sync engine (installSync must run first).
 */
export function installProperties(app: FastifyInstance) {
  const images = createImageStore(uploadsDirOf(app.config), app.log)
  app.decorate('propertyImages', images)
  app.decorate(
    'properties',
    createPropertyService({
      db: app.db,
      images,
      publicUrl: app.config.publicUrl,
      log: app.log,
      quotas: app.config.quotas,
      // The links' first imports mail what they find with the next round, not each on its own.
      onCalendarsChanged: async (calendarIds) =>
        void (await app.syncCalendarsNow(calendarIds, { mail: false })),
    }),
  )
}
