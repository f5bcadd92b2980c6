import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { currentUser, requireUser } from '../auth/session.ts'
import { Profile, toProfile } from './schemas.ts'

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser)

  app.get('/user/profile', { schema: { response: { 200: Profile } } }, async (request) =>
    toProfile(currentUser(request)),
  )
}
