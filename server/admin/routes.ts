import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { currentUser } from '../auth/session.ts'
import { forbidden } from '../errors.ts'
import { languageOf } from '../i18n.ts'
import { readPropertyForm, registerPropertyMultipart } from '../property/form.ts'
import {
  ExternalCalendar,
  ExternalCalendarBody,
  InternalCalendar,
  Property,
  PropertyImage,
} from '../../contract/property.ts'
import { checkExternalCalendar } from '../property/fields.ts'
import { ownerOfProperty } from '../property/service.ts'
import { PeriodQuery, PeriodStatistics } from '../../contract/statistics.ts'
import { periodOf } from '../statistics/period.ts'
import { periodStatistics, propertyToday } from '../statistics/service.ts'
import { NotificationsBody, NotificationsResponse, ProfileUpdateBody } from '../../contract/user.ts'
import {
  AdminImageParams,
  AdminPropertyParams,
  LogPage,
  LogQuery,
  ManagedUser,
  ReasonBody,
  UserParams,
} from './schemas.ts'
import {
  deactivateUser,
  deleteUser,
  findUser,
  listLog,
  listUsers,
  reactivateUser,
  recordPropertyChange,
  setUserNotifications,
  updateUser,
} from './service.ts'

/** onRequest, after the API's session check (401): 403 for a signed-in user who is not an admin. */
async function requireAdmin(request: FastifyRequest) {
  if (currentUser(request).is_admin !== 1) throw forbidden()
}

const multipartBody = { consumes: ['multipart/form-data'] }

/**
 * SPEC 7's administration calls. The property calls resolve the property's owner and then use
 * the owner's property service, so an admin edits exactly as the owner would.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerPropertyMultipart(app)
  // Before the body is read: a user or a stranger is refused whatever they send.
  app.addHook('onRequest', requireAdmin)
  const { properties, propertyImages: images } = app

  app.get('/admin/user/list', { schema: { response: { 200: z.array(ManagedUser) } } }, async () =>
    listUsers(app.db),
  )

  app.patch(
    '/admin/user/:userId',
    { schema: { params: UserParams, body: ProfileUpdateBody, response: { 200: ManagedUser } } },
    async (request) => updateUser(app.db, currentUser(request), request.params.userId, request.body),
  )

  app.post(
    '/admin/user/:userId/toggle-notifications',
    { schema: { params: UserParams, body: NotificationsBody, response: { 200: NotificationsResponse } } },
    async (request) => ({
      enabled: await setUserNotifications(
        app.db,
        currentUser(request),
        request.params.userId,
        request.body.enabled,
      ),
    }),
  )

  app.post(
    '/admin/user/:userId/deactivate',
    { schema: { params: UserParams, body: ReasonBody, response: { 200: ManagedUser } } },
    async (request) =>
      deactivateUser(app.database, currentUser(request), request.params.userId, request.body.reason),
  )

  app.post(
    '/admin/user/:userId/reactivate',
    { schema: { params: UserParams, body: ReasonBody, response: { 200: ManagedUser } } },
    async (request) =>
      reactivateUser(app.database, currentUser(request), request.params.userId, request.body.reason),
  )

  app.post(
    '/admin/user/:userId/delete',
    { schema: { params: UserParams, body: ReasonBody } },
    async (request, reply) => {
      await deleteUser(
        app.database,
        properties,
        currentUser(request),
        request.params.userId,
        request.body.reason,
      )
      return reply.code(204).send()
    },
  )

  app.get(
    '/admin/user/:userId/property/list',
    { schema: { params: UserParams, response: { 200: z.array(Property) } } },
    async (request) => properties.list((await findUser(app.db, request.params.userId)).id),
  )

  app.post(
    '/admin/user/:userId/property',
    { schema: { ...multipartBody, params: UserParams, response: { 201: Property } } },
    async (request, reply) => {
      // Refuse an unknown owner, or one with no room, before spending time on the photos.
      const owner = await findUser(app.db, request.params.userId)
      const room = await properties.roomFor(owner.id)
      const property = await properties.create(owner.id, await readPropertyForm(request, images, room))
      await recordPropertyChange(app.db, currentUser(request), {
        action: 'created',
        propertyId: property.id,
        propertyName: property.name,
        ownerId: owner.id,
        values: { owner: owner.email },
      })
      return reply.code(201).send(property)
    },
  )

  app.patch(
    '/admin/property/:propertyId',
    { schema: { ...multipartBody, params: AdminPropertyParams, response: { 200: Property } } },
    async (request) => {
      const { propertyId } = request.params
      const ownerId = await ownerOfProperty(app.db, propertyId)
      const room = await properties.roomFor(ownerId, propertyId)
      const property = await properties.update(
        ownerId,
        propertyId,
        await readPropertyForm(request, images, room),
      )
      await recordPropertyChange(app.db, currentUser(request), {
        action: 'updated',
        propertyId,
        propertyName: property.name,
        ownerId,
      })
      return property
    },
  )

  app.delete(
    '/admin/property/:propertyId',
    { schema: { params: AdminPropertyParams } },
    async (request, reply) => {
      const { propertyId } = request.params
      const ownerId = await ownerOfProperty(app.db, propertyId)
      const { name } = await properties.get(ownerId, propertyId)
      await properties.remove(ownerId, propertyId)
      await recordPropertyChange(app.db, currentUser(request), {
        action: 'deleted',
        propertyId,
        propertyName: name,
        ownerId,
      })
      return reply.code(204).send()
    },
  )

  app.get(
    '/admin/property/:propertyId/image/list',
    { schema: { params: AdminPropertyParams, response: { 200: z.array(PropertyImage) } } },
    async (request) => {
      const { propertyId } = request.params
      return properties.listImages(await ownerOfProperty(app.db, propertyId), propertyId)
    },
  )

  app.delete(
    '/admin/property/:propertyId/image/:imageId',
    { schema: { params: AdminImageParams } },
    async (request, reply) => {
      const { propertyId, imageId } = request.params
      const ownerId = await ownerOfProperty(app.db, propertyId)
      const { name } = await properties.get(ownerId, propertyId)
      await properties.removeImage(ownerId, propertyId, imageId)
      await recordPropertyChange(app.db, currentUser(request), {
        action: 'photo-removed',
        propertyId,
        propertyName: name,
        ownerId,
      })
      return reply.code(204).send()
    },
  )

  app.get(
    '/admin/property/:propertyId/statistics/period',
    {
      schema: { params: AdminPropertyParams, querystring: PeriodQuery, response: { 200: PeriodStatistics } },
    },
    async (request) => {
      const { propertyId } = request.params
      const ownerId = await ownerOfProperty(app.db, propertyId)
      const today = await propertyToday(app.db, ownerId, propertyId)
      return periodStatistics(app.db, ownerId, propertyId, periodOf(request.query, today))
    },
  )

  app.get(
    '/admin/property/:propertyId/calendar/external',
    { schema: { params: AdminPropertyParams, response: { 200: z.array(ExternalCalendar) } } },
    async (request) => {
      const { propertyId } = request.params
      return properties.listExternalCalendars(await ownerOfProperty(app.db, propertyId), propertyId)
    },
  )

  app.post(
    '/admin/property/:propertyId/calendar/external',
    {
      schema: {
        params: AdminPropertyParams,
        body: ExternalCalendarBody,
        response: { 200: ExternalCalendar },
      },
    },
    async (request) => {
      const { propertyId } = request.params
      const ownerId = await ownerOfProperty(app.db, propertyId)
      const { name } = await properties.get(ownerId, propertyId)
      const calendar = await properties.upsertExternalCalendar(
        ownerId,
        propertyId,
        checkExternalCalendar(request.body),
      )
      await recordPropertyChange(app.db, currentUser(request), {
        action: 'calendar-linked',
        propertyId,
        propertyName: name,
        ownerId,
        values: { platform: calendar.platformName },
      })
      return calendar
    },
  )

  app.get(
    '/admin/property/:propertyId/calendar/internal',
    { schema: { params: AdminPropertyParams, response: { 200: InternalCalendar } } },
    async (request) => {
      const { propertyId } = request.params
      return properties.internalCalendar(await ownerOfProperty(app.db, propertyId), propertyId)
    },
  )

  app.get(
    '/admin/log/list',
    { schema: { querystring: LogQuery, response: { 200: LogPage } } },
    async (request) => listLog(app.db, request.query, languageOf(request)),
  )
}
