import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import { contract } from '../../contract/index.ts'
import { currentUser } from '../auth/session.ts'
import type { Actor } from './service.ts'

const actorOf = (request: FastifyRequest): Actor => ({ user: currentUser(request), ip: request.ip })

/**
 * A property's team (docs/product.md §7.13): the owner invites, lists, changes roles and removes;
 * the invited account accepts; a member may leave. Another's property is a 404.
 */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract.team.list,
    handler: async (request) => app.team.list(currentUser(request).id, request.params.id),
  })
  app.route({
    ...contract.team.invite,
    handler: async (request, reply) =>
      reply.code(201).send(await app.team.invite(actorOf(request), request.params.id, request.body)),
  })
  app.route({
    ...contract.team.update,
    handler: async (request) =>
      app.team.setRole(actorOf(request), request.params.id, request.params.memberId, request.body.role),
  })
  app.route({
    ...contract.team.remove,
    handler: async (request, reply) => {
      await app.team.remove(actorOf(request), request.params.id, request.params.memberId)
      return reply.code(204).send()
    },
  })
  app.route({
    ...contract.team.resend,
    handler: async (request) => app.team.resend(actorOf(request), request.params.id, request.params.memberId),
  })
  app.route({
    ...contract.team.accept,
    handler: async (request) => app.team.accept(actorOf(request), request.params.token),
  })
}
