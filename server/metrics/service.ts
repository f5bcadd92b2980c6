import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Db } from '../db/database.ts'
import { pausedSql } from '../sync/paused.ts'
import type { SyncMetrics } from '../sync/syncCalendar.ts'

/**
 * The process's own figures (CPU, memory, event-loop lag, GC, handles): one set per process,
 * whatever the number of apps in it, and only once some app serves metrics. Each collection keeps
 * an event-loop monitor and a GC observer running for good, so a test process that builds dozens
 * of apps without METRICS_TOKEN starts none.
 */
let processRegistry: Registry | undefined
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

/** How many external calendars are failing now (their last sync failed), and how many are paused. */
async function feedStates(db: Db): Promise<{ failing: number; paused: number }> {
  const row = await db
    .selectFrom('external_calendars')
    .select((eb) => [
      eb.fn.countAll<number | string>().filterWhere('last_error', 'is not', null).as('failing'),
      eb.fn.countAll<number | string>().filterWhere(pausedSql()).as('paused'),
    ])
    .executeTakeFirstOrThrow()
  return { failing: Number(row.failing), paused: Number(row.paused) }
}

export type MetricsServiceDeps = {
  db: Db
  /** Notification streams open on this process now. */
  openStreams: () => number
  /** Where a failure to read the database for a gauge is told. */
  onCollectError: (error: unknown) => void
  /** The process's own figures (memory, CPU, event loop) too: only when METRICS_TOKEN is set. */
  processMetrics: boolean
}

/** Where a sync round was started from: the scheduler's timer, or a request ("sync now", a new link). */
export type RoundTrigger = 'schedule' | 'request'

const SECONDS_FETCH = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const SECONDS_PARSE = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2]
const SECONDS_HTTP = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/**
 * This app's metrics, in a registry of its own (several apps in one test process never share a
 * count), and what the health check reads of the sync: when the last round ended.
 */
export function createMetricsService(deps: MetricsServiceDeps) {
  const registry = new Registry()
  const registers = [registry]
  let lastRoundAt: string | null = null

  const syncRounds = new Counter({
    name: 'manzil_sync_rounds_total',
    help: 'Sync rounds finished, by what started them (schedule or request).',
    labelNames: ['trigger'] as const,
    registers,
  })
  const feedsFetched = new Counter({
    name: 'manzil_sync_feeds_total',
    help: 'Feeds synced, by result: 200 (read), 304 (not modified), or the failure (timeout, httpStatus, notCalendar, ...).',
    labelNames: ['result'] as const,
    registers,
  })
  const fetchSeconds = new Histogram({
    name: 'manzil_sync_fetch_duration_seconds',
    help: 'Time to fetch one feed, failures included.',
    buckets: SECONDS_FETCH,
    registers,
  })
  const parseSeconds = new Histogram({
    name: 'manzil_sync_parse_duration_seconds',
    help: 'Time to parse one fetched feed in the parse workers, failures included.',
    buckets: SECONDS_PARSE,
    registers,
  })
  const notificationsSent = new Counter({
    name: 'manzil_notifications_sent_total',
    help: 'Notifications stored by the sync and announced to the live streams.',
    registers,
  })
  const httpSeconds = new Histogram({
    name: 'manzil_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS_HTTP,
    registers,
  })

  const feeds = { failing: 0, paused: 0 }
  let feedsCounted = false
  // One database read per scrape serves both gauges, and the health check between rounds.
  let reading: Promise<void> | undefined
  const readFeedStates = () =>
    (reading ??= feedStates(deps.db)
      .then((states) => {
        Object.assign(feeds, states)
        feedsCounted = true
      })
      .catch(deps.onCollectError)
      .finally(() => (reading = undefined)))
  const feedGauge = (name: string, help: string, count: keyof typeof feeds) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        await readFeedStates()
        this.set(feeds[count])
      },
    })
  feedGauge('manzil_feeds_failing', 'External calendars whose last sync failed.', 'failing')
  feedGauge(
    'manzil_feeds_paused',
    'External calendars paused for failing their budgets; "sync now" resumes them.',
    'paused',
  )
  new Gauge({
    name: 'manzil_sse_streams',
    help: 'Notification streams (server-sent events) open on this process.',
    registers,
    collect() {
      this.set(deps.openStreams())
    },
  })

  const sync: SyncMetrics = {
    fetched: (seconds) => fetchSeconds.observe(seconds),
    parsed: (seconds) => parseSeconds.observe(seconds),
    synced: (result) => feedsFetched.inc({ result }),
    notificationsSent: (count) => notificationsSent.inc(count),
  }

  const scraped = () => (deps.processMetrics ? Registry.merge([processMetrics(), registry]) : registry)
  if (deps.processMetrics) processMetrics()

  return {
    sync,
    /** Counts the round, and the failing and paused feeds it left (resolves once they are read). */
    roundFinished(trigger: RoundTrigger): Promise<void> {
      syncRounds.inc({ trigger })
      if (trigger === 'schedule') lastRoundAt = new Date().toISOString()
      return readFeedStates()
    },
    /** When the scheduler last finished a round in this process; null before its first. */
    lastRoundAt: () => lastRoundAt,
    /**
     * The failing and paused feeds as the last round left them, read once if no round has
     * ended yet. The health check must not wait for the database between rounds: SQLite's one
     * connection may be held by a sync's write transaction (see `ping`).
     */
    async feedCounts(): Promise<{ failing: number; paused: number }> {
      if (!feedsCounted) await readFeedStates()
      return { ...feeds }
    },
    requestAnswered(method: string, route: string, status: number, seconds: number) {
      httpSeconds.observe({ method, route, status: String(status) }, seconds)
    },
    contentType: registry.contentType,
    /** The Prometheus text of this app's metrics and the process's. */
    text: () => scraped().metrics(),
  }
}

export type Metrics = ReturnType<typeof createMetricsService>
