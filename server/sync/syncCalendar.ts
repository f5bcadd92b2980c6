import type { FastifyBaseLogger } from 'fastify'
import type { UpdateObject } from 'kysely'
import { FALLBACK_TIME_ZONE, todayIn } from '../../src/domain/timeZones.ts'
import type { AuditService } from '../audit/service.ts'
import type { Db, Engine } from '../db/database.ts'
import { writeTransaction } from '../db/errors.ts'
import type { CalendarRow, ClaimedCalendar } from '../db/lease.ts'
import { lockPropertyStays } from '../db/locks.ts'
import type { Database } from '../db/schema.ts'
import { pruneSurplus } from '../notification/retention.ts'
import { unstableMarkAt } from './churn.ts'
import { FeedError } from './feedError.ts'
import { fetchFeed } from './fetch.ts'
import type { ParseResult, ParseTask } from './parsePool.ts'
import { announceConflicts, joinNotices, newsOfSync } from './notices.ts'
import { storeFeed } from './store.ts'
import type { UnchangedSyncs } from './unchangedSyncs.ts'

export type SyncContext = {
  db: Db
  engine: Engine
  allowHosts: readonly string[]
  intervalMinutes: number
  log: FastifyBaseLogger
  /** Where a feed's failure is logged for the admins. */
  audit: AuditService
  /** Tells every server process that a notification was stored (see NotificationCenter). */
  announce: (userId: string, notificationIds: readonly string[]) => Promise<void>
  /** Aborted when the server shuts down. */
  signal: AbortSignal
  userAgent: string
  /** Reads a fetched feed off the main thread, within its budgets (the parse pool). */
  parse: (task: ParseTask) => Promise<ParseResult>
  /** Where the sync's figures go (server/metrics/); none in a caller that does not count. */
  metrics?: SyncMetrics
  /** The time a sync starts: when the stays it finds are first seen. */
  clock: () => Date
  /** NOTIFICATIONS_PER_USER: the notifications an owner keeps, pruned after a sync adds some. */
  notificationsPerUser: number
  /** Writes what a sync that found its feed unchanged leaves of its link, batched with others'. */
  recordUnchanged: UnchangedSyncs['record']
}

/** What the sync tells the operator's metrics; it knows nothing of how they are kept. */
export type SyncMetrics = {
  /** One feed fetched (or failing to be), in seconds. */
  fetched(seconds: number): void
  /** One fetched feed parsed (or failing to be), in seconds. */
  parsed(seconds: number): void
  /** One feed synced: `200`, `304`, the FeedFailure's reason, `unexpected` or `interrupted`. */
  synced(result: string): void
  notificationsSent(count: number): void
}

/** Runs `work` and tells `observe` how long it took, in seconds, whether it succeeded or not. */
async function timed<T>(
  observe: ((seconds: number) => void) | undefined,
  work: () => Promise<T>,
): Promise<T> {
  const started = performance.now()
  try {
    return await work()
  } finally {
    observe?.((performance.now() - started) / 1000)
  }
}

export type SyncOutcome = {
  calendarId: string
  /** `unchanged`: a 304 or the same text as last time, so nothing was parsed or written. */
  result: 'imported' | 'unchanged' | 'failed' | 'interrupted'
  added: number
  cancelled: number
  /** The locale key kept as the calendar's last error. */
  error?: string
}

const MINUTE_MS = 60_000
export const MAX_BACKOFF_FACTOR = 8

// Each delay is drawn from its last quarter, so feeds that were fetched together drift apart
// while none waits longer than its interval.
const jittered = (ms: number, random: () => number) => Math.round(ms * (1 - 0.25 * random()))

/** When a healthy feed is fetched again. */
export const nextRoundDelayMs = (intervalMinutes: number, random = Math.random) =>
  jittered(intervalMinutes * MINUTE_MS, random)

/** After `failures` failures in a row: 1, 2, 4, then 8 intervals at most. */
export const backoffDelayMs = (failures: number, intervalMinutes: number, random = Math.random) =>
  jittered(Math.min(2 ** Math.max(0, failures - 1), MAX_BACKOFF_FACTOR) * intervalMinutes * MINUTE_MS, random)

/** A feed that takes longer than this to answer holds a fetch slot too long to be fetched every interval. */
export const SLOW_ANSWER_MS = 5_000

/**
 * When a feed that answered is fetched again: after the interval if it answered within
 * SLOW_ANSWER_MS; if not, after twice the wait it was given last time, up to 8 intervals (2, 4,
 * 8, 8 … for a feed slow every time). One timely answer brings it back to the interval.
 */
export function delayAfterAnswerMs(
  calendar: Pick<CalendarRow, 'failure_count' | 'last_synced_at' | 'next_sync_at'>,
  answeredInMs: number,
  intervalMinutes: number,
  random = Math.random,
) {
  if (answeredInMs <= SLOW_ANSWER_MS) return nextRoundDelayMs(intervalMinutes, random)
  const factor = Math.min(2 * lastWaitFactor(calendar, intervalMinutes), MAX_BACKOFF_FACTOR)
  return jittered(factor * intervalMinutes * MINUTE_MS, random)
}

/**
 * The wait the calendar was given after its last success, in intervals (1, 2, 4 or 8): its
 * next_sync_at was set that many intervals, less at most a quarter, after its last_synced_at.
 * After a failure, 1: the failure's wait runs from the failure, not from the last success.
 */
function lastWaitFactor(
  calendar: Pick<CalendarRow, 'failure_count' | 'last_synced_at' | 'next_sync_at'>,
  intervalMinutes: number,
) {
  if (calendar.failure_count > 0 || calendar.last_synced_at === null) return 1
  const waited = Date.parse(calendar.next_sync_at) - Date.parse(calendar.last_synced_at)
  let factor = 1
  while (factor < MAX_BACKOFF_FACTOR && factor * intervalMinutes * MINUTE_MS < waited) factor *= 2
  return factor
}

const later = (from: Date, ms: number) => new Date(from.getTime() + ms).toISOString()

type CalendarUpdate = UpdateObject<Database, 'external_calendars'>

const updateCalendar = (db: Db, calendarId: string, update: CalendarUpdate) =>
  db.updateTable('external_calendars').set(update).where('id', '=', calendarId).executeTakeFirst()

/**
 * Live to every open page; a failure is only logged. Their mail waits in the outbox for the end
 * of the round (or of the Sync now), so an owner's feeds make one mail together.
 */
async function announceNotices(ctx: SyncContext, userId: string, notificationIds: readonly string[]) {
  if (notificationIds.length === 0) return
  await ctx.announce(userId, notificationIds).then(
    () => ctx.metrics?.notificationsSent(notificationIds.length),
    (error: unknown) => ctx.log.error({ err: error, userId }, 'could not announce notifications'),
  )
}

async function recordFailure(ctx: SyncContext, calendar: CalendarRow, error: unknown, started: Date) {
  const failure = error instanceof FeedError ? error : null
  if (!failure) ctx.log.error({ err: error, calendarId: calendar.id }, 'feed sync failed unexpectedly')
  const messageKey = failure?.messageKey ?? 'sync.errors.unexpected'
  const detail = failure?.detail ?? 'internal error'
  const failures = calendar.failure_count + 1
  const updated = await updateCalendar(ctx.db, calendar.id, {
    last_error: messageKey,
    failure_count: failures,
    // Only a success clears the count: a feed that also fails in other ways is no less costly.
    budget_failures: calendar.budget_failures + (failure?.isBudgetFailure ? 1 : 0),
    next_sync_at: later(started, backoffDelayMs(failures, ctx.intervalMinutes)),
    lease_until: null,
  })
  // A link removed while it was being fetched has nobody to tell.
  if (updated.numUpdatedRows === 0n) return messageKey
  await ctx.audit.record({
    kind: 'sync.failed',
    message: {
      key: 'syncFailed',
      values: { platform: calendar.platform_name },
      translated: { error: messageKey },
    },
    subjectId: calendar.property_id,
    // The host only: feed links carry their own secret tokens.
    data: { calendarId: calendar.id, host: hostOf(calendar.url), error: messageKey, detail, failures },
  })
  return messageKey
}

/** The zone of the property a calendar belongs to; UTC for one deleted while it was fetched. */
async function timeZoneOfProperty(db: Db, propertyId: string): Promise<string> {
  const row = await db
    .selectFrom('properties')
    .select('time_zone')
    .where('id', '=', propertyId)
    .executeTakeFirst()
  return row?.time_zone ?? FALLBACK_TIME_ZONE
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host
  } catch {
    return null
  }
}

/**
 * Fetches one leased calendar and brings its bookings up to date; the lease is released and the
 * next fetch scheduled whatever happens. A feed's failure (unreachable, refused, not iCalendar)
 * is kept on the calendar, audited and backed off, and leaves its known bookings untouched.
 */
export async function syncCalendar(ctx: SyncContext, calendar: ClaimedCalendar): Promise<SyncOutcome> {
  let result = 'unexpected'
  try {
    const outcome = await syncFeed(ctx, calendar, (fetchResult) => (result = fetchResult))
    if (outcome.result === 'interrupted') result = 'interrupted'
    return outcome
  } finally {
    ctx.metrics?.synced(result)
  }
}

async function syncFeed(
  ctx: SyncContext,
  calendar: ClaimedCalendar,
  /** Told `200` or `304` once the feed answered, then a failure's reason if one follows. */
  fetchResult: (result: string) => void,
): Promise<SyncOutcome> {
  const started = ctx.clock()
  const now = started.toISOString()
  const outcome = { calendarId: calendar.id, added: 0, cancelled: 0 }
  try {
    const asked = performance.now()
    const response = await timed(ctx.metrics?.fetched, () =>
      fetchFeed(calendar.url, {
        allowHosts: ctx.allowHosts,
        etag: calendar.etag,
        lastModified: calendar.last_modified,
        signal: ctx.signal,
        userAgent: ctx.userAgent,
      }),
    )
    const answeredInMs = performance.now() - asked
    const nextSyncAt = later(started, delayAfterAnswerMs(calendar, answeredInMs, ctx.intervalMinutes))
    const unchanged = { calendarId: calendar.id, ownerId: calendar.owner_id, syncedAt: now, nextSyncAt }
    fetchResult(response.status === 'not-modified' ? '304' : '200')
    if (response.status === 'not-modified') {
      await ctx.recordUnchanged(unchanged)
      return { ...outcome, result: 'unchanged' }
    }
    const validators = { etag: response.etag, last_modified: response.lastModified }
    const { contentHash } = response
    if (contentHash === calendar.content_hash) {
      await ctx.recordUnchanged({ ...unchanged, validators })
      return { ...outcome, result: 'unchanged' }
    }
    const fetched = {
      first_synced_at: calendar.first_synced_at ?? now,
      last_synced_at: now,
      last_error: null,
      failure_count: 0,
      budget_failures: 0,
      next_sync_at: nextSyncAt,
      lease_until: null,
      unstable_since: unstableMarkAt(now),
    }
    // The property's zone dates the feed's timed events, and its today bounds what is read.
    const timeZone = await timeZoneOfProperty(ctx.db, calendar.property_id)
    const today = todayIn(timeZone, started)
    const { events, platform } = await timed(ctx.metrics?.parsed, () =>
      ctx.parse({
        bytes: response.bytes(),
        charset: response.charset,
        today,
        timeZone,
        calendarPlatform: calendar.platform_name,
      }),
    )
    const { changes, notices } = await writeTransaction(ctx.db, async (trx) => {
      await lockPropertyStays(trx, ctx.engine, calendar.property_id)
      const changes = await storeFeed(trx, calendar, events, platform, now, today)
      // The first import of a link tells no news; so does the first after its URL changed (the
      // property service then clears the content hash). Its conflicts are still announced.
      const firstImport = calendar.first_synced_at === null || calendar.content_hash === null
      const news = await newsOfSync(trx, calendar, changes, {
        firstImport,
        now,
        newsKept: ctx.notificationsPerUser,
      })
      await updateCalendar(trx, calendar.id, { ...fetched, ...validators, content_hash: contentHash })
      return { changes, notices: news }
    })
    // Outside the write transaction: its cost follows what the sync changed, and holds no lock.
    const conflicts = await announceConflicts(ctx.db, calendar, changes.touched, now)
    for (const [userId, ids] of joinNotices(notices, conflicts)) {
      await announceNotices(ctx, userId, ids)
      await pruneSurplus(ctx.db, userId, ctx.notificationsPerUser)
    }
    return {
      ...outcome,
      result: 'imported',
      added: changes.added,
      cancelled: changes.cancelled,
    }
  } catch (error) {
    if (ctx.signal.aborted) {
      await updateCalendar(ctx.db, calendar.id, { lease_until: null })
      return { ...outcome, result: 'interrupted' }
    }
    fetchResult(error instanceof FeedError ? error.reason : 'unexpected')
    return { ...outcome, result: 'failed', error: await recordFailure(ctx, calendar, error, started) }
  }
}
