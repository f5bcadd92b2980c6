import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { MessageResponse } from '../auth/schemas.ts'
import { currentUser, endSession } from '../auth/session.ts'
import { languageOf, translatorFor } from '../i18n.ts'
import {
  CodeBody,
  NotificationsBody,
  NotificationsResponse,
  OwnProfileUpdateBody,
  Profile,
  ProfileUpdateResponse,
  toProfile,
  TwofactorResponse,
} from './schemas.ts'
import {
  confirmEmailChange,
  deleteAccount,
  sendTwofactorCode,
  setNotifications,
  toggleTwofactor,
  updateProfile,
} from './service.ts'
import { startEmailChange } from './emailChange.ts'

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // Mail that must not change how long the answer takes; awaited when the app closes.
  const background = new Set<Promise<void>>()
  app.addHook('onClose', async () => void (await Promise.allSettled(background)))

  app.get('/user/profile', { schema: { response: { 200: Profile } } }, async (request) =>
    toProfile(currentUser(request)),
  )

  app.patch(
    '/user/profile',
    { schema: { body: OwnProfileUpdateBody, response: { 200: ProfileUpdateResponse } } },
    async (request, reply) => {
      const user = currentUser(request)
      // Only a new address sends mail, so only that counts against the mail limit.
      if (request.body.email !== undefined && request.body.email !== user.email)
        await app.rateLimits.mailPerAccount(request, reply)
      const saved = await updateProfile(app.db, user, request.body)
      const { pendingEmail } = saved
      if (pendingEmail) {
        const task = startEmailChange(app, user, pendingEmail, languageOf(request)).catch((error: unknown) =>
          request.log.error({ err: error }, 'mailing an e-mail change failed'),
        )
        background.add(task)
        void task.finally(() => background.delete(task))
      }
      return { ...toProfile(saved.user), pendingEmail }
    },
  )

  app.delete('/user/profile', { schema: { response: { 200: MessageResponse } } }, async (request, reply) => {
    await deleteAccount(app.database, app.properties, currentUser(request))
    await endSession(app, request, reply)
    return { message: translatorFor(languageOf(request))('api.accountDeleted') }
  })

  app.post(
    '/user/email/confirm',
    { schema: { body: CodeBody, response: { 200: Profile } } },
    async (request) => toProfile(await confirmEmailChange(app.db, currentUser(request), request.body.code)),
  )

  app.post(
    '/user/tfa/send-code',
    { schema: { response: { 200: MessageResponse } }, preHandler: app.rateLimits.mailPerAccount },
    async (request) => {
      const language = languageOf(request)
      await sendTwofactorCode(app, currentUser(request), language)
      return { message: translatorFor(language)('api.codeSent') }
    },
  )

  app.post(
    '/user/tfa/toggle',
    { schema: { body: CodeBody, response: { 200: TwofactorResponse } } },
    async (request) => {
      const twofactorMode = await toggleTwofactor(app.db, currentUser(request), request.body.code)
      const t = translatorFor(languageOf(request))
      return { twofactorMode, message: t(twofactorMode ? 'api.twofactorEnabled' : 'api.twofactorDisabled') }
    },
  )

  app.post(
    '/user/toggle-notifications',
    { schema: { body: NotificationsBody, response: { 200: NotificationsResponse } } },
    async (request) => ({
      enabled: await setNotifications(app.db, currentUser(request), request.body.enabled),
    }),
  )
}
