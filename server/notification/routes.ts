import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'
import { currentUser, SESSION_COOKIE, sha256 } from '../auth/session.ts'
import { HttpError } from '../errors.ts'
import { STREAM_RETRY_AFTER_SECONDS } from './hub.ts'

const REFUSAL_MESSAGES = {
  account: 'errors.stream.accountFull',
  process: 'errors.stream.serverFull',
} as const

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract.notification.list,
    handler: async (request) => app.notifications.list(currentUser(request).id),
  })

  app.route({
    ...contract.notification.markRead,
    handler: async (request) => app.notifications.markRead(currentUser(request).id, request.params.id),
  })

  /**
   * The live stream (docs/product.md §12.2): `event: notification` with the JSON of each new
   * notification of the signed-in user, and a `: heartbeat` comment every 25 s. The stream ends
   * when its session does. A session's stream past its share replaces the session's oldest; past
   * the account's share or the process's, it is a 429 with `Retry-After` (hub.ts).
   */
  app.route({
    ...contract.notification.stream,
    handler: async (request, reply) => {
      const user = currentUser(request)
      const sessionHash = sha256(request.cookies[SESSION_COOKIE] ?? '')
      const refusal = app.notifications.hub.makeRoom(user.id, sessionHash)
      if (refusal !== null) {
        reply.header('retry-after', STREAM_RETRY_AFTER_SECONDS)
        throw new HttpError(429, REFUSAL_MESSAGES[refusal])
      }
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
      app.notifications.hub.add({ userId: user.id, sessionHash, response })
    },
  })
}
