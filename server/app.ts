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
import type { DestinationStream } from 'pino'
import type { Config, TrustProxy } from './config.ts'
import type { DatabaseHandle, Db } from './db/database.ts'
import { badRequest, HttpError, nulCharacterAt, refuseNulCharacters } from './errors.ts'
import { languageOf, translatorFor } from './i18n.ts'
import { contract } from '../contract/index.ts'
import { API_PREFIX } from '../contract/paths.ts'
import type { Translate } from '../src/domain/translator.ts'
import { loggerOptions, requestLogController } from './logging.ts'
import { exceedsJsonDepth, MAX_JSON_DEPTH } from './web/jsonDepth.ts'
import { installSameOriginWrites } from './web/sameOrigin.ts'
import { invalidBody } from './web/validationErrors.ts'
import { adminRoutes } from './admin/routes.ts'
import { authRoutes } from './auth/routes.ts'
import { authenticate } from './auth/session.ts'
import { calendarRoutes } from './calendar/routes.ts'
import { notificationRoutes } from './notification/routes.ts'
import { syncRoutes } from './sync/routes.ts'
import { importRoutes } from './imports/routes.ts'
import { turnoverRoutes } from './turnover/routes.ts'
import { pushRoutes } from './push/routes.ts'
import { teamRoutes } from './team/routes.ts'
import type { PushTuning } from './push/sender.ts'
import {
  createRateLimiters,
  DEFAULT_RATE_LIMITS,
  type RateLimiters,
  type RateLimitSettings,
} from './auth/rateLimits.ts'
import { createMailer, type Mailer } from './mail/mailer.ts'
import { guestRoutes } from './guest/routes.ts'
import { healthRoutes } from './health/routes.ts'
import { metricsRoutes } from './metrics/routes.ts'
import { serveUploads } from './property/images.ts'
import { propertyRoutes } from './property/routes.ts'
import { userRoutes } from './user/routes.ts'
import { statisticsRoutes } from './statistics/routes.ts'
import { installSecurityHeaders } from './web/securityHeaders.ts'
import { stayRoutes } from './stay/routes.ts'
import { registerSpa } from './web/spa.ts'
import { installServices } from './services.ts'
import { inlineScriptHashes } from './web/inlineScripts.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    database: DatabaseHandle
    db: Db
    mailer: Mailer
    rateLimits: RateLimiters
    /** The server's time: when a feed is fetched or served. Tests of the echo rule move it by hours. */
    clock: () => Date
  }
}

export type AppDeps = {
  config: Config
  database: DatabaseHandle
  /** Where the built SPA lives; defaults to the repository's dist/. */
  distDir?: string
  logger?: FastifyServerOptions['logger']
  /** Where the default logger writes (stdout when unset); tests read the log through it. */
  logStream?: DestinationStream
  /** Defaults to nodemailer over SMTP_URL, or the log when it is unset. */
  mailer?: Mailer
  /** Defaults to DEFAULT_RATE_LIMITS; tests loosen or tighten them. */
  rateLimits?: RateLimitSettings
  /** Defaults to the system's clock. */
  clock?: () => Date
  /**
   * Whether platforms' fetches of their availability feeds are recorded: always but in
   * `bench:api`, which measures the feed route without it beside the same route with it.
   */
  recordFeedFetches?: boolean
  /** How pushes are sent; tests shorten the deadline and the waits between tries. */
  push?: Partial<PushTuning>
}

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * A schema failure: a body's names its fields; a path's or a query string's is a bad address,
 * since no form fills those in.
 */
function schemaFailure(error: FastifyError): HttpError {
  if (error.validationContext === 'body') {
    const issues = (error.validation ?? []).map((item) => ({
      path: (item.instancePath ?? '').split('/').filter(Boolean),
      message: item.message ?? '',
    }))
    return invalidBody(issues)
  }
  return badRequest(error.validationContext === 'headers' ? 'errors.badRequest' : 'errors.badUrl')
}

/** Fastify's own refusals of a request it could not read, by code, in the reader's language. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'errors.body.invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'errors.body.invalidJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'errors.body.tooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'errors.body.unsupportedType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'errors.body.invalid',
  FST_ERR_CTP_INVALID_TYPE: 'errors.body.unsupportedType',
  FST_ERR_BAD_URL: 'errors.badUrl',
  FST_ERR_ASYNC_CONSTRAINT: 'errors.badUrl',
}
const STATUS_MESSAGES: Record<number, string> = {
  401: 'errors.notSignedIn',
  403: 'errors.forbidden',
  404: 'errors.notFound',
  413: 'errors.body.tooLarge',
  415: 'errors.body.unsupportedType',
}

/** A refusal in the reader's language: `{message}`, and `{fields: {name: message}}` when it blames fields. */
function sendHttpError(error: HttpError, t: Translate, reply: FastifyReply) {
  const fields: Record<string, string> = {}
  for (const problem of error.problems) fields[problem.field] ??= t(problem.key, problem.params)
  const message = t(error.messageKey, error.params)
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', error.retryAfterSeconds)
  return reply.code(error.statusCode).send(error.problems.length > 0 ? { message, fields } : { message })
}

/** Every failure as `{message}`: the routes' errors, and the router's own (a malformed URL). */
function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const t = translatorFor(languageOf(request))
  if (hasZodFastifySchemaValidationErrors(error)) return sendHttpError(schemaFailure(error), t, reply)
  if (error instanceof HttpError) return sendHttpError(error, t, reply)
  const status = error.statusCode ?? 500
  if (status === 429) return reply.code(429).send({ message: t('errors.tooManyRequests') })
  // Any other refusal of the framework's or a plugin's: its status, and words the reader reads.
  if (status < 500)
    return reply
      .code(status)
      .send({ message: t(FRAMEWORK_MESSAGES[error.code] ?? STATUS_MESSAGES[status] ?? 'errors.badRequest') })
  request.log.error({ err: error }, 'unexpected error')
  return reply.code(500).send({ message: t('errors.unexpected') })
}

/**
 * An empty JSON body (a bodyless POST from the client) reads as no body instead of failing. A
 * body nested deeper than MAX_JSON_DEPTH is refused before it is parsed (5,000 levels once
 * answered 500); every refusal is a 400 in the reader's language.
 */
function installJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser(['application/json', 'text/plain'])
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString()
    if (text === '') return done(null, undefined)
    if (exceedsJsonDepth(text, MAX_JSON_DEPTH))
      return done(badRequest('errors.body.tooDeep', { max: MAX_JSON_DEPTH }), undefined)
    parseJson(request, text, (error, value) =>
      error ? done(badRequest('errors.body.invalidJson'), undefined) : done(null, value),
    )
  })
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify believes no hop at all for a bare number, so a hop
 * count becomes a function that believes that many hops nearest the server, as the count means.
 */
function trustProxyOption(setting: TrustProxy): FastifyServerOptions['trustProxy'] {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(deps.config.logLevel, deps.logStream, deps.config.logFormat),
    logController: requestLogController(deps.config.logFormat),
    trustProxy: trustProxyOption(deps.config.trustProxy),
    bodyLimit: 1024 * 1024,
    frameworkErrors: sendError,
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('config', deps.config)
  app.decorate('database', deps.database)
  app.decorate('db', deps.database.db)
  app.decorate('mailer', deps.mailer ?? createMailer(deps.config, app.log))
  app.decorate('clock', deps.clock ?? (() => new Date()))
  app.setErrorHandler(sendError)
  app.addHook('preValidation', async (request) => {
    // No form fills in the path or the query string: a NUL there is a bad address.
    if (nulCharacterAt(request.params, '') !== undefined || nulCharacterAt(request.query, '') !== undefined)
      throw badRequest('errors.badUrl')
    refuseNulCharacters(request.body, '')
  })
  installJsonParser(app)
  installSameOriginWrites(app, deps.config.publicUrl)

  app.decorateRequest('user', null)
  await app.register(cookie)
  await app.register(rateLimit, { global: false })
  app.decorate('rateLimits', createRateLimiters(app, deps.rateLimits ?? DEFAULT_RATE_LIMITS))
  // HSTS and upgrade-insecure-requests only when the product is served over https:
  // sent over plain http, they strand a browser that once saw https on the same host.
  const https = deps.config.publicUrl.startsWith('https:')
  const distDir = deps.distDir ?? path.join(repositoryRoot, 'dist')
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", ...inlineScriptHashes(path.join(distDir, 'index.html'))],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    strictTransportSecurity: https,
  })
  await app.register(swagger, {
    openapi: { info: { title: 'Manzil API', version: '1' } },
    transform: jsonSchemaTransform,
  })
  installServices(app, { recordFeedFetches: deps.recordFeedFetches ?? true, push: deps.push })

  await app.register(
    async (api) => {
      api.addHook('onRequest', authenticate)
      await api.register(healthRoutes)
      await api.register(metricsRoutes)
      await api.register(authRoutes)
      await api.register(userRoutes)
      await api.register(propertyRoutes)
      await api.register(statisticsRoutes)
      await api.register(adminRoutes)
      await api.register(guestRoutes)
      await api.register(notificationRoutes)
      await api.register(syncRoutes)
      await api.register(importRoutes)
      await api.register(turnoverRoutes)
      await api.register(teamRoutes)
      await api.register(pushRoutes)
      await api.register(calendarRoutes)
      await api.register(stayRoutes)
      api.route({ ...contract.docs.openApi, handler: async () => app.swagger() })
    },
    { prefix: API_PREFIX },
  )

  await serveUploads(app)
  await registerSpa(app, distDir)
  app.addHook('onClose', async () => deps.database.close())
  return app
}
