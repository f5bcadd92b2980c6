import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notFound } from '../errors.ts'
import { sendBody } from '../db/stampedCache.ts'
import { createExportFeeds } from './service.ts'

const FeedParams = z.object({ file: z.string().max(200) })

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * DESIGN 5: `/api/calendar/{token}.ics`, readable without a session so that platforms can
   * import it; the token is the only key. An ETag lets pollers skip an unchanged feed.
   */
  const exportFeed = createExportFeeds(app.db, app.clock)

  app.get('/calendar/:file', { schema: { params: FeedParams } }, async (request, reply) => {
    const feed = await exportFeed(request.params.file.replace(/\.ics$/i, ''))
    if (feed === null) throw notFound()
    reply.header('etag', feed.etag).header('cache-control', 'private, no-cache')
    if (request.headers['if-none-match'] === feed.etag) return reply.code(304).send()
    return sendBody(request, reply, feed.body, 'text/calendar; charset=utf-8')
  })
}
