import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'
import { currentUser, SESSION_COOKIE, sha256 } from '../auth/session.ts'
import { listNotifications, markRead } from './service.ts'

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract.notification.list,
    handler: async (request) => listNotifications(app.db, currentUser(request).id),
  })

  app.route({
    ...contract.notification.markRead,
    handler: async (request) => markRead(app.db, currentUser(request).id, request.params.id),
  })

  /**
   * The live stream (docs/product.md §12.2): `event: notification` with the JSON of each new
   * notification of the signed-in user, and a `: heartbeat` comment every 25 s. The stream ends
   * when its session does.
   */
  app.route({
    ...contract.notification.stream,
    handler: async (request, reply) => {
      const user = currentUser(request)
      const sessionId = request.cookies[SESSION_COOKIE] ?? ''
      reply.hijack()
      const response = reply.raw
      // The security headers other hooks set on the reply, which hijacking would otherwise drop.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) response.setHeader(name, value)
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Reverse proxies (nginx) would otherwise hold events back in their buffers.
        'x-accel-buffering': 'no',
      })
      response.write(': connected\n\n')
      app.notifications.hub.add({ userId: user.id, sessionHash: sha256(sessionId), response })
    },
  })
}
