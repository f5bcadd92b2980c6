import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { currentUser } from '../auth/session.ts'
import { z } from 'zod'
import {
  ManualStay,
  ManualStayBody,
  ManualStayPatch,
  StayParams,
  StayPropertyParams,
  StaySearchHit,
  StaySearchQuery,
} from './schemas.ts'
import { searchStays } from './search.ts'
import { createStayService } from './service.ts'

/**
 * Manual stays and blocks, `POST|PATCH|DELETE /property/{id}/stay[/{stayId}]`; and
 * `GET /stay/search?q=`, the owner's stays by guest, reservation code or phone's last digits.
 */
export const stayRoutes: FastifyPluginAsyncZod = async (app) => {
  const stays = createStayService(app.db)
  const ownerOf = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id

  app.get(
    '/stay/search',
    { schema: { querystring: StaySearchQuery, response: { 200: z.array(StaySearchHit) } } },
    async (request) => searchStays(app.db, ownerOf(request), request.query.q),
  )

  app.post(
    '/property/:id/stay',
    { schema: { params: StayPropertyParams, body: ManualStayBody, response: { 201: ManualStay } } },
    async (request, reply) =>
      reply.code(201).send(await stays.create(ownerOf(request), request.params.id, request.body)),
  )

  app.patch(
    '/property/:id/stay/:stayId',
    { schema: { params: StayParams, body: ManualStayPatch, response: { 200: ManualStay } } },
    async (request) => stays.update(ownerOf(request), request.params.id, request.params.stayId, request.body),
  )

  app.delete('/property/:id/stay/:stayId', { schema: { params: StayParams } }, async (request, reply) => {
    await stays.remove(ownerOf(request), request.params.id, request.params.stayId)
    return reply.code(204).send()
  })
}
