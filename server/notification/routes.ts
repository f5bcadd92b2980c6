import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { currentUser, SESSION_COOKIE, sha256 } from '../auth/session.ts'
import { Notification, NotificationParams } from './schemas.ts'
import { listNotifications, markRead } from './service.ts'

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/notification/list', { schema: { response: { 200: z.array(Notification) } } }, async (request) =>
    listNotifications(app.db, currentUser(request).id),
  )

  app.post(
    '/notification/:id/read',
    { schema: { params: NotificationParams, response: { 200: Notification } } },
    async (request) => markRead(app.db, currentUser(request).id, request.params.id),
  )

  /**
   * The live stream (docs/product.md §12.2): `event: notification` with the JSON of each new
   * notification of the signed-in user, and a `: heartbeat` comment every 25 s. The stream ends
   * when its session does.
   */
  app.get('/notification/sse', { schema: { hide: true } }, async (request, reply) => {
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
  })
}
