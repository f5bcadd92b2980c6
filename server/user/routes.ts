import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contract } from '../../contract/index.ts'
import { currentUser } from '../auth/session.ts'
import { languageOf, translatorFor } from '../i18n.ts'
import { toProfile } from './profile.ts'

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app
  // Mail that must not change how long the answer takes; awaited when the app closes.
  const background = new Set<Promise<void>>()
  app.addHook('onClose', async () => void (await Promise.allSettled(background)))

  app.route({ ...contract.user.profile, handler: async (request) => toProfile(app.db, currentUser(request)) })

  app.route({
    ...contract.user.updateProfile,
    handler: async (request, reply) => {
      const user = currentUser(request)
      // Only a new address sends mail, so only that counts against the mail limit.
      if (request.body.email !== undefined && request.body.email !== user.email)
        await app.rateLimits.mailPerAccount(request, reply)
      const saved = await users.updateProfile(user, request.body)
      const { pendingEmail } = saved
      if (pendingEmail) {
        const task = users
          .startEmailChange(user, pendingEmail, languageOf(request))
          .catch((error: unknown) => request.log.error({ err: error }, 'mailing an e-mail change failed'))
        background.add(task)
        void task.finally(() => background.delete(task))
      }
      return { ...(await toProfile(app.db, saved.user)), pendingEmail }
    },
  })

  app.route({
    ...contract.user.deleteAccount,
    handler: async (request, reply) => {
      await users.deleteAccount(currentUser(request))
      await app.auth.endSession(request, reply)
      return { message: translatorFor(languageOf(request))('api.accountDeleted') }
    },
  })

  app.route({
    ...contract.user.confirmEmail,
    handler: async (request) =>
      toProfile(app.db, await users.confirmEmailChange(currentUser(request), request.body.code)),
  })

  app.route({
    ...contract.user.sendTwofactorCode,
    preHandler: app.rateLimits.mailPerAccount,
    handler: async (request) => {
      const language = languageOf(request)
      await users.sendTwofactorCode(currentUser(request), language)
      return { message: translatorFor(language)('api.codeSent') }
    },
  })

  app.route({
    ...contract.user.toggleTwofactor,
    handler: async (request) => {
      const twofactorMode = await users.toggleTwofactor(currentUser(request), request.body.code)
      const t = translatorFor(languageOf(request))
      return { twofactorMode, message: t(twofactorMode ? 'api.twofactorEnabled' : 'api.twofactorDisabled') }
    },
  })

  app.route({
    ...contract.user.setNotifications,
    handler: async (request) => users.setNotifications(currentUser(request), request.body),
  })
}
