import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { DestinationStream } from 'pino'
import { buildApp } from '../../server/app.ts'
import type { RateLimitSettings } from '../../server/auth/rateLimits.ts'
import { loadConfig, type Config } from '../../server/config.ts'
import { migrateToLatest, openDatabase, type Db } from '../../server/db/database.ts'
import type { PushTuning } from '../../server/push/sender.ts'

export type Engine = 'sqlite' | 'postgres'

export type TestContext = {
  readonly app: FastifyInstance
  readonly db: Db
  readonly config: Config
  readonly engine: Engine
}

const postgresUrl = process.env.TEST_DATABASE_URL

type Options = {
  env?: Record<string, string>
  /** Defaults to RELAXED_RATE_LIMITS; a test of the limits sets low ones. */
  rateLimits?: RateLimitSettings
  /** The app's own logger writes here (at LOG_LEVEL, info unless `env` says), instead of nowhere. */
  logStream?: DestinationStream
  /** The server's clock; the system's unless a test moves time itself. */
  clock?: () => Date
  /** How pushes are sent: a test shortens the deadline and the waits between tries. */
  push?: Partial<PushTuning>
  /**
   * PostgreSQL: the schema of an app started by another process, joined as a second server of
   * the same database; it is neither migrated nor dropped here.
   */
  joinSchema?: string
}

/**
 * Every request of a suite comes from one address (inject's 127.0.0.1) and many sign in as the
 * same account, so production limits would refuse them; the limit tests set their own.
 */
export const RELAXED_RATE_LIMITS: RateLimitSettings = {
  perIp: { max: 100_000, windowMs: 60_000 },
  mailPerAddress: { max: 100_000, windowMs: 60_000 },
  signInPerAddress: { max: 100_000, windowMs: 60_000 },
  registrationCodes: { max: 100_000, windowMs: 60_000 },
  signIn: {
    perAccountAndIp: { max: 100_000, windowMs: 60_000 },
    perAccount: { max: 100_000, windowMs: 60_000 },
    delay: { freeFailures: 100_000, baseMs: 0, maxMs: 0 },
  },
}

/** Builds the real app on a throw-away SQLite file or PostgreSQL schema. */
export async function startTestApp(engine: Engine, options: Options = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-test-'))
  const schema = options.joinSchema ?? `test_${randomBytes(6).toString('hex')}`
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    ...(engine === 'postgres' ? { DATABASE_URL: postgresUrl } : {}),
    ...options.env,
  })
  if (config.database.engine === 'postgres') config.database.schema = schema
  const database = await openDatabase(config.database)
  if (!options.joinSchema)
    await migrateToLatest(database.db, config.database.engine === 'postgres' ? schema : undefined)
  const app = await buildApp({
    config,
    database,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    distDir: path.join(dataDir, 'no-dist'),
    rateLimits: options.rateLimits ?? RELAXED_RATE_LIMITS,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.push ? { push: options.push } : {}),
  })
  await app.ready()
  const stop = async () => {
    await app.close()
    if (engine === 'postgres' && postgresUrl && !options.joinSchema) {
      const client = new pg.Client({ connectionString: postgresUrl })
      await client.connect()
      await client.query(`drop schema if exists "${schema}" cascade`)
      await client.end()
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return { app, db: database.db, config, engine, stop }
}

/**
 * TEST_DATABASES (a comma list, both engines when unset) narrows a run to some engines: CI's
 * PostgreSQL step sets `postgres`, as `npm test` has run the same suites on SQLite just before.
 */
const chosenEngines = (process.env.TEST_DATABASES ?? 'sqlite,postgres').split(',').map((name) => name.trim())

/** Why a suite does not run on `engine` here, or null when it does; a skipped run says why. */
export function whySkipped(engine: Engine): string | null {
  if (!chosenEngines.includes(engine)) return `not in TEST_DATABASES=${process.env.TEST_DATABASES}`
  if (engine === 'postgres' && !postgresUrl) return 'TEST_DATABASE_URL not set'
  return null
}

/**
 * Runs a suite on SQLite and, when TEST_DATABASE_URL is set, again on PostgreSQL. Without it
 * the PostgreSQL run is reported as skipped, never passed.
 */
export function describeEachDatabase(
  title: string,
  suite: (context: TestContext) => void,
  options: Options = {},
) {
  for (const engine of ['sqlite', 'postgres'] as const) {
    const skipped = whySkipped(engine)
    describe.skipIf(skipped !== null)(`${title} [${engine}${skipped ? `: ${skipped}` : ''}]`, () => {
      let started: Awaited<ReturnType<typeof startTestApp>> | undefined
      const context: TestContext = {
        get app() {
          return required(started).app
        },
        get db() {
          return required(started).db
        },
        get config() {
          return required(started).config
        },
        engine,
      }
      beforeAll(async () => {
        started = await startTestApp(engine, options)
      })
      afterAll(async () => {
        await started?.stop()
      })
      suite(context)
    })
  }
}

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the test app has not started')
  return value
}

/** Another server process on the same database: its own app, pool and listener, on a free port. */
export async function startSecondProcess(
  ctx: TestContext,
  { clock }: { clock?: () => Date } = {},
): Promise<FastifyInstance> {
  const database = await openDatabase(ctx.config.database)
  const app = await buildApp({
    config: ctx.config,
    database,
    logger: false,
    distDir: path.join(ctx.config.dataDir, 'no-dist'),
    rateLimits: RELAXED_RATE_LIMITS,
    ...(clock ? { clock } : {}),
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return app
}
