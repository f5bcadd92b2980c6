import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
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
import { HttpError } from './errors.ts'
import { languageOf, translatorFor } from './i18n.ts'
import { authRoutes } from './auth/routes.ts'
import { healthRoutes } from './health/routes.ts'
import { userRoutes } from './user/routes.ts'
import { registerSpa } from './web/spa.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    database: DatabaseHandle
    db: Db
  }
}

export type AppDeps = {
  config: Config
  database: DatabaseHandle
  /** Where the built SPA lives; defaults to the repository's dist/. */
  distDir?: string
  logger?: FastifyServerOptions['logger']
}

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Names the offending field of a schema failure, e.g. "email: Invalid email address". */
function validationMessage(error: FastifyError): { field: string; detail: string } {
  const first = error.validation?.[0] as { instancePath?: string; message?: string } | undefined
  const field =
    first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body'
  return { field, detail: first?.message ?? 'Invalid input' }
}

function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
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
  })
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
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('config', deps.config)
  app.decorate('database', deps.database)
  app.decorate('db', deps.database.db)
  installErrorHandling(app)
  installJsonParser(app)

  app.decorateRequest('user', null)
  await app.register(cookie)
  await app.register(helmet, {
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

  await app.register(
    async (api) => {
      await api.register(healthRoutes)
      await api.register(authRoutes)
      await api.register(userRoutes)
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger())
    },
    { prefix: '/api' },
  )

  await registerSpa(app, deps.distDir ?? path.join(repositoryRoot, 'dist'))
  app.addHook('onClose', async () => deps.database.close())
  return app
}
