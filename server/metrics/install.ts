import type { FastifyInstance } from 'fastify'
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
