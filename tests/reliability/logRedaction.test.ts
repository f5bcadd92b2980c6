import { afterAll, describe, expect, it } from 'vitest'
import { redactUrl } from '../../server/logging.ts'
import { post } from '../server/accounts.ts'
import { aPropertyRow, aUser, signIn, STRONG_PASSWORD, uniqueEmail } from '../server/builders.ts'
import { describeEachDatabase } from '../server/harness.ts'
import { linkIn, startMailbox } from '../server/mailbox.ts'

/**
 * Whoever reads the log must not be able to reset a password, take an e-mail
 * change back or read a calendar. Request paths are logged with their secrets replaced, and never
 * with their query string.
 */

const mailbox = await startMailbox()
afterAll(() => mailbox.stop())

/** Every line the app logs, as pino writes it. */
const lines: string[] = []
const logStream = { write: (line: string) => void lines.push(line) }

describe('redactUrl', () => {
  it('replaces the secret segments and drops the query', () => {
    expect(redactUrl('/reset-password/abc_DEF-123')).toBe('/reset-password/[redacted]')
    expect(redactUrl('/reset-password/abc?token=abc')).toBe('/reset-password/[redacted]')
    expect(redactUrl('/cancel-email-change/x1')).toBe('/cancel-email-change/[redacted]')
    expect(redactUrl('/api/auth/forgot-password/change/tok')).toBe(
      '/api/auth/forgot-password/change/[redacted]',
    )
    expect(redactUrl('/api/calendar/s3cret.ics')).toBe('/api/calendar/[redacted].ics')
    expect(redactUrl('/api/calendar/s3cret')).toBe('/api/calendar/[redacted]')
    expect(redactUrl('/api/calendar/s3cret.ics?download=1')).toBe('/api/calendar/[redacted].ics')
    expect(redactUrl('/API/Calendar/s3cret.ics')).toBe('/API/Calendar/[redacted].ics')
    expect(redactUrl('/x/../reset-password/abc')).toBe('/x/../reset-password/[redacted]')
    expect(redactUrl('/api/property/list?token=abc&search=x')).toBe('/api/property/list')
    expect(redactUrl('/api/property/1/calendar/internal')).toBe('/api/property/1/calendar/internal')
  })
})

describeEachDatabase(
  'secrets in the log',
  (ctx) => {
    it('logs the reset page, the reset call and the export feed without their tokens', async () => {
      const user = await aUser(ctx.db)
      await post(ctx.app, '/api/auth/forgot-password/send-link', { email: user.email })
      const link = linkIn(await mailbox.waitForMail(user.email))
      const resetToken = link.split('/reset-password/')[1] ?? ''
      expect(resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
      // The browser opens the mailed page, then the page calls the API.
      await ctx.app.inject({ url: `/reset-password/${resetToken}` })
      const reset = await post(ctx.app, `/api/auth/forgot-password/change/${resetToken}`, {
        password: 'A-New-Password-7',
      })
      expect(reset.statusCode).toBe(200)

      const property = await aPropertyRow(ctx.db, user.id)
      const feed = await ctx.app.inject({
        url: `/api/calendar/${property.exportToken}.ics?token=${property.exportToken}`,
      })
      expect(feed.statusCode).toBe(200)

      const cookie = await signIn(ctx.app, user.email, 'A-New-Password-7')
      await ctx.app.inject({
        method: 'PATCH',
        url: '/api/user/profile',
        payload: { email: uniqueEmail('moved'), currentPassword: 'A-New-Password-7' },
        headers: { cookie },
      })
      const cancelToken =
        linkIn(await mailbox.waitForMail(user.email)).split('/cancel-email-change/')[1] ?? ''
      await ctx.app.inject({ url: `/cancel-email-change/${cancelToken}?token=${cancelToken}` })
      await post(ctx.app, '/api/auth/email-change/cancel', { token: cancelToken })
      // A query of any other route keeps its secrets too.
      await ctx.app.inject({ url: `/api/health?token=${resetToken}`, headers: { cookie } })

      const log = lines.join('')
      expect(log).toContain('"url":"/reset-password/[redacted]"')
      expect(log).toContain('"url":"/api/auth/forgot-password/change/[redacted]"')
      expect(log).toContain('"url":"/api/calendar/[redacted].ics"')
      expect(log).toContain('"url":"/cancel-email-change/[redacted]"')
      expect(log).toContain('"url":"/api/health"')
      for (const secret of [
        resetToken,
        property.exportToken,
        cancelToken,
        cookie.split('=')[1] ?? STRONG_PASSWORD,
      ])
        expect(log).not.toContain(secret)
      expect(log).not.toContain('token=')
    })
  },
  { env: { SMTP_URL: mailbox.smtpUrl }, logStream },
)
