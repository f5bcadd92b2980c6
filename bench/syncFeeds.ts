/**
 * The feed server of `bench/sync.ts`, in a process of its own so that serving the feeds does not
 * share a core with the sync engine it is measured against: tests/fixtures/feedServer.ts (ETag,
 * If-None-Match → 304) with `count` feeds of `events` stays each at /feed/<n>.ics, and the
 * hostile feeds of issue 12 at /hostile/<name>.ics.
 *
 * It is also the client that times GET /api/health while the engine syncs: from a worker thread of
 * this process, so that neither the server's event loop nor this one's feed serving (hashing a
 * 5 MB hostile feed for its ETag takes a while) is in the measuring client's way. Requests go out
 * every HEALTH_EVERY_MS whether the last one has answered or not, so a blocked server shows as
 * the whole queue it built up, not as one slow answer.
 *
 * IPC: answers `{ origin }` once listening; `{ change: number[] }` adds one stay to each of those
 * feeds and answers `{ changed: uid[] }`; `{ healthStart: url }` starts polling that URL and
 * answers `{ polling: true }`; `{ healthStop: true }` stops, waits for the answers still due and
 * answers `{ health: HealthFigures }`.
 */
import { Worker } from 'node:worker_threads'
import { addDays } from '../src/domain/dates.ts'
import { calendarOf, startFeedServer, type StayEvent } from '../tests/fixtures/feedServer.ts'
import {
  hourlyRules,
  manyParameters,
  neverMatchingRule,
  yearsOfHistory,
} from '../tests/fixtures/hostileFeeds.ts'

export const feedRoute = (feed: number) => `/feed/${feed}.ics`

/**
 * The hostile corpus, one feed per platform of one property: each with the last_error its
 * calendar must carry after a sync (null: it must import, here nothing, without error).
 */
export const HOSTILE_FEEDS = [
  { name: 'never-matching-rule', body: neverMatchingRule, expectedError: 'sync.errors.recurrenceTooComplex' },
  { name: 'hourly-rules', body: hourlyRules, expectedError: 'sync.errors.tooManyStays' },
  { name: 'many-parameters', body: manyParameters, expectedError: 'sync.errors.tooManyParameters' },
  { name: 'years-of-history', body: () => yearsOfHistory(), expectedError: null },
] as const

export const hostileRoute = (name: string) => `/hostile/${name}.ics`

export const HEALTH_EVERY_MS = 10

/** What the health client measured between `healthStart` and `healthStop`, in milliseconds. */
export type HealthFigures = { count: number; errors: number; p50: number; p99: number; max: number }

/** The health client: plain JavaScript, since a worker thread does not inherit the tsx loader. */
const HEALTH_CLIENT = `
const http = require('node:http')
const { parentPort, workerData } = require('node:worker_threads')
const agent = new http.Agent({ keepAlive: true })
const latencies = []
let errors = 0
let pending = 0
let stopping = false
const settle = () => {
  pending--
  if (stopping && pending === 0) report()
}
const timer = setInterval(() => {
  const sent = performance.now()
  pending++
  http
    .get(workerData.url, { agent }, (response) => {
      response.resume()
      response.on('end', () => {
        if (response.statusCode === 200) latencies.push(performance.now() - sent)
        else errors++
        settle()
      })
    })
    .on('error', () => {
      errors++
      settle()
    })
}, workerData.everyMs)
function report() {
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const at = (share) => latencies[Math.min(latencies.length - 1, Math.ceil(share * latencies.length) - 1)] ?? NaN
  parentPort.postMessage({ count: latencies.length, errors, p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? NaN })
}
parentPort.once('message', () => {
  clearInterval(timer)
  stopping = true
  if (pending === 0) report()
})
`

/** Polls `url` until told to stop; resolves with what it measured. */
function startHealthClient(url: string) {
  const worker = new Worker(HEALTH_CLIENT, { eval: true, workerData: { url, everyMs: HEALTH_EVERY_MS } })
  const figures = new Promise<HealthFigures>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  return async () => {
    worker.postMessage('stop')
    const result = await figures
    await worker.terminate()
    return result
  }
}

/** The stays of feed `feed`: `count` stays of 1 to 5 nights, back to back from 2027. */
function staysOf(feed: number, count: number): StayEvent[] {
  let start = addDays('2027-01-01', feed % 7)
  return Array.from({ length: count }, (_, index) => {
    const end = addDays(start, 1 + ((feed + index) % 5))
    const stay = {
      uid: `${feed}-${index}@bench.test`,
      start,
      end,
      summary: index % 3 === 0 ? 'Airbnb (Not available)' : `Reserved - Guest ${feed}-${index}`,
    }
    start = addDays(end, 1)
    return stay
  })
}

type Command = { change: number[] } | { healthStart: string } | { healthStop: true }

async function main() {
  const count = Number(process.env.BENCH_FEEDS)
  const events = Number(process.env.BENCH_EVENTS)
  const server = await startFeedServer()
  for (let feed = 0; feed < count; feed++) server.serve(feedRoute(feed), calendarOf(staysOf(feed, events)))
  for (const hostile of HOSTILE_FEEDS) server.serve(hostileRoute(hostile.name), hostile.body())
  let stopHealth: (() => Promise<HealthFigures>) | undefined
  process.on('message', (message: Command) => {
    if ('healthStart' in message) {
      stopHealth = startHealthClient(message.healthStart)
      process.send?.({ polling: true })
    } else if ('healthStop' in message) {
      const stop =
        stopHealth ?? (() => Promise.resolve({ count: 0, errors: 0, p50: NaN, p99: NaN, max: NaN }))
      stopHealth = undefined
      void stop().then((health) => process.send?.({ health }))
    } else {
      const changed = message.change.map((feed) => {
        const uid = `${feed}-new@bench.test`
        server.addEvent(feedRoute(feed), {
          uid,
          start: '2029-06-01',
          end: '2029-06-04',
          summary: 'Reserved - New',
        })
        return uid
      })
      process.send?.({ changed })
    }
  })
  process.on('disconnect', () => void server.close().then(() => process.exit(0)))
  process.send?.({ origin: server.origin })
}

if (process.send) await main()
