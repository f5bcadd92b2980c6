import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'
import { notFound } from '../errors.ts'

const digest = (text: string) => createHash('sha256').update(text).digest()

/** `Authorization: Bearer <token>`, compared in constant time (digests of equal length). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1] ?? ''
  return timingSafeEqual(digest(presented), digest(token))
}

/**
 * `GET /metrics`: Prometheus text for the operator's scraper. Without METRICS_TOKEN, and to any
 * caller without it, the route does not exist (404): a wrong token learns nothing, not even that
 * metrics are served here (docs/decisions.md).
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const token = app.config.metricsToken
  app.route({
    ...contract.metrics.scrape,
    handler: async (request, reply) => {
      if (token === undefined || !bearerMatches(request.headers.authorization, token)) throw notFound()
      const text = await app.metrics.text()
      return reply
        .header('content-type', app.metrics.contentType)
        .header('cache-control', 'no-store')
        .send(text)
    },
  })
}
