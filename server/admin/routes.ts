import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'
import { currentUser, requireAdmin } from '../auth/session.ts'
import { languageOf } from '../i18n.ts'
import { readPropertyForm, registerPropertyMultipart } from '../property/form.ts'
import { checkExternalCalendar } from '../property/fields.ts'
import { periodOf } from '../statistics/period.ts'
import { PROPERTY_PAGE_SIZE } from '../../contract/property.ts'
import { USER_PAGE_SIZE } from '../../contract/admin.ts'
import { requestedPage } from '../web/paging.ts'

/**
 * The administration calls (docs/product.md §7.9). The property calls resolve the property's owner
 * and then use the owner's property service, so an admin edits exactly as the owner would.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerPropertyMultipart(app)
  // Before the body is read: a user or a stranger is refused whatever they send.
  app.addHook('onRequest', requireAdmin)
  const { admin, properties, propertyImages: images, statistics } = app

  app.route({
    ...contract.admin.users,
    handler: async (request) => {
      const page = requestedPage(request.query, USER_PAGE_SIZE)
      return page ? admin.pageUsers(page) : admin.listUsers()
    },
  })

  app.route({
    ...contract.admin.user,
    handler: async (request) => admin.managedUser(request.params.userId),
  })

  app.route({
    ...contract.admin.updateUser,
    handler: async (request) => admin.updateUser(currentUser(request), request.params.userId, request.body),
  })

  app.route({
    ...contract.admin.toggleNotifications,
    handler: async (request) => ({
      enabled: await admin.setUserNotifications(
        currentUser(request),
        request.params.userId,
        request.body.enabled,
      ),
    }),
  })

  app.route({
    ...contract.admin.deactivateUser,
    handler: async (request) =>
      admin.deactivateUser(currentUser(request), request.params.userId, request.body.reason),
  })

  app.route({
    ...contract.admin.reactivateUser,
    handler: async (request) =>
      admin.reactivateUser(currentUser(request), request.params.userId, request.body.reason),
  })

  app.route({
    ...contract.admin.deleteUser,
    handler: async (request, reply) => {
      await admin.deleteUser(currentUser(request), request.params.userId, request.body.reason)
      return reply.code(204).send()
    },
  })

  app.route({
    ...contract.admin.userProperties,
    handler: async (request) => {
      const { id } = await admin.findUser(request.params.userId)
      const page = requestedPage(request.query, PROPERTY_PAGE_SIZE)
      // The account's own properties, not those it co-hosts: an admin's view is unchanged.
      return page ? properties.page(id, page, 'owned') : properties.list(id, 'owned')
    },
  })

  app.route({
    ...contract.admin.createUserProperty,
    handler: async (request, reply) => {
      // Refuse an unknown owner, or one with no room, before spending time on the photos.
      const owner = await admin.findUser(request.params.userId)
      const room = await properties.roomFor(owner.id)
      const property = await properties.create(owner.id, await readPropertyForm(request, images, room))
      await admin.recordPropertyChange(currentUser(request), {
        action: 'created',
        propertyId: property.id,
        propertyName: property.name,
        ownerId: owner.id,
        values: { owner: owner.email },
      })
      return reply.code(201).send(property)
    },
  })

  app.route({
    ...contract.admin.updateProperty,
    handler: async (request) => {
      const { propertyId } = request.params
      const ownerId = await properties.ownerOf(propertyId)
      const room = await properties.roomFor(ownerId, propertyId)
      const property = await properties.update(
        ownerId,
        propertyId,
        await readPropertyForm(request, images, room),
      )
      await admin.recordPropertyChange(currentUser(request), {
        action: 'updated',
        propertyId,
        propertyName: property.name,
        ownerId,
      })
      return property
    },
  })

  app.route({
    ...contract.admin.deleteProperty,
    handler: async (request, reply) => {
      const { propertyId } = request.params
      const ownerId = await properties.ownerOf(propertyId)
      const { name } = await properties.get(ownerId, propertyId)
      await properties.remove(ownerId, propertyId)
      await admin.recordPropertyChange(currentUser(request), {
        action: 'deleted',
        propertyId,
        propertyName: name,
        ownerId,
      })
      return reply.code(204).send()
    },
  })

  app.route({
    ...contract.admin.propertyImages,
    handler: async (request) => {
      const { propertyId } = request.params
      return properties.listImages(await properties.ownerOf(propertyId), propertyId)
    },
  })

  app.route({
    ...contract.admin.removeImage,
    handler: async (request, reply) => {
      const { propertyId, imageId } = request.params
      const ownerId = await properties.ownerOf(propertyId)
      const { name } = await properties.get(ownerId, propertyId)
      await properties.removeImage(ownerId, propertyId, imageId)
      await admin.recordPropertyChange(currentUser(request), {
        action: 'photo-removed',
        propertyId,
        propertyName: name,
        ownerId,
      })
      return reply.code(204).send()
    },
  })

  app.route({
    ...contract.admin.period,
    handler: async (request) => {
      const { propertyId } = request.params
      const ownerId = await properties.ownerOf(propertyId)
      const today = await statistics.propertyToday(ownerId, propertyId)
      return statistics.periodStatistics(ownerId, propertyId, periodOf(request.query, today))
    },
  })

  app.route({
    ...contract.admin.externalCalendars,
    handler: async (request) => {
      const { propertyId } = request.params
      return properties.listExternalCalendars(await properties.ownerOf(propertyId), propertyId)
    },
  })

  app.route({
    ...contract.admin.addExternalCalendar,
    handler: async (request) => {
      const { propertyId } = request.params
      const ownerId = await properties.ownerOf(propertyId)
      const { name } = await properties.get(ownerId, propertyId)
      const calendar = await properties.upsertExternalCalendar(
        ownerId,
        propertyId,
        checkExternalCalendar(request.body),
      )
      await admin.recordPropertyChange(currentUser(request), {
        action: 'calendar-linked',
        propertyId,
        propertyName: name,
        ownerId,
        values: { platform: calendar.platformName },
      })
      return calendar
    },
  })

  app.route({
    ...contract.admin.internalCalendar,
    handler: async (request) => {
      const { propertyId } = request.params
      return properties.internalCalendar(await properties.ownerOf(propertyId), propertyId)
    },
  })

  app.route({
    ...contract.admin.logs,
    handler: async (request) => admin.listLog(request.query, languageOf(request)),
  })
}
