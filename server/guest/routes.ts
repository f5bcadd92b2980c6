import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { currentUser } from '../auth/session.ts'
import { Guest } from './schemas.ts'
import { listGuests } from './service.ts'

export const guestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/guest/list', { schema: { response: { 200: z.array(Guest) } } }, async (request) =>
    listGuests(app.db, currentUser(request)),
  )
}
