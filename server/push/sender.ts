import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import webpush from 'web-push'
import type { NotificationData } from '../../contract/notification.ts'
import type { NoticeKind } from '../../src/domain/noticeKinds.ts'
import type { Language } from '../../src/domain/translator.ts'
import type { VapidKeys } from '../config.ts'
import type { Db } from '../db/database.ts'
import { createFairSlots } from '../sync/fairSlots.ts'
import { FeedError } from '../sync/feedError.ts'
import { FETCH_TIMEOUT_MS, postGuarded, type PostAnswer } from '../sync/fetch.ts'
import { noticePushes, PUSH_TTL_SECONDS, testPush, type PushMessage } from './message.ts'
import type { PushTarget } from './service.ts'
import { textOrder } from '../../src/domain/textOrder.ts'

/** How pushes are sent; tests shorten the waits. */
export type PushTuning = {
  /** Each push's deadline, from connecting to the push service's answer. */
  timeoutMs: number
  /** Pushes in flight at once in this process, shared fairly between accounts. */
  concurrency: number
  /** Pushes of one account in flight at once: an account's dead devices hold no more slots. */
  perAccount: number
  /** Tries of one push, the first included, while the push service answers 429 or 5xx. */
  attempts: number
  /** The wait before the second try; it doubles before each next one. */
  backoffMs: number
  /** The longest Retry-After honoured; a longer one waits this long. */
  maxRetryAfterMs: number
}

export const DEFAULT_PUSH_TUNING: PushTuning = {
  timeoutMs: FETCH_TIMEOUT_MS,
  concurrency: 16,
  perAccount: 4,
  attempts: 4,
  backoffMs: 2_000,
  maxRetryAfterMs: 60_000,
}

export type PushSenderDeps = {
  db: Db
  log: FastifyBaseLogger
  clock: () => Date
  allowHosts: readonly string[]
  subject: string
  /** The VAPID key pair; read once, when the first push is sent. */
  keys: () => Promise<VapidKeys>
  tuning: PushTuning
}

/** How a push service answered one try: taken, gone for good, worth another try, or refused. */
type Outcome =
  | { kind: 'sent' }
  | { kind: 'gone' }
  | { kind: 'retry'; afterMs?: number }
  | { kind: 'failed'; detail: string }

/** Retry-After in ms, as seconds or as an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(answer: PostAnswer, now: number): number | undefined {
  const raw = answer.headers['retry-after']
  if (raw === undefined || raw === '') return undefined
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim()) * 1000
  const at = Date.parse(raw)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

function outcomeOf(answer: PostAnswer, now: number): Outcome {
  const { status } = answer
  if (status >= 200 && status <= 299) return { kind: 'sent' }
  if (status === 404 || status === 410) return { kind: 'gone' }
  if (status === 429 || status >= 500) return { kind: 'retry', afterMs: retryAfterMs(answer, now) }
  return { kind: 'failed', detail: `HTTP ${status}` }
}

/**
 * Sends pushes (docs/product.md §12.6), off every request and sync: `sendWaiting` claims an
 * account's notices from the push outbox and queues one delivery per push and device; nothing
 * waits for them but the app's close. Deliveries share `concurrency` slots fairly between
 * accounts, at most `perAccount` of one account's at once, each try within `timeoutMs`. A push
 * service's 404 or 410 removes the device; 429 and 5xx are tried again after a back-off (its
 * Retry-After when it gives one, up to `maxRetryAfterMs`); a success records when.
 */
export function createPushSender(deps: PushSenderDeps) {
  const { db, log, clock, tuning } = deps
  const slots = createFairSlots(tuning.concurrency, tuning.perAccount)
  const shutdown = new AbortController()
  const inFlight = new Set<Promise<unknown>>()

  function track(work: Promise<unknown>) {
    inFlight.add(work)
    void work.finally(() => inFlight.delete(work))
  }

  /** One try: the encrypted message (RFC 8291) with its VAPID header (RFC 8292), through the guard. */
  async function tryOnce(target: PushTarget, message: PushMessage): Promise<Outcome> {
    const keys = await deps.keys()
    const request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(message.payload),
      {
        vapidDetails: { subject: deps.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: PUSH_TTL_SECONDS,
        urgency: message.urgency,
        topic: message.topic,
        contentEncoding: 'aes128gcm',
      },
    )
    try {
      const answer = await postGuarded(request.endpoint, {
        allowHosts: deps.allowHosts,
        headers: request.headers,
        body: request.body ?? new Uint8Array(),
        timeoutMs: tuning.timeoutMs,
        signal: shutdown.signal,
      })
      return outcomeOf(answer, clock().getTime())
    } catch (error) {
      if (!(error instanceof FeedError)) throw error
      const passing =
        error.reason === 'timeout' || error.reason === 'network' || error.reason === 'unresolvable'
      return passing ? { kind: 'retry' } : { kind: 'failed', detail: error.detail }
    }
  }

  /** Delivers one push to one device, trying again while the push service asks for it. */
  async function deliver(userId: string, target: PushTarget, message: PushMessage): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const outcome = await slots.run(userId, () => tryOnce(target, message))
      if (outcome.kind === 'sent') {
        await db
          .updateTable('push_subscriptions')
          .set({ last_success_at: clock().toISOString() })
          .where('id', '=', target.id)
          .execute()
        return
      }
      if (outcome.kind === 'gone') {
        await db.deleteFrom('push_subscriptions').where('id', '=', target.id).execute()
        return
      }
      if (outcome.kind === 'failed' || attempt >= tuning.attempts || shutdown.signal.aborted) {
        const detail = outcome.kind === 'failed' ? outcome.detail : `no success in ${attempt} tries`
        log.warn({ userId, device: target.id, detail }, 'could not push to a device')
        return
      }
      const backoff = tuning.backoffMs * 2 ** (attempt - 1)
      const wait = outcome.afterMs === undefined ? backoff : Math.min(outcome.afterMs, tuning.maxRetryAfterMs)
      // Between tries the push holds no slot: other accounts' pushes go on.
      await sleep(wait, undefined, { signal: shutdown.signal }).catch(() => undefined)
    }
  }

  /** Queues each message to each device; answers how many pushes were queued. */
  function queue(userId: string, targets: readonly PushTarget[], messages: readonly PushMessage[]): number {
    if (shutdown.signal.aborted) return 0
    for (const message of messages)
      for (const target of targets)
        track(
          deliver(userId, target, message).catch((error: unknown) =>
            log.error({ err: error, userId, device: target.id }, 'push failed'),
          ),
        )
    return messages.length * targets.length
  }

  const devicesOf = (userId: string): Promise<PushTarget[]> =>
    db
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint', 'p256dh', 'auth'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute()

  /**
   * Claims the account's notices waiting in the push outbox: one conditional UPDATE sets
   * `pushed_at`, so of all the processes sharing the database only one pushes each. Notices of
   * an account that is deactivated, or has notifications off, are claimed and dropped: none
   * arrives later in a burst.
   */
  async function pushOwner(userId: string): Promise<void> {
    const claimed = await db
      .updateTable('notifications')
      .set({ pushed_at: clock().toISOString() })
      .where('user_id', '=', userId)
      .where('pushed_at', 'is', null)
      .where('kind', 'is not', null)
      .returning(['kind', 'data', 'created_at'])
      .execute()
    if (claimed.length === 0) return
    const owner = await db
      .selectFrom('users')
      .select(['language', 'push_guest_names'])
      .where('id', '=', userId)
      .where('account_state', '=', 'active')
      .where('notifications_enabled', '=', 1)
      .executeTakeFirst()
    if (!owner) return
    const targets = await devicesOf(userId)
    if (targets.length === 0) return
    const notices = claimed
      .sort((a, b) => textOrder(a.created_at, b.created_at))
      .map((row) => ({ kind: row.kind as NoticeKind, data: JSON.parse(row.data) as NotificationData }))
    queue(userId, targets, noticePushes(owner.language, owner.push_guest_names === 1, notices))
  }

  return {
    /**
     * Pushes the account's waiting notices (a sync or an alarm just stored some); resolves once
     * they are queued, never awaiting the sends. The close waits for it.
     */
    sendWaiting(userId: string): Promise<void> {
      const claiming = pushOwner(userId)
      track(claiming.catch(() => undefined))
      return claiming
    },

    /** Pushes every account's waiting notices: what a process that stopped after storing them left. */
    async sendAllWaiting(): Promise<void> {
      const owners = await db
        .selectFrom('notifications')
        .select('user_id')
        .distinct()
        .where('pushed_at', 'is', null)
        .where('kind', 'is not', null)
        .execute()
      for (const { user_id } of owners) await pushOwner(user_id)
    },

    /** The settings' test push to each of the account's devices; answers how many were queued. */
    async sendTest(userId: string, language: Language): Promise<number> {
      return queue(userId, await devicesOf(userId), [testPush(language)])
    },

    /** Stops the waits between tries and the pushes in flight, and waits for them to end. */
    async stop() {
      shutdown.abort()
      await Promise.allSettled([...inFlight])
    },
  }
}

export type PushSender = ReturnType<typeof createPushSender>
