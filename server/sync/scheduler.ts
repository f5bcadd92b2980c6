import type { FastifyInstance } from 'fastify'
import { claimCalendars, type CalendarRow } from '../db/lease.ts'
import { createNoticeMail } from '../notification/outbox.ts'
import { createParsePool } from './parsePool.ts'
import { syncCalendar, type SyncContext, type SyncOutcome } from './service.ts'

export const SYNC_CONCURRENCY = 8
/** Longer than any one sync can take (a 10 s fetch, then parse and store), so a live holder keeps it. */
const LEASE_MS = 2 * 60_000
const TICK_MS = 15_000
/** The first round waits this long after the server listens: a start never waits on a feed. */
const FIRST_ROUND_DELAY_MS = 1_000

/** At most `size` tasks at a time; the others wait their turn in order. */
function createSlots(size: number) {
  let free = size
  const waiting: Array<() => void> = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (free > 0) free--
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else free++
    }
  }
}

/**
 * Keeps every external calendar fresh: each due calendar (next_sync_at passed) is leased and
 * synced, at most SYNC_CONCURRENCY at a time over the whole process. Every worker takes the next
 * due calendar as soon as it is done, so a slow or dead feed (10 s at most) occupies one worker,
 * never a whole round.
 */
export function createSyncScheduler(app: FastifyInstance, concurrency = SYNC_CONCURRENCY) {
  const shutdown = new AbortController()
  const inFlight = new Set<Promise<unknown>>()
  const slot = createSlots(concurrency)
  const parsePool = createParsePool()
  const mail = createNoticeMail(app)
  let timer: NodeJS.Timeout | undefined
  let firstRound: NodeJS.Timeout | undefined
  let round: Promise<unknown> | undefined

  const context = (): SyncContext => ({
    db: app.db,
    engine: app.database.engine,
    allowHosts: app.config.syncAllowHosts,
    intervalMinutes: app.config.syncIntervalMinutes,
    log: app.log,
    announce: app.notifications.announce,
    signal: shutdown.signal,
    userAgent: `Manzil calendar sync (+${app.config.publicUrl})`,
    parse: parsePool.parse,
    metrics: app.metrics.sync,
    clock: app.clock,
    notificationsPerUser: app.config.notificationsPerUser,
  })

  const leaseWindow = () => {
    const now = Date.now()
    return { now: new Date(now).toISOString(), leaseUntil: new Date(now + LEASE_MS).toISOString() }
  }

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work)
    void work.finally(() => inFlight.delete(work)).catch(() => {})
    return work
  }

  /**
   * Syncs due calendars until none is due; resolves with how many were synced. Leases are taken
   * `concurrency` at a time (one statement, not one per calendar), so a leased calendar waits
   * for one sync at most before its own starts: well within its lease.
   */
  function runDue(): Promise<number> {
    let synced = 0
    const leased: CalendarRow[] = []
    let claiming: Promise<number> | undefined
    let drained = false
    const nextCalendar = async () => {
      while (leased.length === 0 && !drained && !shutdown.signal.aborted) {
        claiming ??= claimCalendars(app.database, { ...leaseWindow(), limit: concurrency })
          .then((calendars) => leased.push(...calendars))
          .finally(() => (claiming = undefined))
        if ((await claiming) === 0) drained = true
      }
      return shutdown.signal.aborted ? undefined : leased.shift()
    }
    const worker = async () => {
      while (!shutdown.signal.aborted) {
        const outcome = await slot(async () => {
          const calendar = await nextCalendar()
          return calendar ? syncCalendar(context(), calendar) : null
        })
        if (!outcome) return
        synced++
      }
    }
    const workers = Promise.all(Array.from({ length: concurrency }, worker))
    // Leases taken but not started when the server stops are freed for the next process.
    const released = workers.then(() => releaseLeases(leased.splice(0).map((calendar) => calendar.id)))
    return track(
      released
        .then(mailWaiting)
        .then(() => app.metrics.roundFinished('schedule'))
        .then(() => synced),
    )
  }

  /** A round's notices reach each owner at its end: one mail of conflicts, one digest of the rest. */
  const mailWaiting = () =>
    mail.sendWaiting().catch((error: unknown) => app.log.error({ err: error }, 'could not mail notices'))

  async function releaseLeases(calendarIds: string[]) {
    if (calendarIds.length === 0) return
    await app.db
      .updateTable('external_calendars')
      .set({ lease_until: null })
      .where('id', 'in', calendarIds)
      .execute()
  }

  /**
   * Syncs these calendars now, due or not, and resolves once each is done. A calendar another
   * worker or process is syncing at this moment is left to it (it is not in the outcomes).
   */
  async function syncNow(calendarIds: string[]): Promise<SyncOutcome[]> {
    if (shutdown.signal.aborted || calendarIds.length === 0) return []
    const claimed = await claimCalendars(app.database, {
      ...leaseWindow(),
      ids: calendarIds,
      limit: calendarIds.length,
    })
    const outcomes = await track(
      Promise.all(claimed.map((calendar) => slot(() => syncCalendar(context(), calendar)))),
    )
    // The answer waits for neither the feed count nor the mail server.
    void track(app.metrics.roundFinished('request'))
    void track(mailWaiting())
    return outcomes
  }

  function tick() {
    if (round) return
    round = runDue()
      .catch((error: unknown) => app.log.error({ err: error }, 'sync round failed'))
      .finally(() => (round = undefined))
  }

  return {
    runDue,
    syncNow,
    /** Checks for due calendars in a second and every 15 s; started by server/serve.ts, not by tests. */
    start() {
      if (timer) return
      timer = setInterval(tick, Math.min(TICK_MS, app.config.syncIntervalMinutes * 60_000))
      timer.unref()
      firstRound = setTimeout(tick, FIRST_ROUND_DELAY_MS).unref()
    },
    /**
     * Stops the timer, aborts the fetches in flight, waits for them to release their leases, and
     * ends the parse workers.
     */
    async stop() {
      clearInterval(timer)
      clearTimeout(firstRound)
      shutdown.abort()
      await Promise.allSettled(inFlight)
      await parsePool.close()
    },
  }
}

export type SyncScheduler = ReturnType<typeof createSyncScheduler>

declare module 'fastify' {
  interface FastifyInstance {
    syncScheduler: SyncScheduler
    /**
     * Syncs these external calendars now (a link was added or changed, or "sync now"); never
     * rejects for a feed's failure, which is kept on its calendar.
     */
    syncCalendarsNow(calendarIds: string[]): Promise<SyncOutcome[]>
  }
}

/** Decorates the root app with the scheduler (idle until `start()`) and stops it before the app closes. */
export function installSync(app: FastifyInstance) {
  const scheduler = createSyncScheduler(app)
  app.decorate('syncScheduler', scheduler)
  app.decorate('syncCalendarsNow', scheduler.syncNow)
  app.addHook('preClose', () => scheduler.stop())
}
