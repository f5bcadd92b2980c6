import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'
import { currentUser } from '../auth/session.ts'

/**
 * Manual stays and blocks, `POST|PATCH|DELETE /property/{id}/stay[/{stayId}]`; and
 * `GET /stay/search?q=`, the owner's stays by guest, reservation code or phone's last digits.
 */
export const stayRoutes: FastifyPluginAsyncZod = async (app) => {
  const ownerOf = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id

  app.route({
    ...contract.stay.search,
    handler: async (request) => app.stays.search(ownerOf(request), request.query.q),
  })

  app.route({
    ...contract.stay.create,
    handler: async (request, reply) =>
      reply.code(201).send(await app.stays.create(ownerOf(request), request.params.id, request.body)),
  })

  app.route({
    ...contract.stay.update,
    handler: async (request) =>
      app.stays.update(ownerOf(request), request.params.id, request.params.stayId, request.body),
  })

  app.route({
    ...contract.stay.remove,
    handler: async (request, reply) => {
      await app.stays.remove(ownerOf(request), request.params.id, request.params.stayId)
      return reply.code(204).send()
    },
  })
}
