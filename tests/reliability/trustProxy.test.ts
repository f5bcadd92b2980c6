import { expect, it } from 'vitest'
import { DEFAULT_RATE_LIMITS } from '../../server/auth/rateLimits.ts'
import { aUser, STRONG_PASSWORD, uniqueEmail } from '../server/builders.ts'
import { describeEachDatabase, type TestContext } from '../server/harness.ts'

/**
 * Behind a reverse proxy every request arrives from the proxy's address. With TRUST_PROXY naming
 * that proxy, the limits and lockouts key on the client its X-Forwarded-For names; without it,
 * X-Forwarded-For is anybody's word and is ignored. These run with the production limits: 30
 * /auth requests a minute per address.
 */

const PROXY = '127.0.0.1'
const WRONG = 'Not-The-Password-1'
const PER_ADDRESS = DEFAULT_RATE_LIMITS.perIp.max

/** A request as it arrives from `from`, carrying the X-Forwarded-* headers given. */
function authCall(
  ctx: TestContext,
  url: string,
  payload: object,
  from: string,
  headers: Record<string, string>,
) {
  return ctx.app.inject({ method: 'POST', url, payload, remoteAddress: from, headers })
}

const viaProxy = (client: string) => ({ 'x-forwarded-for': client, 'x-forwarded-proto': 'https' })

/** Wrong passwords for fresh accounts until past the per-address limit: statuses in order. */
async function junkSignIns(ctx: TestContext, from: string, headers: Record<string, string>) {
  const statuses: number[] = []
  for (let i = 0; i < PER_ADDRESS + 5; i++) {
    const response = await authCall(
      ctx,
      '/api/auth/login',
      { email: uniqueEmail('nobody'), password: WRONG },
      from,
      headers,
    )
    statuses.push(response.statusCode)
  }
  return statuses
}

const lastSignInAddress = async (ctx: TestContext, userId: string) =>
  (
    await ctx.db
      .selectFrom('audit_log')
      .select('ip')
      .where('kind', '=', 'auth.sign-in')
      .where('actor_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  ).ip

describeEachDatabase(
  'behind a trusted proxy (TRUST_PROXY=127.0.0.1)',
  (ctx) => {
    it('keeps serving sign-in, registration and reset to one client while another sends junk', async () => {
      const attacker = viaProxy('203.0.113.7')
      const statuses = await junkSignIns(ctx, PROXY, attacker)
      expect(statuses.slice(0, PER_ADDRESS).every((status) => status === 400)).toBe(true)
      expect(statuses.slice(PER_ADDRESS).every((status) => status === 429)).toBe(true)

      const neighbour = viaProxy('198.51.100.20')
      const owner = await aUser(ctx.db)
      const signIn = await authCall(
        ctx,
        '/api/auth/login',
        { email: owner.email, password: STRONG_PASSWORD },
        PROXY,
        neighbour,
      )
      expect(signIn.statusCode, signIn.body).toBe(200)
      expect(await lastSignInAddress(ctx, owner.id)).toBe('198.51.100.20')
      const registration = await authCall(
        ctx,
        '/api/auth/register/send-code',
        { email: uniqueEmail('newcomer') },
        PROXY,
        neighbour,
      )
      expect(registration.statusCode, registration.body).toBe(200)
      const reset = await authCall(
        ctx,
        '/api/auth/forgot-password/send-link',
        { email: owner.email },
        PROXY,
        neighbour,
      )
      expect(reset.statusCode, reset.body).toBe(200)
      // The junk's sender is still refused.
      const again = await authCall(
        ctx,
        '/api/auth/login',
        { email: owner.email, password: STRONG_PASSWORD },
        PROXY,
        attacker,
      )
      expect(again.statusCode).toBe(429)
    })

    it('ignores X-Forwarded-For from an address that is not the proxy', async () => {
      const direct = '192.0.2.50'
      const statuses = await junkSignIns(ctx, direct, { 'x-forwarded-for': '198.51.100.99' })
      expect(statuses.slice(PER_ADDRESS).every((status) => status === 429)).toBe(true)
      // Another forged client from the same direct address is the same client.
      const forged = await authCall(
        ctx,
        '/api/auth/register/send-code',
        { email: uniqueEmail('forged') },
        direct,
        { 'x-forwarded-for': '198.51.100.100' },
      )
      expect(forged.statusCode).toBe(429)
    })

    it('takes the scheme the browser used from X-Forwarded-Proto for the same-origin check', async () => {
      const write = (headers: Record<string, string>) =>
        authCall(ctx, '/api/auth/logout', {}, PROXY, {
          host: 'manzil.example',
          origin: 'https://manzil.example',
          ...headers,
        })
      expect((await write({ 'x-forwarded-proto': 'https' })).statusCode).toBe(200)
      expect((await write({})).statusCode).toBe(403)
    })

    it("takes the host the browser used from the proxy's X-Forwarded-Host, and from no one else", async () => {
      const forged = {
        host: 'manzil.example',
        origin: 'https://attacker.example',
        'x-forwarded-host': 'attacker.example',
        'x-forwarded-proto': 'https',
      }
      // The proxy's word (nginx sets it to the Host the browser sent) names the page's origin.
      expect((await authCall(ctx, '/api/auth/logout', {}, PROXY, forged)).statusCode).toBe(200)
      // A client reaching Manzil around the proxy is not believed.
      expect((await authCall(ctx, '/api/auth/logout', {}, '192.0.2.7', forged)).statusCode).toBe(403)
    })
  },
  { env: { TRUST_PROXY: PROXY }, rateLimits: DEFAULT_RATE_LIMITS },
)

describeEachDatabase(
  'behind a proxy counted in hops (TRUST_PROXY=1)',
  (ctx) => {
    it('keys the limits on the client the nearest hop names', async () => {
      const statuses = await junkSignIns(ctx, PROXY, viaProxy('203.0.113.8'))
      expect(statuses.slice(PER_ADDRESS).every((status) => status === 429)).toBe(true)
      const owner = await aUser(ctx.db)
      const signIn = await authCall(
        ctx,
        '/api/auth/login',
        { email: owner.email, password: STRONG_PASSWORD },
        PROXY,
        // A client's own forged entry comes first; the proxy appends the address it saw.
        viaProxy('10.9.9.9, 198.51.100.21'),
      )
      expect(signIn.statusCode, signIn.body).toBe(200)
      expect(await lastSignInAddress(ctx, owner.id)).toBe('198.51.100.21')
    })
  },
  { env: { TRUST_PROXY: '1' }, rateLimits: DEFAULT_RATE_LIMITS },
)

describeEachDatabase(
  'without TRUST_PROXY',
  (ctx) => {
    it('ignores X-Forwarded-For: every client of the proxy is the proxy', async () => {
      const statuses = await junkSignIns(ctx, PROXY, viaProxy('203.0.113.9'))
      expect(statuses.slice(PER_ADDRESS).every((status) => status === 429)).toBe(true)
      const neighbour = await authCall(
        ctx,
        '/api/auth/register/send-code',
        { email: uniqueEmail('neighbour') },
        PROXY,
        viaProxy('198.51.100.22'),
      )
      expect(neighbour.statusCode).toBe(429)
    })

    it('records the address the connection came from', async () => {
      const owner = await aUser(ctx.db)
      const signIn = await authCall(
        ctx,
        '/api/auth/login',
        { email: owner.email, password: STRONG_PASSWORD },
        '192.0.2.60',
        viaProxy('198.51.100.23'),
      )
      expect(signIn.statusCode, signIn.body).toBe(200)
      expect(await lastSignInAddress(ctx, owner.id)).toBe('192.0.2.60')
    })

    it('does not believe X-Forwarded-Proto for the same-origin check', async () => {
      const write = await authCall(ctx, '/api/auth/logout', {}, PROXY, {
        host: 'manzil.example',
        origin: 'https://manzil.example',
        'x-forwarded-proto': 'https',
      })
      expect(write.statusCode).toBe(403)
    })

    it('does not believe X-Forwarded-Host: a forged origin naming itself there is refused', async () => {
      const write = await authCall(ctx, '/api/auth/logout', {}, PROXY, {
        host: 'manzil.example',
        origin: 'http://attacker.example',
        'x-forwarded-host': 'attacker.example',
      })
      expect(write.statusCode).toBe(403)
    })
  },
  { rateLimits: DEFAULT_RATE_LIMITS },
)
