import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { currentUser, requireUser } from '../auth/session.ts'
import { languageOf, translatorFor } from '../i18n.ts'
import { TriggerResponse } from './schemas.ts'
import { calendarIdsOfOwner } from './service.ts'

export const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser)

  /**
   * SPEC 7 "sync now": fetches the caller's calendars at once and answers when they are done
   * (each fetch is bounded by 10 s); new bookings arrive as notifications on the stream.
   */
  app.post('/notification/trigger', { schema: { response: { 200: TriggerResponse } } }, async (request) => {
    const outcomes = await app.syncCalendarsNow(await calendarIdsOfOwner(app.db, currentUser(request).id))
    const failed = outcomes.filter((outcome) => outcome.result === 'failed').length
    const synced = outcomes.filter(
      (outcome) => outcome.result === 'imported' || outcome.result === 'unchanged',
    ).length
    return {
      message: translatorFor(languageOf(request))('sync.triggered', { count: synced }),
      synced,
      failed,
    }
  })
}
