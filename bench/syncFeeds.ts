/**
 * The feed server of `bench/sync.ts`, in a process of its own so that serving the feeds does not
 * share a core with the sync engine it is measured against: tests/fixtures/feedServer.ts (ETag,
 * If-None-Match → 304) with `count` feeds of `events` stays each at /feed/<n>.ics, and the
 * hostile feeds of tests/fixtures/hostileFeeds.ts at /hostile/<name>.ics.
 *
 * It is also the client that times GET /api/health while the engine syncs: from a worker thread of
 * this process, so that neither the server's event loop nor this one's feed serving (hashing a
 * 5 MB hostile feed for its ETag takes a while) is in the measuring client's way. Requests go out
 * every HEALTH_EVERY_MS whether the last one has answered or not, so a blocked server shows as
 * the whole queue it built up, not as one slow answer.
 *
 * With BENCH_ACCOUNT_LINKS set, it also serves that many links of BENCH_ACCOUNT_EVENTS stays each
 * at /account/<n>.ics, for the accounts whose Sync now the bench times.
 *
 * IPC: answers `{ origin }` once listening; `{ change: { feed, clashes }[] }` adds each feed's
 * `addedStay` and answers `{ changed: uid[] }`; `{ hide: feed[] }` adds each feed's `hiddenStay`
 * and answers `{ changed: uid[] }`; `{ export: { routes, validators, stamp } }` serves the feeds at
 * those routes with or without validators and, when `stamp` is given, with every DTSTAMP set to
 * it, as a platform's new export of the same stays, and answers `{ exported: true }`;
 * `{ fetches: true }` answers `{ feeds, twice }`, how many feeds were fetched since the last such
 * question and how many of them more than once; `{ healthStart: url }` starts polling that URL and
 * answers `{ polling: true }`; `{ healthStop: true }` stops, waits for the answers still due and
 * answers `{ health: HealthFigures }`.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { addDays } from '../src/domain/dates.ts'
import { calendarOf, startFeedServer, type StayEvent } from '../tests/fixtures/feedServer.ts'
import {
  hourlyRules,
  manyParameters,
  neverMatchingRule,
  yearsOfHistory,
} from '../tests/fixtures/hostileFeeds.ts'

/**
 * Starts this feed server in a process of its own, `count` feeds of `events` stays each, and
 * `account.links` feeds of `account.events` stays for the accounts' Sync now.
 */
export function forkFeedServer(
  count: number,
  events: number,
  account = { links: 0, events: 0 },
): Promise<{ child: ChildProcess; origin: string }> {
  const child = fork(fileURLToPath(import.meta.url), {
    env: {
      ...process.env,
      BENCH_FEEDS: String(count),
      BENCH_EVENTS: String(events),
      BENCH_ACCOUNT_LINKS: String(account.links),
      BENCH_ACCOUNT_EVENTS: String(account.events),
    },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, origin: (message as { origin: string }).origin }))
    child.once('exit', (code) => reject(new Error(`the feed server exited with ${code}`)))
  })
}

/** Sends the feed server a command and resolves with its answer. */
export const ask = <T>(child: ChildProcess, command: object) =>
  new Promise<T>((resolve) => {
    child.once('message', (message) => resolve(message as T))
    child.send(command)
  })

export const feedRoute = (feed: number) => `/feed/${feed}.ics`
export const accountRoute = (link: number) => `/account/${link}.ics`

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
const ask = () => {
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
}
// The first request goes at once: a phase shorter than the interval still has an answer.
ask()
const timer = setInterval(ask, workerData.everyMs)
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

/** Feeds 2p and 2p + 1 are property p's two links (Airbnb, Booking.com). */
export const FEEDS_PER_PROPERTY = 2
export const propertyOfFeed = (feed: number) => Math.floor(feed / FEEDS_PER_PROPERTY)
/** Every tenth property is double-booked once, from its first import on. */
export const isDoubleBooked = (property: number) => property % 10 === 0
export const stayUid = (feed: number, index: number | 'new' | 'hidden') => `${feed}-${index}@bench.test`

/**
 * The stays of feed `feed`, `count` of them. A property's two feeds take turns in one run of
 * 2 × `count` stays of 1 to 5 nights from 2027, each followed by a free night, so no night is sold
 * on both platforms, as on a host's well-kept calendar. A double-booked property's Booking.com
 * feed starts its first stay two nights early: it shares one night, the last of the Airbnb feed's
 * first stay, and nothing else.
 */
function staysOf(feed: number, count: number): StayEvent[] {
  const property = propertyOfFeed(feed)
  const turn = feed % FEEDS_PER_PROPERTY
  const stays: StayEvent[] = []
  let start = addDays('2027-01-01', property % 7)
  for (let run = 0; stays.length < count; run++) {
    const end = addDays(start, 1 + ((property + run) % 5))
    if (run % FEEDS_PER_PROPERTY === turn) {
      const index = stays.length
      stays.push({
        uid: stayUid(feed, index),
        start,
        end,
        summary: index % 3 === 0 ? 'Airbnb (Not available)' : `Reserved - Guest ${feed}-${index}`,
      })
    }
    start = addDays(end, 1)
  }
  if (turn === 1 && isDoubleBooked(property) && stays[0]) stays[0].start = addDays(stays[0].start, -2)
  return stays
}

/** The feed of the same property on the other platform. */
export const otherFeedOf = (feed: number) => feed + (feed % FEEDS_PER_PROPERTY === 0 ? 1 : -1)

/**
 * The sale added to `feed` in the re-sync with changes: in 2029, after every stay, or, when it
 * `clashes`, on the nights of the other platform's second stay (a sale, not a block), which makes
 * exactly one new conflict.
 */
export function addedStay(feed: number, events: number, clashes: boolean): StayEvent {
  const nights = clashes ? staysOf(otherFeedOf(feed), events)[1]! : { start: '2029-06-01', end: '2029-06-04' }
  return { uid: stayUid(feed, 'new'), start: nights.start, end: nights.end, summary: 'Reserved - New' }
}

/** The sale added to `feed` among exports that changed only their DTSTAMP: in 2029, after every stay. */
export const hiddenStay = (feed: number): StayEvent => ({
  uid: stayUid(feed, 'hidden'),
  start: '2029-09-01',
  end: '2029-09-05',
  summary: 'Reserved - Hidden',
})

/** The DTSTAMP of a platform's `minute`-th export of the morning (the minute < 60). */
export const exportStamp = (minute: number) => `20261130T08${String(minute).padStart(2, '0')}00Z`

/** How an `export` command serves the feeds at `routes` anew. */
export type Export = { routes: string[]; validators: boolean; stamp: string | null }

type Command =
  | { change: { feed: number; clashes: boolean }[] }
  | { hide: number[] }
  | { export: Export }
  | { fetches: true }
  | { healthStart: string }
  | { healthStop: true }

async function main() {
  const count = Number(process.env.BENCH_FEEDS)
  const events = Number(process.env.BENCH_EVENTS)
  const server = await startFeedServer()
  for (let feed = 0; feed < count; feed++) server.serve(feedRoute(feed), calendarOf(staysOf(feed, events)))
  const accountLinks = Number(process.env.BENCH_ACCOUNT_LINKS ?? 0)
  const accountEvents = Number(process.env.BENCH_ACCOUNT_EVENTS ?? 0)
  // The account's links are feeds of their own, numbered after the bench's, so no UID is shared.
  for (let link = 0; link < accountLinks; link++)
    server.serve(accountRoute(link), calendarOf(staysOf(count + link, accountEvents)))
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
    } else if ('fetches' in message) {
      const times = new Map<string, number>()
      for (const { path } of server.requests.splice(0)) times.set(path, (times.get(path) ?? 0) + 1)
      process.send?.({ feeds: times.size, twice: [...times.values()].filter((count) => count > 1).length })
    } else if ('export' in message) {
      const { routes, validators, stamp } = message.export
      for (const route of routes) server.export(route, { validators, stamp })
      process.send?.({ exported: true })
    } else if ('hide' in message) {
      const changed = message.hide.map((feed) => {
        const stay = hiddenStay(feed)
        server.addEvent(feedRoute(feed), stay)
        return stay.uid
      })
      process.send?.({ changed })
    } else {
      const changed = message.change.map(({ feed, clashes }) => {
        const stay = addedStay(feed, events, clashes)
        server.addEvent(feedRoute(feed), stay)
        return stay.uid
      })
      process.send?.({ changed })
    }
  })
  process.on('disconnect', () => void server.close().then(() => process.exit(0)))
  process.send?.({ origin: server.origin })
}

if (process.send) await main()
