import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import cookie from '@fastify/cookie'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import type { DatabaseHandle, Db } from './db/database.ts'
import { HttpError, refuseNulCharacters } from './errors.ts'
import { languageOf, translatorFor } from './i18n.ts'
import { adminRoutes } from './admin/routes.ts'
import { authRoutes } from './auth/routes.ts'
import { calendarRoutes } from './calendar/routes.ts'
import { installNotifications } from './notification/hub.ts'
import { notificationRoutes } from './notification/routes.ts'
import { installSync } from './sync/scheduler.ts'
import { syncRoutes } from './sync/routes.ts'
import {
  createRateLimiters,
  DEFAULT_RATE_LIMITS,
  type RateLimiters,
  type RateLimitSettings,
} from './auth/rateLimits.ts'
import { createMailer, type Mailer } from './mail/mailer.ts'
import { guestRoutes } from './guest/routes.ts'
import { healthRoutes } from './health/routes.ts'
import { serveUploads } from './property/images.ts'
import { propertyRoutes } from './property/routes.ts'
import { userRoutes } from './user/routes.ts'
import { statisticsRoutes } from './statistics/routes.ts'
import { installSecurityHeaders } from './web/securityHeaders.ts'
import { stayRoutes } from './stay/routes.ts'
import { registerSpa } from './web/spa.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    database: DatabaseHandle
    db: Db
    mailer: Mailer
    rateLimits: RateLimiters
  }
}

export type AppDeps = {
  config: Config
  database: DatabaseHandle
  /** Where the built SPA lives; defaults to the repository's dist/. */
  distDir?: string
  logger?: FastifyServerOptions['logger']
  /** Defaults to nodemailer over SMTP_URL, or the log when it is unset. */
  mailer?: Mailer
  /** Defaults to DEFAULT_RATE_LIMITS; tests loosen or tighten them. */
  rateLimits?: RateLimitSettings
}

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Names the offending field of a schema failure, e.g. "email: Invalid email address". */
function validationMessage(error: FastifyError): { field: string; detail: string } {
  const first = error.validation?.[0] as { instancePath?: string; message?: string } | undefined
  const field =
    first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body'
  return { field, detail: first?.message ?? 'Invalid input' }
}

/** Every failure as `{message}`: the routes' errors, and the router's own (a malformed URL). */
function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const t = translatorFor(languageOf(request))
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.code(400).send({ message: t('errors.invalidField', validationMessage(error)) })
  }
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).send({ message: t(error.messageKey, error.params) })
  }
  const status = error.statusCode ?? 500
  if (status === 429) return reply.code(429).send({ message: t('errors.tooManyRequests') })
  if (status < 500) return reply.code(status).send({ message: error.message })
  request.log.error({ err: error }, 'unexpected error')
  return reply.code(500).send({ message: t('errors.unexpected') })
}

/** An empty JSON body (a bodyless POST from the client) reads as no body instead of failing. */
function installJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser(['application/json', 'text/plain'])
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined)
    parseJson(request, body.toString(), done)
  })
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel, redact: ['req.headers.cookie'] },
    trustProxy: false,
    bodyLimit: 1024 * 1024,
    frameworkErrors: sendError,
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('config', deps.config)
  app.decorate('database', deps.database)
  app.decorate('db', deps.database.db)
  app.decorate('mailer', deps.mailer ?? createMailer(deps.config, app.log))
  app.setErrorHandler(sendError)
  app.addHook('preValidation', async (request) => {
    refuseNulCharacters(request.params, '')
    refuseNulCharacters(request.query, '')
    refuseNulCharacters(request.body, '')
  })
  installJsonParser(app)

  app.decorateRequest('user', null)
  await app.register(cookie)
  await app.register(rateLimit, { global: false })
  app.decorate('rateLimits', createRateLimiters(app, deps.rateLimits ?? DEFAULT_RATE_LIMITS))
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
      },
    },
  })
  await app.register(swagger, {
    openapi: { info: { title: 'Manzil API', version: '1' } },
    transform: jsonSchemaTransform,
  })
  installNotifications(app)
  installSync(app)

  await app.register(
    async (api) => {
      await api.register(healthRoutes)
      await api.register(authRoutes)
      await api.register(userRoutes)
      const onCalendarsChanged = async (calendarIds: string[]) =>
        void (await app.syncCalendarsNow(calendarIds))
      await api.register(propertyRoutes, { onCalendarsChanged })
      await api.register(statisticsRoutes)
      await api.register(adminRoutes, { onCalendarsChanged })
      await api.register(guestRoutes)
      await api.register(notificationRoutes)
      await api.register(syncRoutes)
      await api.register(calendarRoutes)
      await api.register(stayRoutes)
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger())
    },
    { prefix: '/api' },
  )

  await serveUploads(app)
  await registerSpa(app, deps.distDir ?? path.join(repositoryRoot, 'dist'))
  app.addHook('onClose', async () => deps.database.close())
  return app
}
