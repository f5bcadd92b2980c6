import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { recordAudit } from '../audit/service.ts'
import { toProfile } from '../user/schemas.ts'
import { LoginBody, MessageResponse, UserResponse } from './schemas.ts'
import { checkCredentials } from './service.ts'
import { endSession, startSession } from './session.ts'

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    { schema: { body: LoginBody, response: { 200: UserResponse } } },
    async (request, reply) => {
      const user = await checkCredentials(app.db, { ...request.body, ip: request.ip })
      await startSession(app, reply, user.id)
      await recordAudit(app.db, {
        kind: 'auth.sign-in',
        message: `${user.email} signed in`,
        actorId: user.id,
        ip: request.ip,
      })
      return { user: toProfile(user) }
    },
  )

  app.post('/auth/logout', { schema: { response: { 200: MessageResponse } } }, async (request, reply) => {
    await endSession(app, request, reply)
    return { message: 'Signed out' }
  })
}
