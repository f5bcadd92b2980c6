import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'
import { PLATFORMS } from '../../src/domain/platforms.ts'
import { currentUser } from '../auth/session.ts'
import { readPropertyForm, registerPropertyMultipart } from './form.ts'
import { JSON_TYPE, sendBody } from '../db/stampedCache.ts'
import { PROPERTY_PAGE_SIZE } from '../../contract/property.ts'
import { requestedPage } from '../web/paging.ts'
import { checkExternalCalendar } from './fields.ts'
import { readerOf } from '../team/access.ts'

export const propertyRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerPropertyMultipart(app)
  const { properties, propertyImages: images } = app
  // The caller, who acts on their own properties and those they co-host (server/team/access.ts).
  const ownerOf = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id

  app.route({
    ...contract.property.list,
    handler: async (request, reply) => {
      const page = requestedPage(request.query, PROPERTY_PAGE_SIZE)
      const reader = await readerOf(app.db, currentUser(request))
      const body = page ? await properties.pageBody(reader, page) : await properties.listBody(reader)
      return sendBody(request, reply, body, JSON_TYPE)
    },
  })

  app.route({
    ...contract.property.platforms,
    handler: async () => [...PLATFORMS],
  })

  app.route({
    ...contract.property.get,
    handler: async (request) => properties.get(ownerOf(request), request.params.id),
  })

  app.route({
    ...contract.property.create,
    handler: async (request, reply) => {
      const room = await properties.roomFor(ownerOf(request))
      const form = await readPropertyForm(request, images, room)
      return reply.code(201).send(await properties.create(ownerOf(request), form))
    },
  })

  app.route({
    ...contract.property.update,
    handler: async (request) => {
      // Refuse someone else's property before spending time on their photos.
      const room = await properties.roomFor(ownerOf(request), request.params.id)
      const form = await readPropertyForm(request, images, room)
      return properties.update(ownerOf(request), request.params.id, form)
    },
  })

  app.route({
    ...contract.property.remove,
    handler: async (request, reply) => {
      await properties.remove(ownerOf(request), request.params.id)
      return reply.code(204).send()
    },
  })

  app.route({
    ...contract.property.images,
    handler: async (request) => properties.listImages(ownerOf(request), request.params.id),
  })

  app.route({
    ...contract.property.removeImage,
    handler: async (request, reply) => {
      await properties.removeImage(ownerOf(request), request.params.id, request.params.imageId)
      return reply.code(204).send()
    },
  })

  app.route({
    ...contract.property.externalCalendars,
    handler: async (request) => properties.listExternalCalendars(ownerOf(request), request.params.id),
  })

  app.route({
    ...contract.property.addExternalCalendar,
    handler: async (request) =>
      properties.upsertExternalCalendar(
        ownerOf(request),
        request.params.id,
        checkExternalCalendar(request.body),
      ),
  })

  app.route({
    ...contract.property.removeExternalCalendar,
    handler: async (request, reply) => {
      await properties.removeExternalCalendar(ownerOf(request), request.params.id, request.params.calendarId)
      return reply.code(204).send()
    },
  })

  app.route({
    ...contract.property.internalCalendar,
    handler: async (request) => properties.internalCalendar(ownerOf(request), request.params.id),
  })

  app.route({
    ...contract.property.rotatePlatformFeed,
    handler: async (request) =>
      properties.rotatePlatformFeed(ownerOf(request), request.params.id, request.params.platformName),
  })

  app.route({
    ...contract.property.rotateInternalCalendar,
    handler: async (request) => properties.rotateInternalCalendar(ownerOf(request), request.params.id),
  })
}
