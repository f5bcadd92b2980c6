import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PLATFORMS } from '../../src/domain/platforms.ts'
import { currentUser } from '../auth/session.ts'
import { readPropertyForm, registerPropertyMultipart } from './form.ts'
import { JSON_TYPE, sendBody } from '../db/stampedCache.ts'
import {
  CalendarParams,
  checkExternalCalendar,
  ExternalCalendar,
  ExternalCalendarBody,
  ImageParams,
  InternalCalendar,
  Platform,
  PlatformFeed,
  PlatformParams,
  Property,
  PropertyImage,
  PropertyList,
  PropertyParams,
  PROPERTY_PAGE_SIZE,
} from './schemas.ts'
import { optionalPageQuery, requestedPage } from '../web/paging.ts'

/** The body of POST and PATCH is multipart, read by `readPropertyForm`, not by a schema. */
const multipartBody = { consumes: ['multipart/form-data'] }

export const propertyRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerPropertyMultipart(app)
  const { properties, propertyImages: images } = app
  const ownerOf = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id

  app.get(
    '/property/list',
    { schema: { querystring: optionalPageQuery, response: { 200: PropertyList } } },
    async (request, reply) => {
      const page = requestedPage(request.query, PROPERTY_PAGE_SIZE)
      if (page) return properties.page(ownerOf(request), page)
      return sendBody(request, reply, await properties.listBody(currentUser(request)), JSON_TYPE)
    },
  )

  app.get('/property/platform/list', { schema: { response: { 200: z.array(Platform) } } }, async () => [
    ...PLATFORMS,
  ])

  app.get(
    '/property/:id',
    { schema: { params: PropertyParams, response: { 200: Property } } },
    async (request) => properties.get(ownerOf(request), request.params.id),
  )

  app.post(
    '/property',
    { schema: { ...multipartBody, response: { 201: Property } } },
    async (request, reply) => {
      const room = await properties.roomFor(ownerOf(request))
      const form = await readPropertyForm(request, images, room)
      return reply.code(201).send(await properties.create(ownerOf(request), form))
    },
  )

  app.patch(
    '/property/:id',
    { schema: { ...multipartBody, params: PropertyParams, response: { 200: Property } } },
    async (request) => {
      // Refuse someone else's property before spending time on their photos.
      const room = await properties.roomFor(ownerOf(request), request.params.id)
      const form = await readPropertyForm(request, images, room)
      return properties.update(ownerOf(request), request.params.id, form)
    },
  )

  app.delete('/property/:id', { schema: { params: PropertyParams } }, async (request, reply) => {
    await properties.remove(ownerOf(request), request.params.id)
    return reply.code(204).send()
  })

  app.get(
    '/property/:id/image/list',
    { schema: { params: PropertyParams, response: { 200: z.array(PropertyImage) } } },
    async (request) => properties.listImages(ownerOf(request), request.params.id),
  )

  app.delete('/property/:id/image/:imageId', { schema: { params: ImageParams } }, async (request, reply) => {
    await properties.removeImage(ownerOf(request), request.params.id, request.params.imageId)
    return reply.code(204).send()
  })

  app.get(
    '/property/:id/calendar/external',
    { schema: { params: PropertyParams, response: { 200: z.array(ExternalCalendar) } } },
    async (request) => properties.listExternalCalendars(ownerOf(request), request.params.id),
  )

  app.post(
    '/property/:id/calendar/external',
    { schema: { params: PropertyParams, body: ExternalCalendarBody, response: { 200: ExternalCalendar } } },
    async (request) =>
      properties.upsertExternalCalendar(
        ownerOf(request),
        request.params.id,
        checkExternalCalendar(request.body),
      ),
  )

  app.delete(
    '/property/:id/calendar/external/:calendarId',
    { schema: { params: CalendarParams } },
    async (request, reply) => {
      await properties.removeExternalCalendar(ownerOf(request), request.params.id, request.params.calendarId)
      return reply.code(204).send()
    },
  )

  app.get(
    '/property/:id/calendar/internal',
    { schema: { params: PropertyParams, response: { 200: InternalCalendar } } },
    async (request) => properties.internalCalendar(ownerOf(request), request.params.id),
  )

  app.post(
    '/property/:id/calendar/platform/:platformName/rotate',
    { schema: { params: PlatformParams, response: { 200: PlatformFeed } } },
    async (request) =>
      properties.rotatePlatformFeed(ownerOf(request), request.params.id, request.params.platformName),
  )

  app.post(
    '/property/:id/calendar/internal/rotate',
    { schema: { params: PropertyParams, response: { 200: InternalCalendar } } },
    async (request) => properties.rotateInternalCalendar(ownerOf(request), request.params.id),
  )
}
