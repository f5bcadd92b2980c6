import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'
import { notFound } from '../errors.ts'
import { createMetricsService, type Metrics } from './service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
}

/**
 * Decorates the root app with its metrics (the sync and the notification hub report to them) and
 * times every answer by its route pattern, never its URL: `/api/property/:id`, one series however
 * many properties. A request no route matched is `unmatched`.
 */
export function installMetrics(app: FastifyInstance) {
  const metrics = createMetricsService({
    db: app.db,
    openStreams: () => app.notifications.hub.openStreams(),
    onCollectError: (error) => app.log.error({ err: error }, 'metrics: could not read the feeds'),
    processMetrics: app.config.metricsToken !== undefined,
  })
  app.decorate('metrics', metrics)
  // A callback hook: no promise per request on the hot path.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requestAnswered(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    )
    done()
  })
}

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
