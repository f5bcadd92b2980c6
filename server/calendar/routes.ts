import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sha256 } from '../auth/session.ts'
import { notFound } from '../errors.ts'
import { exportFeed } from './service.ts'

const FeedParams = z.object({ file: z.string().max(200) })

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * DESIGN 5: `/api/calendar/{token}.ics`, readable without a session so that platforms can
   * import it; the token is the only key. An ETag lets pollers skip an unchanged feed.
   */
  app.get('/calendar/:file', { schema: { params: FeedParams } }, async (request, reply) => {
    const text = await exportFeed(app.db, request.params.file.replace(/\.ics$/i, ''))
    if (text === null) throw notFound()
    const etag = `"${sha256(text).slice(0, 32)}"`
    reply.header('etag', etag).header('cache-control', 'private, no-cache')
    if (request.headers['if-none-match'] === etag) return reply.code(304).send()
    return reply.type('text/calendar; charset=utf-8').send(text)
  })
}
