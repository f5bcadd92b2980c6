import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'
import { currentUser } from '../auth/session.ts'
import { JSON_TYPE, sendBody } from '../db/stampedCache.ts'
import { readerOf } from '../team/access.ts'
import { dashboardPeriodOf, periodOf } from './period.ts'

/**
 * The statistics calls of a host: the dashboard's over the properties they own or co-host, and
 * one property's (404 unless they manage it).
 */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // "This month" and "this week" are the host's: today where their properties are (docs/product.md §4.9).
  app.route({
    ...contract.statistics.dashboard,
    handler: async (request, reply) => {
      const reader = await readerOf(app.db, currentUser(request))
      const today = await app.statistics.ownerToday(reader)
      const period = dashboardPeriodOf(request.query, today)
      return sendBody(request, reply, await app.statistics.dashboardBody(reader, today, period), JSON_TYPE)
    },
  })

  app.route({
    ...contract.statistics.monthly,
    handler: async (request, reply) => {
      const reader = await readerOf(app.db, currentUser(request))
      const today = await app.statistics.ownerToday(reader)
      return sendBody(request, reply, await app.statistics.monthlyBody(reader, today), JSON_TYPE)
    },
  })

  app.route({
    ...contract.statistics.property,
    handler: async (request) => {
      const ownerId = currentUser(request).id
      const today = await app.statistics.propertyToday(ownerId, request.params.id)
      return app.statistics.periodStatistics(ownerId, request.params.id, periodOf({}, today))
    },
  })

  app.route({
    ...contract.statistics.period,
    handler: async (request) => {
      const ownerId = currentUser(request).id
      const today = await app.statistics.propertyToday(ownerId, request.params.id)
      return app.statistics.periodStatistics(ownerId, request.params.id, periodOf(request.query, today))
    },
  })
}
