import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'
import { currentUser } from '../auth/session.ts'
import { languageOf, translatorFor } from '../i18n.ts'

/** One's own devices for push alerts (docs/product.md §7.12): the key, subscribing, a test. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract.push.key,
    handler: async () => ({ publicKey: (await app.push.keys()).publicKey }),
  })
  app.route({
    ...contract.push.subscribe,
    handler: async (request) =>
      app.push.devices.subscribe(currentUser(request).id, request.body, request.headers['user-agent']),
  })
  app.route({
    ...contract.push.devices,
    handler: async (request) =>
      app.push.devices.list(currentUser(request).id, translatorFor(languageOf(request))),
  })
  app.route({
    ...contract.push.unsubscribe,
    handler: async (request, reply) => {
      await app.push.devices.remove(currentUser(request).id, request.params.id)
      return reply.code(204).send()
    },
  })
  app.route({
    ...contract.push.test,
    handler: async (request) => {
      const user = currentUser(request)
      return { sent: await app.push.sender.sendTest(user.id, user.language) }
    },
  })
}
