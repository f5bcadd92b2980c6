/**
 * `npm run bench:api` (issue 7): autocannon, 50 connections, signed in, against three API routes
 * of the real app over a generated dataset, and against a bare Fastify route served the same way
 * in the same run; on SQLite, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is
 * set. Exits 1 when a route's p99 exceeds 25 ms or its throughput falls under 25% of the bare one.
 */
import { fork, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import autocannon, { type Result } from 'autocannon'
import pg from 'pg'
import { SESSION_COOKIE } from '../server/auth/session.ts'
import { loadConfig } from '../server/config.ts'
import { migrateToLatest, openDatabase, type Engine } from '../server/db/database.ts'
import { DATASET, seedApiDataset } from './apiDataset.ts'

const TARGET_P99_MS = 25
const TARGET_RATIO = 0.25
const CONNECTIONS = 50
const WARMUP_S = 2
const DURATION_S = 6
const BARE_DURATION_S = 3
const here = path.dirname(fileURLToPath(import.meta.url))

type Row = { engine: Engine; route: string; result: Result; bare: Result; bytes: number; sameSize: Result }
type Ports = { appPort: number; barePort: number }
type Prepared = {
  env: Record<string, string>
  cleanup: () => Promise<void>
  exportToken: string
  email: string
  password: string
}

const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL

/** A fresh SQLite file or PostgreSQL schema, migrated and seeded; answers the server's environment. */
async function prepare(engine: Engine): Promise<Prepared> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-bench-'))
  const schema = `bench_${randomBytes(6).toString('hex')}`
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    ...(engine === 'postgres' && postgresUrl ? { DATABASE_URL: postgresUrl, BENCH_SCHEMA: schema } : {}),
  }
  const config = loadConfig(env)
  if (config.database.engine === 'postgres') config.database.schema = schema
  const database = await openDatabase(config.database)
  const seeding = performance.now()
  await migrateToLatest(database.db, engine === 'postgres' ? schema : undefined)
  const { host, exportToken } = await seedApiDataset(database.db)
  console.log(`  ${engine}: dataset generated in ${((performance.now() - seeding) / 1000).toFixed(1)} s`)
  await database.close()
  const cleanup = async () => {
    if (engine === 'postgres') {
      const client = new pg.Client({ connectionString: postgresUrl })
      await client.connect()
      await client.query(`drop schema if exists "${schema}" cascade`)
      await client.end()
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return { env, cleanup, exportToken, email: host.email, password: host.password }
}

function startServers(env: Record<string, string>): Promise<{ child: ChildProcess; ports: Ports }> {
  const child = fork(path.join(here, 'apiServer.ts'), {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    child.once('message', (ports) => resolve({ child, ports: ports as Ports }))
    child.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)))
  })
}

/** Signs in through the real route, as the browser does, and answers the Cookie header. */
async function signIn(appPort: number, email: string, password: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${appPort}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))
  if (!response.ok || !session) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`)
  return session.split(';')[0] ?? ''
}

// What a browser sends: its session, and that it takes compressed answers.
const browserHeaders = (cookie: string) => ({ cookie, 'accept-encoding': 'gzip, deflate, br' })

/** The size of a route's answer as sent to the browser (compressed when it takes that). */
async function answerBytes(url: string, cookie: string): Promise<number> {
  const response = await fetch(url, { headers: browserHeaders(cookie) })
  if (!response.ok) throw new Error(`${url}: ${response.status}`)
  const length = Number(response.headers.get('content-length'))
  await response.arrayBuffer()
  return length
}

/** Autocannon against one URL: a warm-up (JIT, page cache, pools) not counted, then the run. */
async function load(url: string, cookie: string, duration: number): Promise<Result> {
  const headers = browserHeaders(cookie)
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S, headers })
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers })
  if (result.errors + result.timeouts + result.non2xx > 0)
    throw new Error(
      `${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`,
    )
  return result
}

/**
 * Each route is compared with the bare route measured just before it, so that load from other
 * programs on a shared machine weighs on both sides of the ratio alike.
 */
async function benchEngine(engine: Engine): Promise<Row[]> {
  const prepared = await prepare(engine)
  const { child, ports } = await startServers(prepared.env)
  try {
    const cookie = await signIn(ports.appPort, prepared.email, prepared.password)
    const rows: Row[] = []
    for (const route of [
      '/api/property/list',
      '/api/dashboard/statistics',
      `/api/calendar/${prepared.exportToken}.ics`,
    ]) {
      const url = `http://127.0.0.1:${ports.appPort}${route}`
      const bytes = await answerBytes(url, cookie)
      const bare = await load(`http://127.0.0.1:${ports.barePort}/bare`, cookie, BARE_DURATION_S)
      const sameSize = await load(`http://127.0.0.1:${ports.barePort}/bare/${bytes}`, cookie, BARE_DURATION_S)
      const result = await load(url, cookie, DURATION_S)
      const label = route.startsWith('/api/calendar/') ? '/api/calendar/{token}.ics' : route
      rows.push({ engine, route: label, result, bare, bytes, sameSize })
    }
    return rows
  } finally {
    child.disconnect()
    await new Promise((resolve) => child.once('exit', resolve))
    await prepared.cleanup()
  }
}

const ratio = (row: Row) => row.result.requests.average / row.bare.requests.average
const missed = (row: Row) => row.result.latency.p99 > TARGET_P99_MS || ratio(row) < TARGET_RATIO

function report(rows: Row[]) {
  console.table(
    rows.map((row) => ({
      engine: row.engine,
      route: row.route,
      'p50 ms': row.result.latency.p50,
      'p99 ms': row.result.latency.p99,
      'req/s': Math.round(row.result.requests.average),
      'bare req/s': Math.round(row.bare.requests.average),
      'bare p99 ms': row.bare.latency.p99,
      'vs bare': ratio(row).toFixed(2),
      'answer KB': Number((row.bytes / 1024).toFixed(1)),
      'same-size bare req/s': Math.round(row.sameSize.requests.average),
      'vs same-size': (row.result.requests.average / row.sameSize.requests.average).toFixed(2),
      target: missed(row) ? 'MISSED' : 'met',
    })),
  )
}

const started = performance.now()
console.log(
  `API benchmark: ${DATASET.properties} properties, ${DATASET.bookings} bookings, ` +
    `${DATASET.otherUsers} other users; ${CONNECTIONS} connections, ${DURATION_S} s per route and ` +
    `${BARE_DURATION_S} s of the bare route before it (and of the bare route answering as many ` +
    `bytes, for context), each after ${WARMUP_S} s of warm-up. ` +
    `Targets: p99 <= ${TARGET_P99_MS} ms, throughput >= ${TARGET_RATIO * 100}% of bare.`,
)
const engines: Engine[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite']
if (!postgresUrl)
  console.log('  PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it.')
const rows: Row[] = []
for (const engine of engines) rows.push(...(await benchEngine(engine)))
report(rows)
console.log(`Finished in ${((performance.now() - started) / 1000).toFixed(0)} s.`)
if (rows.some(missed)) {
  console.error('A target was missed.')
  process.exit(1)
}
