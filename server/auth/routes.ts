import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'
import { HttpError } from '../errors.ts'
import { languageOf, translatorFor } from '../i18n.ts'
import { toProfile } from '../user/profile.ts'
import type { SignInAttempt } from './signInThrottle.ts'

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, users } = app
  const limits = app.rateLimits
  app.addHook('onRequest', limits.perIp)

  // Work that must not change how long the answer takes; awaited when the app closes.
  const background = new Set<Promise<void>>()
  app.addHook('onClose', async () => void (await Promise.allSettled(background)))

  /**
   * A password guess behind the sign-in throttle (docs/product.md §13.2): its tries are taken first and given
   * back when it turns out right; a failure of the server's own does not count either.
   */
  async function guessed<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
    check: (attempt: SignInAttempt) => Promise<T>,
  ): Promise<T> {
    const attempt = await limits.signIn.begin(request, reply, email)
    try {
      const result = await check(attempt)
      await limits.signIn.succeeded(attempt)
      return result
    } catch (error) {
      if (!(error instanceof HttpError)) await limits.signIn.abandoned(attempt)
      throw error
    }
  }

  app.route({
    ...contract.auth.sendRegistrationCode,
    preHandler: [limits.registrationCodesPerIp, limits.registrationCodesPerAddress, limits.mailPerAddress],
    handler: async (request) => {
      const language = languageOf(request)
      await auth.sendRegistrationCode(request.body.email, language)
      return { message: translatorFor(language)('api.codeSent') }
    },
  })

  app.route({
    ...contract.auth.register,
    preHandler: limits.signInPerAddress,
    handler: async (request, reply) => {
      const user = await auth.register({ ...request.body, language: languageOf(request) })
      await auth.rotateSession(request, reply, user.id)
      return { user: await toProfile(app.db, user) }
    },
  })

  app.route({
    ...contract.auth.login,
    handler: async (request, reply) => {
      const { tfaCode, ...credentials } = request.body
      const user = await guessed(request, reply, credentials.email, async (attempt) => {
        const signedIn = await auth.signIn({
          ...credentials,
          tfaCode,
          ip: request.ip,
          language: languageOf(request),
        })
        await limits.signIn.trust(request, reply, signedIn.id, attempt)
        return signedIn
      })
      await auth.rotateSession(request, reply, user.id)
      return { user: await toProfile(app.db, user) }
    },
  })

  app.route({
    ...contract.auth.sendLoginCode,
    handler: async (request, reply) => {
      const language = languageOf(request)
      // A password check like sign-in's; only the right password counts against the mail limit,
      // so that nobody else can use it up for the owner.
      const user = await guessed(request, reply, request.body.email, () =>
        auth.checkCredentials(request.body),
      )
      await limits.mailPerAddress(request, reply)
      await auth.sendLoginCode(user, language)
      return { message: translatorFor(language)('api.codeSent') }
    },
  })

  app.route({
    ...contract.auth.logout,
    handler: async (request, reply) => {
      await auth.endSession(request, reply)
      return { message: translatorFor(languageOf(request))('api.signedOut') }
    },
  })

  app.route({
    ...contract.auth.sendResetLink,
    preHandler: limits.mailPerAddress,
    handler: async (request) => {
      const language = languageOf(request)
      // Known or unknown address, the same answer at the same speed: the work runs afterwards.
      const task = auth
        .sendResetLink(request.body.email, language)
        .catch((error: unknown) => request.log.error({ err: error }, 'sending a reset link failed'))
      background.add(task)
      void task.finally(() => background.delete(task))
      return { message: translatorFor(language)('api.resetLinkSent') }
    },
  })

  /**
   * The link mailed to the old address when the address changes (docs/product.md §4.4). It takes the change
   * back and signs every session out; the secret travels in the body, never in a logged path.
   */
  app.route({
    ...contract.auth.cancelEmailChange,
    handler: async (request) => {
      await users.cancelEmailChange(request.body.token)
      return { message: translatorFor(languageOf(request))('api.emailChangeCancelled') }
    },
  })

  app.route({
    ...contract.auth.changePassword,
    handler: async (request) => {
      await auth.resetPassword({ token: request.params.token, ...request.body, ip: request.ip })
      return { message: translatorFor(languageOf(request))('api.passwordChanged') }
    },
  })
}
