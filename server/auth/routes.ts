import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { languageOf, translatorFor } from '../i18n.ts'
import { toProfile, UserResponse } from '../user/schemas.ts'
import {
  CredentialsBody,
  EmailBody,
  LoginBody,
  MessageResponse,
  NewPasswordBody,
  RegisterBody,
  ResetParams,
} from './schemas.ts'
import {
  register,
  resetPassword,
  sendLoginCode,
  sendRegistrationCode,
  sendResetLink,
  signIn,
} from './service.ts'
import { endSession, rotateSession } from './session.ts'

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.rateLimits
  app.addHook('onRequest', limits.perIp)

  // Work that must not change how long the answer takes; awaited when the app closes.
  const background = new Set<Promise<void>>()
  app.addHook('onClose', async () => void (await Promise.allSettled(background)))

  app.post(
    '/auth/register/send-code',
    { schema: { body: EmailBody, response: { 200: MessageResponse } }, preHandler: limits.mailPerAddress },
    async (request) => {
      const language = languageOf(request)
      await sendRegistrationCode(app, request.body.email, language)
      return { message: translatorFor(language)('api.codeSent') }
    },
  )

  app.post(
    '/auth/register',
    { schema: { body: RegisterBody, response: { 200: UserResponse } }, preHandler: limits.signInPerAddress },
    async (request, reply) => {
      const user = await register(app.db, request.body)
      await rotateSession(app, request, reply, user.id)
      return { user: toProfile(user) }
    },
  )

  app.post(
    '/auth/login',
    { schema: { body: LoginBody, response: { 200: UserResponse } }, preHandler: limits.signInPerAddress },
    async (request, reply) => {
      const { tfaCode, ...credentials } = request.body
      const user = await signIn(app.db, { ...credentials, tfaCode, ip: request.ip })
      await rotateSession(app, request, reply, user.id)
      return { user: toProfile(user) }
    },
  )

  app.post(
    '/auth/tfa/send-code',
    {
      schema: { body: CredentialsBody, response: { 200: MessageResponse } },
      preHandler: limits.mailPerAddress,
    },
    async (request) => {
      const language = languageOf(request)
      await sendLoginCode(app, request.body, language)
      return { message: translatorFor(language)('api.codeSent') }
    },
  )

  app.post('/auth/logout', { schema: { response: { 200: MessageResponse } } }, async (request, reply) => {
    await endSession(app, request, reply)
    return { message: translatorFor(languageOf(request))('api.signedOut') }
  })

  app.post(
    '/auth/forgot-password/send-link',
    { schema: { body: EmailBody, response: { 200: MessageResponse } }, preHandler: limits.mailPerAddress },
    async (request) => {
      const language = languageOf(request)
      // Known or unknown address, the same answer at the same speed: the work runs afterwards.
      const task = sendResetLink(app, request.body.email, language).catch((error: unknown) =>
        request.log.error({ err: error }, 'sending a reset link failed'),
      )
      background.add(task)
      void task.finally(() => background.delete(task))
      return { message: translatorFor(language)('api.resetLinkSent') }
    },
  )

  app.post(
    '/auth/forgot-password/change/:token',
    { schema: { params: ResetParams, body: NewPasswordBody, response: { 200: MessageResponse } } },
    async (request) => {
      await resetPassword(app.db, { token: request.params.token, ...request.body, ip: request.ip })
      return { message: translatorFor(languageOf(request))('api.passwordChanged') }
    },
  )
}
