import { randomInt } from 'node:crypto'
import { once } from 'node:events'
import type { FastifyInstance } from 'fastify'
import {
  claimCalendars,
  listDueCalendars,
  renewLease,
  type ClaimedCalendar,
  type DueCalendar,
} from '../db/lease.ts'
import { createNoticeMail } from '../notification/outbox.ts'
import { createCleanerChangeMail } from '../turnover/cleanerMail.ts'
import { createFairSlots, inTurns } from './fairSlots.ts'
import { createParsePool } from './parsePool.ts'
import { syncCalendar, type SyncContext, type SyncOutcome } from './syncCalendar.ts'
import { createUnchangedSyncs } from './unchangedSyncs.ts'

/** Longer than any one sync can take (a 10 s fetch, then parse and store), so a live holder keeps it. */
const LEASE_MS = 2 * 60_000
const TICK_MS = 15_000
/** How long a round works from one list of the due calendars before it looks again. */
const RELIST_MS = TICK_MS
/** The first round waits this long after the server listens: a start never waits on a feed. */
const FIRST_ROUND_DELAY_MS = 1_000
/**
 * A round leases this many times its slots in one statement: on PostgreSQL a claim costs about
 * as much to plan as to run, whatever it takes, and a round of thousands of unchanged feeds made
 * claims the database's largest cost. The last one leased waits about three syncs for its slot,
 * far within its lease.
 */
const LEASES_PER_SLOT = 4

type LeaseWindow = { now: string; leaseUntil: string }

export type SyncNowOptions = { mail?: boolean }

/**
 * Keeps every external calendar fresh: each due calendar (next_sync_at passed) is leased and
 * synced, at most `concurrency` (SYNC_CONCURRENCY) at a time over the whole process. Scheduled
 * syncs and "sync now" share those slots fairly between accounts (createFairSlots): one
 * account's hundreds of slow feeds delay another account's first sync by one sync at most.
 */
export function createSyncScheduler(app: FastifyInstance, concurrency = app.config.syncConcurrency) {
  const shutdown = new AbortController()
  const stopping = once(shutdown.signal, 'abort')
  const inFlight = new Set<Promise<unknown>>()
  const slots = createFairSlots(concurrency)
  const parsePool = createParsePool()
  const mail = createNoticeMail(app)
  const cleanerMail = createCleanerChangeMail(app)
  const unchanged = createUnchangedSyncs(app.db)
  let timer: NodeJS.Timeout | undefined
  let firstRound: NodeJS.Timeout | undefined
  let round: Promise<unknown> | undefined

  const context = (): SyncContext => ({
    db: app.db,
    engine: app.database.engine,
    allowHosts: app.config.syncAllowHosts,
    intervalMinutes: app.config.syncIntervalMinutes,
    log: app.log,
    audit: app.audit,
    announce: app.notifications.announce,
    signal: shutdown.signal,
    userAgent: `Manzil calendar sync (+${app.config.publicUrl})`,
    parse: parsePool.parse,
    metrics: app.metrics.sync,
    clock: app.clock,
    notificationsPerUser: app.config.notificationsPerUser,
    recordUnchanged: unchanged.record,
  })

  const leaseWindow = (): LeaseWindow => {
    const now = Date.now()
    return { now: new Date(now).toISOString(), leaseUntil: new Date(now + LEASE_MS).toISOString() }
  }

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work)
    void work.finally(() => inFlight.delete(work)).catch(() => {})
    return work
  }

  /**
   * Syncs a calendar leased at `leased`, once its turn has come. A calendar that waited longer
   * than half its lease renews it first, and is left alone (undefined) when the lease ran out
   * and another process has taken it.
   */
  async function syncLeased(calendar: ClaimedCalendar, leased: LeaseWindow) {
    const waitedMs = Date.now() - Date.parse(leased.now)
    if (waitedMs > LEASE_MS / 2 && !(await renewLease(app.db, calendar, leaseWindow().leaseUntil)))
      return undefined
    return syncCalendar(context(), calendar)
  }

  /**
   * Syncs due calendars until none is due; resolves with how many were synced. The due
   * calendars are listed with their owners and taken in the owners' turns (inTurns), so one
   * account's hundreds of due feeds come after every other account's first; they are listed
   * again when all are taken or every RELIST_MS, so one that falls due during a long round joins
   * it. Leases are taken LEASES_PER_SLOT × `concurrency` at a time (one statement, not one per
   * calendar) and handed to the slots `concurrency` at a time, the next ones once the last have all
   * started: a leased calendar waits a few syncs for its slot, well within its lease. An account
   * with syncs already waiting for a slot (a "sync now") is leased no more until they have started,
   * so its queue holds up no other account's.
   */
  const runDue = () => track(syncDueCalendars())

  async function syncDueCalendars(): Promise<number> {
    let synced = 0
    let failure: { error: unknown } | undefined
    const syncs: Promise<void>[] = []
    const unstarted = new Set<string>()
    const syncInTurn = (calendar: ClaimedCalendar, leased: LeaseWindow) =>
      new Promise<void>((started) => {
        const sync = slots.run(calendar.owner_id, async () => {
          started()
          // Left in `unstarted` when the server stops first: its lease is freed below.
          if (shutdown.signal.aborted) return
          unstarted.delete(calendar.id)
          if (await syncLeased(calendar, leased)) synced++
        })
        syncs.push(sync.catch((error: unknown) => void (failure ??= { error })))
      })
    let due: DueCalendar[] = []
    let listedAt = 0
    try {
      while (!shutdown.signal.aborted) {
        if (due.length === 0 || Date.now() - listedAt > RELIST_MS) {
          listedAt = Date.now()
          // From an owner drawn at random: processes sharing the database, listing the same due
          // feeds, would otherwise claim the same ones at once, one winning and the others' claims
          // coming back empty, all the round long.
          due = inTurns(
            await listDueCalendars(app.db, new Date(listedAt).toISOString()),
            (calendar) => calendar.owner_id,
            randomInt(2 ** 31),
          )
        }
        const waiting = new Set(slots.waitingOwners())
        const next: DueCalendar[] = []
        due = due.filter((calendar) => {
          const taken = next.length < LEASES_PER_SLOT * concurrency && !waiting.has(calendar.owner_id)
          if (taken) next.push(calendar)
          return !taken
        })
        if (next.length === 0) break
        const leased = leaseWindow()
        const ids = next.map((calendar) => calendar.id)
        const claimed = await claimCalendars(app.database, { ...leased, ids, onlyDue: true })
        for (const calendar of claimed) unstarted.add(calendar.id)
        // Handed to the slots a slot's worth at a time, so that no more wait in them than before a
        // claim of `concurrency`: an account's Sync now still waits about one sync for its turn.
        for (let from = 0; from < claimed.length && !shutdown.signal.aborted; from += concurrency) {
          const turn = claimed.slice(from, from + concurrency)
          await Promise.race([Promise.all(turn.map((calendar) => syncInTurn(calendar, leased))), stopping])
        }
      }
    } finally {
      await Promise.all(syncs)
      // Leases taken but not started when the server stops are freed for the next process.
      await releaseLeases([...unstarted])
    }
    if (failure) throw failure.error
    await mailWaiting()
    await app.metrics.roundFinished('schedule')
    return synced
  }

  /**
   * A round's notices reach each owner at its end: one mail of conflicts, one digest of the rest;
   * then each cleaner's address whose cleanings changed gets one mail.
   */
  const mailWaiting = async () => {
    await mail
      .sendWaiting()
      .catch((error: unknown) => app.log.error({ err: error }, 'could not mail notices'))
    await cleanerMail
      .sendWaiting()
      .catch((error: unknown) => app.log.error({ err: error }, 'could not mail cleaners’ changes'))
  }

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
   * `mail`: whether this is a mail round of its own (Sync now), or leaves its notices to the next
   * round's mail, within a tick (a link added or changed: ten properties added in a row are one
   * mail round of the owner's hourly budget, not ten).
   */
  async function syncNow(
    calendarIds: string[],
    { mail = true }: SyncNowOptions = {},
  ): Promise<SyncOutcome[]> {
    if (shutdown.signal.aborted || calendarIds.length === 0) return []
    const leased = leaseWindow()
    // A property's links in turns with the others': each sync holds its property's stays until it
    // has written them, so a property's links side by side would hold slots waiting on each other.
    const claimed = inTurns(
      await claimCalendars(app.database, { ...leased, ids: calendarIds }),
      (calendar) => calendar.property_id,
    )
    const outcomes = await track(
      Promise.all(
        claimed.map((calendar) => slots.run(calendar.owner_id, () => syncLeased(calendar, leased))),
      ),
    )
    // The answer waits for neither the feed count nor the mail server.
    void track(app.metrics.roundFinished('request'))
    if (mail) void track(mailWaiting())
    return outcomes.filter((outcome) => outcome !== undefined)
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
     * rejects for a feed's failure, which is kept on its calendar. See the scheduler's `syncNow`.
     */
    syncCalendarsNow(calendarIds: string[], options?: SyncNowOptions): Promise<SyncOutcome[]>
  }
}

/** Decorates the root app with the scheduler (idle until `start()`) and stops it before the app closes. */
export function installSync(app: FastifyInstance) {
  const scheduler = createSyncScheduler(app)
  app.decorate('syncScheduler', scheduler)
  app.decorate('syncCalendarsNow', scheduler.syncNow)
  app.addHook('preClose', () => scheduler.stop())
}
