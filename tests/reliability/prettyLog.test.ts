import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { aPropertyRow, aUser, signIn } from '../server/builders.ts'
import { describeEachDatabase } from '../server/harness.ts'

/**
 * On a terminal the log is one readable line per request (method, path,
 * status, time), with the secrets redacted as in the JSON log (logRedaction.test.ts); elsewhere
 * it stays JSON.
 */

describe('LOG_FORMAT', () => {
  it('is pretty on a terminal and JSON elsewhere, unless it says which', () => {
    expect(loadConfig({}, { stdoutIsTerminal: true }).logFormat).toBe('pretty')
    expect(loadConfig({}, { stdoutIsTerminal: false }).logFormat).toBe('json')
    expect(loadConfig({}).logFormat).toBe('json')
    expect(loadConfig({ LOG_FORMAT: 'json' }, { stdoutIsTerminal: true }).logFormat).toBe('json')
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty')
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/)
  })
})

/** Every line the app logs, as the pretty stream writes it. */
const lines: string[] = []
const logStream = { write: (line: string) => void lines.push(line) }

describeEachDatabase(
  'the pretty log',
  (ctx) => {
    it('writes one line per request with method, redacted path, status and time', async () => {
      const user = await aUser(ctx.db)
      const property = await aPropertyRow(ctx.db, user.id)
      const cookie = await signIn(ctx.app, user.email)
      lines.length = 0
      const token = property.exportToken
      expect(
        (await ctx.app.inject({ url: `/api/calendar/${token}.ics?token=${token}`, headers: { cookie } }))
          .statusCode,
      ).toBe(200)
      await ctx.app.inject({ url: `/reset-password/${token}` })
      await ctx.app.inject({ url: `/api/health?token=${token}` })
      await ctx.app.inject({ url: '/api/no/such/route' })

      const log = lines.join('')
      const requestLines = log.split('\n').filter((line) => / (GET|POST) \//.test(line))
      expect(requestLines).toHaveLength(4)
      const time = String.raw`\[\d\d:\d\d:\d\d\.\d{3}\] INFO:`
      expect(requestLines[0]).toMatch(
        new RegExp(`^${time} GET /api/calendar/\\[redacted\\]\\.ics 200 \\d+ ms$`),
      )
      expect(requestLines[1]).toMatch(
        new RegExp(`^${time} GET /reset-password/\\[redacted\\] \\d{3} \\d+ ms$`),
      )
      expect(requestLines[2]).toMatch(new RegExp(`^${time} GET /api/health 200 \\d+ ms$`))
      expect(requestLines[3]).toMatch(new RegExp(`^${time} GET /api/no/such/route 404 \\d+ ms$`))
      expect(log).not.toContain(token)
      expect(log).not.toContain(cookie.split('=')[1] ?? cookie)
      expect(log).not.toContain('token=')
      // No JSON, and no colours when the log does not go to a terminal.
      expect(log).not.toContain('"reqId"')
      expect(log).not.toContain('\u001b[')
    })
  },
  { env: { LOG_FORMAT: 'pretty' }, logStream },
)
