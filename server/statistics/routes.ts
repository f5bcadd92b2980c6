import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { currentUser, requireUser } from '../auth/session.ts'
import { JSON_TYPE, sendBody } from '../db/stampedCache.ts'
import { PropertyParams } from '../property/schemas.ts'
import { DashboardStatistics, MonthlyStatistics, PeriodQuery, PeriodStatistics, periodOf } from './schemas.ts'
import { createDashboardStatistics, monthlyStatistics, periodStatistics, serverToday } from './service.ts'

/** SPEC 7's statistics calls of a host: the dashboard's, and one property's (404 unless theirs). */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser)
  const dashboardBody = createDashboardStatistics(app.db)

  app.get(
    '/dashboard/statistics',
    { schema: { response: { 200: DashboardStatistics } } },
    async (request, reply) =>
      sendBody(request, reply, await dashboardBody(currentUser(request), serverToday()), JSON_TYPE),
  )

  app.get(
    '/dashboard/statistics/monthly',
    { schema: { response: { 200: MonthlyStatistics } } },
    async (request) => monthlyStatistics(app.db, currentUser(request).id, serverToday()),
  )

  app.get(
    '/property/:id/statistics',
    { schema: { params: PropertyParams, response: { 200: PeriodStatistics } } },
    async (request) =>
      periodStatistics(app.db, currentUser(request).id, request.params.id, periodOf({}, serverToday())),
  )

  app.get(
    '/property/:id/statistics/period',
    { schema: { params: PropertyParams, querystring: PeriodQuery, response: { 200: PeriodStatistics } } },
    async (request) =>
      periodStatistics(
        app.db,
        currentUser(request).id,
        request.params.id,
        periodOf(request.query, serverToday()),
      ),
  )
}
