/**
 * `npm run bench:api`: autocannon, 50 connections, signed in, against three API routes
 * of the real app over a generated dataset (and the property list's first page of a host at the
 * quota of 500 properties), and against a bare Fastify route served the same way
 * in the same run; on SQLite, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is
 * set. Exits 1 when a route's p99 exceeds 25 ms or its throughput falls under 25% of the bare one,
 * when a platform's availability feed answers with a p99 over 1.1 times its p99 without the
 * record of platforms' fetches, and when any answer is an error. BENCH_QUICK=1: a small dataset, 10 connections, a second per
 * load and no warm-up; every answer must still succeed, the targets are only reported
 * (bench/quick.ts).
 */
import { fork, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import autocannon, { type Request, type Result } from 'autocannon'
import PipelinedRequestsQueue from 'autocannon/lib/pipelinedRequestsQueue.js'
import pg from 'pg'
import { createSession, SESSION_COOKIE } from '../server/auth/session.ts'
import { loadConfig } from '../server/config.ts'
import { migrateToLatest, openDatabase, type Engine } from '../server/db/database.ts'
import { DATASET, QUOTA_DATASET, seedApiDataset } from './apiDataset.ts'
import { sized, timingMissed } from './quick.ts'

const TARGET_P99_MS = 25
const TARGET_RATIO = 0.25
/** The availability feed's p99 with the record of platforms' fetches, against without. */
const TARGET_RECORDING_P99_RATIO = 1.1
const CONNECTIONS = sized(50, 10)
const WARMUP_S = sized(2, 0)
const DURATION_S = sized(6, 1)
const BARE_DURATION_S = sized(3, 1)
const here = path.dirname(fileURLToPath(import.meta.url))

type Row = { engine: Engine; route: string; result: Result; bare: Result; bytes: number; sameSize: Result }
type Ports = { appPort: number; unrecordedPort: number; barePort: number }
/** A platform's availability feed, answered with and without the record of its fetches. */
type Recording = { engine: Engine; recorded: Result; unrecorded: Result }
type Prepared = {
  env: Record<string, string>
  cleanup: () => Promise<void>
  /** Every property's feed token. */
  exportTokens: string[]
  /** Every linked platform's availability feed token. */
  platformTokens: string[]
  /** Cookie headers of the host's sessions, one per connection, as fifty open tabs would send. */
  cookies: string[]
  /** The same, of a host at the quota of properties (QUOTA_DATASET), whose property list is measured. */
  quotaCookies: string[]
}

/*
 * autocannon 8 appends every response body to a string (`body += chunk`) for hooks that read it,
 * and this benchmark has none. Decoding gzip bytes as UTF-8 took 83% of the client's CPU
 * (profiled) and held any 33 KB gzip answer, the bare route's too, near 1,500 req/s: it measured
 * the client, not the server. Bytes and latencies are still counted by autocannon itself.
 */
PipelinedRequestsQueue.prototype.addBody = () => {}

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
  const { host, exportTokens, platformTokens } = await seedApiDataset(database.db)
  const quota = await seedApiDataset(database.db, QUOTA_DATASET)
  const cookies: string[] = []
  const quotaCookies: string[] = []
  for (let index = 0; index < CONNECTIONS; index++) {
    cookies.push(`${SESSION_COOKIE}=${await createSession(database.db, host.id)}`)
    quotaCookies.push(`${SESSION_COOKIE}=${await createSession(database.db, quota.host.id)}`)
  }
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
  return { env, cleanup, exportTokens, platformTokens, cookies, quotaCookies }
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

/**
 * Autocannon against one origin: a warm-up (JIT, page cache, pools) not counted, then the run.
 * Successive requests take the sessions, and the paths, in turn: nothing shared by requests
 * that arrive together is shared by accident of the benchmark.
 */
async function load(origin: string, paths: string[], cookies: string[], duration: number): Promise<Result> {
  let turn = 0
  const requests = [
    {
      setupRequest: (request: Request) => {
        turn++
        return {
          ...request,
          path: paths[turn % paths.length],
          headers: browserHeaders(cookies[turn % cookies.length] ?? ''),
        }
      },
    },
  ]
  if (WARMUP_S > 0) await autocannon({ url: origin, connections: CONNECTIONS, duration: WARMUP_S, requests })
  const result = await autocannon({ url: origin, connections: CONNECTIONS, duration, requests })
  if (result.errors + result.timeouts + result.non2xx > 0)
    throw new Error(
      `${origin}${paths[0]}: ${result.errors} errors, ${result.timeouts} timeouts, ` +
        `${result.non2xx} non-2xx answers`,
    )
  return result
}

/**
 * Each route is compared with the bare route measured just before it, so that load from other
 * programs on a shared machine weighs on both sides of the ratio alike.
 */
async function benchEngine(engine: Engine): Promise<{ rows: Row[]; recording: Recording }> {
  const prepared = await prepare(engine)
  const { child, ports } = await startServers(prepared.env)
  try {
    const { cookies } = prepared
    const app = `http://127.0.0.1:${ports.appPort}`
    const bareOrigin = `http://127.0.0.1:${ports.barePort}`
    const rows: Row[] = []
    // The platforms fetch every property's feed: the feeds are fetched in turn too.
    const feeds = prepared.exportTokens.map((token) => `/api/calendar/${token}.ics`)
    // The property list's first page (the properties screen's) is also a host's at the quota.
    for (const [route, paths, asked] of [
      ['/api/property/list', ['/api/property/list'], cookies],
      [
        `/api/property/list?page=1 (${QUOTA_DATASET.properties} properties)`,
        ['/api/property/list?page=1'],
        prepared.quotaCookies,
      ],
      ['/api/dashboard/statistics', ['/api/dashboard/statistics'], cookies],
      ['/api/calendar/{token}.ics', feeds, cookies],
    ] as const) {
      const bytes = await answerBytes(`${app}${paths[0]}`, asked[0] ?? '')
      const bare = await load(bareOrigin, ['/bare'], asked, BARE_DURATION_S)
      const sameSize = await load(bareOrigin, [`/bare/${bytes}`], asked, BARE_DURATION_S)
      const result = await load(app, [...paths], asked, DURATION_S)
      rows.push({ engine, route, result, bare, bytes, sameSize })
    }
    // Platforms' fetches, with the record of them and without, in turn: the better of two runs of
    // each, so that a pause of the machine in one does not decide.
    const platformFeeds = prepared.platformTokens.map((token) => `/api/calendar/${token}.ics`)
    const unrecordedOrigin = `http://127.0.0.1:${ports.unrecordedPort}`
    const runs: { recorded: Result; unrecorded: Result }[] = []
    for (let round = 0; round < 2; round++)
      runs.push({
        recorded: await load(app, platformFeeds, cookies, DURATION_S),
        unrecorded: await load(unrecordedOrigin, platformFeeds, cookies, DURATION_S),
      })
    const best = (side: 'recorded' | 'unrecorded') =>
      runs.map((run) => run[side]).sort((a, b) => a.latency.p99 - b.latency.p99)[0]!
    return { rows, recording: { engine, recorded: best('recorded'), unrecorded: best('unrecorded') } }
  } finally {
    child.disconnect()
    await new Promise((resolve) => child.once('exit', resolve))
    await prepared.cleanup()
  }
}

const ratio = (row: Row) => row.result.requests.average / row.bare.requests.average
const missed = (row: Row) => row.result.latency.p99 > TARGET_P99_MS || ratio(row) < TARGET_RATIO
const recordingCost = (recording: Recording) =>
  recording.recorded.latency.p99 / recording.unrecorded.latency.p99
const recordingMissed = (recording: Recording) => recordingCost(recording) > TARGET_RECORDING_P99_RATIO

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
    `${DATASET.otherUsers} other users, and a host at the quota of ${QUOTA_DATASET.properties} properties ` +
    `(${QUOTA_DATASET.bookings} bookings) whose property list is measured; ${CONNECTIONS} connections, ${DURATION_S} s per route and ` +
    `${BARE_DURATION_S} s of the bare route before it (and of the bare route answering as many ` +
    `bytes, for context), each after ${WARMUP_S} s of warm-up. ` +
    `Targets: p99 <= ${TARGET_P99_MS} ms, throughput >= ${TARGET_RATIO * 100}% of bare.`,
)
const engines: Engine[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite']
if (!postgresUrl)
  console.log('  PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it.')
const rows: Row[] = []
const recordings: Recording[] = []
for (const engine of engines) {
  const measured = await benchEngine(engine)
  rows.push(...measured.rows)
  recordings.push(measured.recording)
}
report(rows)
console.log(
  `Platforms' fetches of their availability feeds, recorded and not (p99 target <= ${TARGET_RECORDING_P99_RATIO}x):`,
)
console.table(
  recordings.map((recording) => ({
    engine: recording.engine,
    'recorded p99 ms': recording.recorded.latency.p99,
    'unrecorded p99 ms': recording.unrecorded.latency.p99,
    'recorded req/s': Math.round(recording.recorded.requests.average),
    'unrecorded req/s': Math.round(recording.unrecorded.requests.average),
    'p99 ratio': recordingCost(recording).toFixed(2),
    target: recordingMissed(recording) ? 'MISSED' : 'met',
  })),
)
console.log(`Finished in ${((performance.now() - started) / 1000).toFixed(0)} s.`)
if (rows.some(missed) || recordings.some(recordingMissed)) timingMissed('A target was missed.')
