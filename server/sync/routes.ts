import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'
import { currentUser } from '../auth/session.ts'
import { languageOf, translatorFor } from '../i18n.ts'
import { limitSyncNow } from './syncNowLimit.ts'

export const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * "Sync now": fetches the caller's calendars at once and answers when they are done
   * (each fetch is bounded by 10 s); new bookings arrive as notifications on the stream.
   * At most once a minute per account: sooner is a 429 with `Retry-After` (syncNowLimit.ts).
   * Feeds paused for failing their budgets are tried again.
   */
  app.route({
    ...contract.sync.now,
    preHandler: limitSyncNow,
    handler: async (request) => {
      const outcomes = await app.sync.syncOwnerNow(currentUser(request).id)
      const failed = outcomes.filter((outcome) => outcome.result === 'failed').length
      const synced = outcomes.filter(
        (outcome) => outcome.result === 'imported' || outcome.result === 'unchanged',
      ).length
      return {
        message: translatorFor(languageOf(request))('sync.triggered', { count: synced }),
        synced,
        failed,
      }
    },
  })
}
