import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'
import { currentUser } from '../auth/session.ts'
import { listGuests } from './service.ts'

export const guestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract.guest.list,
    handler: async (request) => listGuests(app.db, currentUser(request)),
  })
}
