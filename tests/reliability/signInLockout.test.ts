import { afterAll, describe, expect, it } from 'vitest'
import { DEFAULT_RATE_LIMITS } from '../../server/auth/rateLimits.ts'
import { DEVICE_COOKIE, delayFor } from '../../server/auth/signInThrottle.ts'
import { post } from '../server/accounts.ts'
import { aUser, STRONG_PASSWORD } from '../server/builders.ts'
import { describeEachDatabase } from '../server/harness.ts'
import { codeIn, startMailbox } from '../server/mailbox.ts'

/**
 * Ten wrong passwords from anywhere must not lock the owner out. Guesses are
 * counted per account and client address; past ten per account from all addresses, only an
 * address or browser the account signed in from before is still answered; each answer waits a
 * little longer, never more than a few seconds. These run with the production figures.
 */

const mailbox = await startMailbox()
afterAll(() => mailbox.stop())

const LIMITS = DEFAULT_RATE_LIMITS.signIn
const WRONG = 'Not-The-Password-1'

describe('the growing wait', () => {
  it('starts after a few failures, doubles, and never exceeds a few seconds', () => {
    const waits = Array.from({ length: 40 }, (_, failures) => delayFor(failures, LIMITS.delay))
    expect(waits.slice(0, LIMITS.delay.freeFailures).every((wait) => wait === 0)).toBe(true)
    expect(waits[LIMITS.delay.freeFailures]).toBeGreaterThan(0)
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1] ?? 0)
    expect(Math.max(...waits)).toBe(LIMITS.delay.maxMs)
    expect(LIMITS.delay.maxMs).toBeLessThanOrEqual(3000)
  })
})

describeEachDatabase(
  'sign-in lockout',
  (ctx) => {
    let ipCounter = 0
    /** An address nobody used yet. */
    const freshIp = () => `10.14.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`
    const login = (email: string, password: string, ip: string, cookie?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        remoteAddress: ip,
        ...(cookie ? { headers: { cookie } } : {}),
      })
    /** An account that signed in once from `usualIp`: that address and that browser are its own. */
    async function anOwner(options: { twofactor?: boolean } = {}) {
      const user = await aUser(ctx.db, options)
      const usualIp = freshIp()
      const first = options.twofactor
        ? await signInWithCode(user.email, usualIp)
        : await login(user.email, STRONG_PASSWORD, usualIp)
      expect(first.statusCode, first.body).toBe(200)
      const device = first.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)
      expect(device?.httpOnly).toBe(true)
      return { ...user, usualIp, deviceCookie: `${DEVICE_COOKIE}=${device?.value}` }
    }
    async function signInWithCode(email: string, ip: string) {
      const sent = await post(
        ctx.app,
        '/api/auth/tfa/send-code',
        { email, password: STRONG_PASSWORD },
        { ip },
      )
      expect(sent.statusCode, sent.body).toBe(200)
      const tfaCode = codeIn(await mailbox.waitForMail(email))
      return ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: STRONG_PASSWORD, tfaCode },
        remoteAddress: ip,
      })
    }
    /** `count` wrong passwords at once, each from an address of its own. */
    const guessesFromEverywhere = (email: string, count: number) =>
      Promise.all(Array.from({ length: count }, () => login(email, WRONG, freshIp())))

    it('lets the owner in from their usual address and browser while a botnet guesses', async () => {
      const owner = await anOwner()
      const guesses = await guessesFromEverywhere(owner.email, LIMITS.perAccount.max)
      expect(guesses.map((guess) => guess.statusCode)).toEqual(Array(LIMITS.perAccount.max).fill(400))
      // Strangers are no longer answered, the right password included.
      const stranger = await login(owner.email, STRONG_PASSWORD, freshIp())
      expect(stranger.statusCode).toBe(429)
      expect(stranger.json()).toEqual({ message: 'Too many attempts, please wait a moment and try again' })
      expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0)

      const started = Date.now()
      const usual = await login(owner.email, STRONG_PASSWORD, owner.usualIp)
      const took = Date.now() - started
      expect(usual.statusCode, usual.body).toBe(200)
      // The account's wait: grown to its cap, and no longer.
      expect(took).toBeGreaterThanOrEqual(LIMITS.delay.maxMs * 0.9)
      expect(took).toBeLessThan(LIMITS.delay.maxMs + 2000)
      // Their own browser, from an address it never used (a phone off the home Wi-Fi).
      const travelling = await login(owner.email, STRONG_PASSWORD, freshIp(), owner.deviceCookie)
      expect(travelling.statusCode, travelling.body).toBe(200)
    })

    it('lets the owner in from an address that has not failed after ten wrong passwords from another', async () => {
      const owner = await aUser(ctx.db)
      const attacker = freshIp()
      for (let i = 0; i < LIMITS.perAccountAndIp.max; i++)
        expect((await login(owner.email, WRONG, attacker)).statusCode).toBe(400)
      expect((await login(owner.email, STRONG_PASSWORD, attacker)).statusCode).toBe(429)
      const fresh = await login(owner.email, STRONG_PASSWORD, freshIp())
      expect(fresh.statusCode, fresh.body).toBe(200)
    })

    it('locks out the address that guessed ten times, not the owner elsewhere', async () => {
      const owner = await anOwner()
      const attacker = freshIp()
      const guesses = await Promise.all(
        Array.from({ length: LIMITS.perAccountAndIp.max }, () => login(owner.email, WRONG, attacker)),
      )
      expect(guesses.every((guess) => guess.statusCode === 400)).toBe(true)
      expect((await login(owner.email, STRONG_PASSWORD, attacker)).statusCode).toBe(429)
      expect((await login(owner.email, STRONG_PASSWORD, owner.usualIp)).statusCode).toBe(200)
      // Another account from the same address is its own matter.
      const neighbour = await aUser(ctx.db)
      expect((await login(neighbour.email, STRONG_PASSWORD, attacker)).statusCode).toBe(200)
    })

    it('lets a two-factor owner in with the right password and code while strangers guess', async () => {
      const owner = await anOwner({ twofactor: true })
      await guessesFromEverywhere(owner.email, LIMITS.perAccount.max + 2)
      const signedIn = await signInWithCode(owner.email, owner.usualIp)
      expect(signedIn.statusCode, signedIn.body).toBe(200)
    })

    it('answers no more parallel guesses from as many addresses than the guard allows', async () => {
      const owner = await aUser(ctx.db)
      const count = LIMITS.perAccount.max + 20
      const guesses = await guessesFromEverywhere(owner.email, count)
      const statuses = guesses.map((guess) => guess.statusCode)
      expect(statuses.filter((status) => status === 400)).toHaveLength(LIMITS.perAccount.max)
      expect(statuses.filter((status) => status === 429)).toHaveLength(count - LIMITS.perAccount.max)
    })

    it('counts a right password as no failure', async () => {
      const owner = await anOwner()
      const ip = freshIp()
      for (let i = 0; i < LIMITS.perAccountAndIp.max + 5; i++)
        expect((await login(owner.email, STRONG_PASSWORD, ip)).statusCode).toBe(200)
      const row = await ctx.db
        .selectFrom('sign_in_throttle')
        .select('failures')
        .where('key', '=', `account:${owner.email}`)
        .executeTakeFirst()
      expect(row?.failures ?? 0).toBe(0)
    })
  },
  {
    env: { SMTP_URL: mailbox.smtpUrl },
    rateLimits: { ...DEFAULT_RATE_LIMITS, perIp: { max: 100_000, windowMs: 60_000 } },
  },
)
