import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/database.ts'
import { HttpError } from '../errors.ts'
import { sha256 } from './session.ts'

/** At most `max` within any `windowMs`. */
export type Limit = { max: number; windowMs: number }

/**
 * Password guesses are counted per account and client address, so nobody can lock the
 * owner out from elsewhere, and per account, so many addresses together cannot guess freely
 * (docs/decisions.md, "Sign-in throttling and lockout").
 */
export type SignInThrottleSettings = {
  /** Guesses per account from one address; past it that address waits for the window's end. */
  perAccountAndIp: Limit
  /**
   * Guesses per account from every address together; past it only a client the account signed
   * in from before (its address, or its device cookie) is answered until the window ends.
   */
  perAccount: Limit
  /** The wait before each answer once an account has `freeFailures` recent failures: doubling, capped. */
  delay: { freeFailures: number; baseMs: number; maxMs: number }
}

/** Set at each successful sign-in; it names the browser, not the account. */
export const DEVICE_COOKIE = 'manzil_device'
const DEVICE_LIFETIME_S = 365 * 24 * 3600
/** A client that has not signed in for this long is a stranger again. */
export const TRUST_LIFETIME_MS = 90 * 24 * 3600 * 1000

/** The wait before answering a guess for an account that failed `failures` times lately. */
export function delayFor(failures: number, delay: SignInThrottleSettings['delay']): number {
  if (failures < delay.freeFailures) return 0
  const steps = Math.min(failures - delay.freeFailures, 30)
  return Math.min(delay.baseMs * 2 ** steps, delay.maxMs)
}

/** A guess in progress: the tries it took, given back if it turns out right. */
export type SignInAttempt = { email: string; pairKey: string; accountKey: string; deviceHash?: string }

const accountKeyOf = (email: string) => `account:${email}`
const pairKeyOf = (email: string, ip: string) => `pair:${email}|${ip}`
const ipClient = (ip: string) => `ip:${ip}`
const deviceClient = (hash: string) => `device:${hash}`

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Takes a try on a counter, in one conditional UPDATE: a window that ended starts again at 1;
 * otherwise the count grows only while under `max` (no `max`: always). Parallel takers on any
 * process each get their own try, and no more than `max` get one. Answers the new count, or
 * undefined when the counter is full.
 */
async function takeTry(db: Db, key: string, windowMs: number, max?: number): Promise<number | undefined> {
  const now = new Date()
  const nowText = now.toISOString()
  const windowEnded = new Date(now.getTime() - windowMs).toISOString()
  await db
    .insertInto('sign_in_throttle')
    .values({ key, failures: 0, window_started_at: nowText })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  const row = await db
    .updateTable('sign_in_throttle')
    .set((eb) => ({
      failures: eb
        .case()
        .when('window_started_at', '<=', windowEnded)
        .then(eb.lit(1))
        .else(eb('failures', '+', 1))
        .end(),
      window_started_at: eb
        .case()
        .when('window_started_at', '<=', windowEnded)
        .then(nowText)
        .else(eb.ref('window_started_at'))
        .end(),
    }))
    .where('key', '=', key)
    .$if(max !== undefined, (query) =>
      query.where((eb) => eb.or([eb('window_started_at', '<=', windowEnded), eb('failures', '<', max ?? 0)])),
    )
    .returning('failures')
    .executeTakeFirst()
  return row?.failures
}

/** Gives a try back (a right guess is no failure). */
async function giveBack(db: Db, key: string) {
  await db
    .updateTable('sign_in_throttle')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('key', '=', key)
    .where('failures', '>', 0)
    .execute()
}

/** Seconds until the counter's window ends, at least 1. */
async function secondsLeft(db: Db, key: string, windowMs: number): Promise<number> {
  const row = await db
    .selectFrom('sign_in_throttle')
    .select('window_started_at')
    .where('key', '=', key)
    .executeTakeFirst()
  const end = row ? Date.parse(row.window_started_at) + windowMs : Date.now()
  return Math.max(1, Math.ceil((end - Date.now()) / 1000))
}

function refuse(reply: FastifyReply, seconds: number): never {
  reply.header('retry-after', seconds)
  throw new HttpError(429, 'errors.tooManyRequests')
}

export function createSignInThrottle(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  settings: SignInThrottleSettings,
) {
  const { db } = app
  const longestWindow = Math.max(settings.perAccount.windowMs, settings.perAccountAndIp.windowMs)
  let prunedAt = 0

  /** Counters whose window ended and trust that lapsed go, once a minute at most. */
  async function prune() {
    if (Date.now() - prunedAt < 60_000) return
    prunedAt = Date.now()
    await db
      .deleteFrom('sign_in_throttle')
      .where('window_started_at', '<', new Date(Date.now() - longestWindow).toISOString())
      .execute()
    await db
      .deleteFrom('trusted_sign_ins')
      .where('last_signed_in_at', '<', new Date(Date.now() - TRUST_LIFETIME_MS).toISOString())
      .execute()
  }

  /** Whether the account behind `email` signed in before from this address or this browser. */
  async function isTrusted(email: string, ip: string, deviceHash: string | undefined) {
    const clients = [ipClient(ip), ...(deviceHash ? [deviceClient(deviceHash)] : [])]
    const row = await db
      .selectFrom('trusted_sign_ins')
      .innerJoin('users', 'users.id', 'trusted_sign_ins.user_id')
      .select('trusted_sign_ins.client')
      .where('users.email', '=', email)
      .where('trusted_sign_ins.client', 'in', clients)
      .where(
        'trusted_sign_ins.last_signed_in_at',
        '>',
        new Date(Date.now() - TRUST_LIFETIME_MS).toISOString(),
      )
      .executeTakeFirst()
    return row !== undefined
  }

  return {
    /**
     * Before a password is checked: takes a try for the account and this address (429 past the
     * limit), then one for the account (429 past the limit unless the client is trusted), then
     * waits the account's delay. Unknown and known addresses go the same way.
     */
    async begin(request: FastifyRequest, reply: FastifyReply, email: string): Promise<SignInAttempt> {
      await prune()
      const device = request.cookies[DEVICE_COOKIE]
      const deviceHash = device ? sha256(device) : undefined
      const pairKey = pairKeyOf(email, request.ip)
      const accountKey = accountKeyOf(email)
      const { perAccountAndIp, perAccount } = settings
      if ((await takeTry(db, pairKey, perAccountAndIp.windowMs, perAccountAndIp.max)) === undefined)
        refuse(reply, await secondsLeft(db, pairKey, perAccountAndIp.windowMs))
      const trusted = await isTrusted(email, request.ip, deviceHash)
      const failures = await takeTry(
        db,
        accountKey,
        perAccount.windowMs,
        trusted ? undefined : perAccount.max,
      )
      if (failures === undefined) {
        await giveBack(db, pairKey)
        refuse(reply, await secondsLeft(db, accountKey, perAccount.windowMs))
      }
      const wait = delayFor(failures - 1, settings.delay)
      if (wait > 0) await sleep(wait)
      return { email, pairKey, accountKey, ...(deviceHash ? { deviceHash } : {}) }
    },

    /** The guess was right: its tries are given back and this address starts afresh. */
    async succeeded(attempt: SignInAttempt) {
      await db.deleteFrom('sign_in_throttle').where('key', '=', attempt.pairKey).execute()
      await giveBack(db, attempt.accountKey)
    },

    /** The request failed for a reason of the server's own: the guess does not count. */
    async abandoned(attempt: SignInAttempt) {
      await giveBack(db, attempt.pairKey)
      await giveBack(db, attempt.accountKey)
    },

    /**
     * A full sign-in: this address and this browser are now the account's own. The browser
     * keeps its device cookie, or gets one.
     */
    async trust(request: FastifyRequest, reply: FastifyReply, userId: string, attempt: SignInAttempt) {
      let deviceHash = attempt.deviceHash
      if (!deviceHash) {
        const device = randomBytes(32).toString('base64url')
        deviceHash = sha256(device)
        reply.setCookie(DEVICE_COOKIE, device, {
          path: '/api/auth',
          httpOnly: true,
          sameSite: 'strict',
          secure: app.config.publicUrl.startsWith('https:'),
          maxAge: DEVICE_LIFETIME_S,
        })
      }
      const now = new Date().toISOString()
      await db
        .insertInto('trusted_sign_ins')
        .values([
          { user_id: userId, client: ipClient(request.ip), last_signed_in_at: now },
          { user_id: userId, client: deviceClient(deviceHash), last_signed_in_at: now },
        ])
        .onConflict((oc) => oc.columns(['user_id', 'client']).doUpdateSet({ last_signed_in_at: now }))
        .execute()
    },
  }
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>
