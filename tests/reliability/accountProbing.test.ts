import { afterAll, expect, it } from 'vitest'
import { DEFAULT_RATE_LIMITS } from '../../server/auth/rateLimits.ts'
import { post } from '../server/accounts.ts'
import { aUser, signIn, STRONG_PASSWORD, uniqueEmail } from '../server/builders.ts'
import { describeEachDatabase } from '../server/harness.ts'
import { startMailbox } from '../server/mailbox.ts'

/**
 * Registration's first step says an address is taken (409 on
 * `register/send-code`), so that stays; it must be the only answer that tells, and it is limited
 * per address and per IP (5 an hour) so that it cannot list the accounts. Production figures.
 */

const mailbox = await startMailbox()
afterAll(() => mailbox.stop())

const TAKEN = 'An account with this e-mail address already exists'
const PER_HOUR = DEFAULT_RATE_LIMITS.registrationCodes

describeEachDatabase(
  'telling which addresses have accounts',
  (ctx) => {
    let ipCounter = 0
    const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`
    const sendCode = (email: string, ip: string) =>
      post(ctx.app, '/api/auth/register/send-code', { email }, { ip })

    it('keeps the 409 at register/send-code', async () => {
      const user = await aUser(ctx.db)
      const taken = await sendCode(user.email, freshIp())
      expect(taken.statusCode).toBe(409)
      expect(taken.json()).toEqual({ message: TAKEN, fields: { email: TAKEN } })
    })

    it('answers at most five requests an hour from one IP, taken or not', async () => {
      const ip = freshIp()
      const addresses = [
        ...(await Promise.all([aUser(ctx.db), aUser(ctx.db)])).map((user) => user.email),
        ...Array.from({ length: PER_HOUR.max }, () => uniqueEmail('probe')),
      ]
      const statuses = []
      for (const email of addresses) statuses.push((await sendCode(email, ip)).statusCode)
      expect(statuses).toEqual([409, 409, 200, 200, 200, 429, 429])
      const refused = await sendCode(uniqueEmail('probe'), ip)
      expect(refused.json()).toEqual({ message: 'Too many attempts, please wait a moment and try again' })
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(30 * 60)
      // Another IP has its own allowance.
      expect((await sendCode(uniqueEmail('probe'), freshIp())).statusCode).toBe(200)
    })

    it('answers one address at most five times an hour, whatever the IPs', async () => {
      const user = await aUser(ctx.db)
      const statuses = []
      for (let i = 0; i <= PER_HOUR.max; i++)
        statuses.push((await sendCode(user.email, freshIp())).statusCode)
      expect(statuses).toEqual([409, 409, 409, 409, 409, 429])
    })

    it('tells a taken address from a free one nowhere else', async () => {
      const user = await aUser(ctx.db)
      const free = uniqueEmail('free')
      const sameAnswer = async (call: (email: string) => Promise<{ statusCode: number; body: string }>) => {
        const [forTaken, forFree] = [await call(user.email), await call(free)]
        expect(forTaken.statusCode).toBe(forFree.statusCode)
        expect(forTaken.body).toBe(forFree.body)
      }
      // Registering without a code: no code was ever sent to a taken address.
      await sameAnswer((email) =>
        post(
          ctx.app,
          '/api/auth/register',
          { email, password: STRONG_PASSWORD, code: '123456' },
          { ip: freshIp() },
        ),
      )
      await sameAnswer((email) =>
        post(ctx.app, '/api/auth/login', { email, password: 'Wrong-Pass-1' }, { ip: freshIp() }),
      )
      await sameAnswer((email) =>
        post(ctx.app, '/api/auth/tfa/send-code', { email, password: 'Wrong-Pass-1' }, { ip: freshIp() }),
      )
      await sameAnswer((email) =>
        post(ctx.app, '/api/auth/forgot-password/send-link', { email }, { ip: freshIp() }),
      )
      // Moving one's own account to an address: no 409, the answer names it as pending either way.
      const mover = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, mover.email)
      const moveTo = async (email: string) => {
        const answer = await ctx.app.inject({
          method: 'PATCH',
          url: '/api/user/profile',
          payload: { email, currentPassword: STRONG_PASSWORD },
          headers: { cookie },
        })
        return { statusCode: answer.statusCode, body: answer.body.replace(email, '<new>') }
      }
      await sameAnswer(moveTo)
    })
  },
  { env: { SMTP_URL: mailbox.smtpUrl }, rateLimits: DEFAULT_RATE_LIMITS },
)
