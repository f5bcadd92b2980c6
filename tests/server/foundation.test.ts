import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config.ts'
import { describeEachDatabase } from './harness.ts'
import { aUser, signIn } from './builders.ts'
import { ensureFirstAdmin, DEFAULT_ADMIN_EMAIL } from '../../server/user/firstAdmin.ts'
import { verifyPassword } from '../../server/auth/password.ts'
import { buildApp } from '../../server/app.ts'
import { openDatabase } from '../../server/db/database.ts'

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.host).toBe('127.0.0.1')
    expect(config.database.engine).toBe('sqlite')
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(config.syncIntervalMinutes).toBe(15)
    expect(config.mailNoticesPerHour).toBe(6)
  })

  it('refuses an hourly notice mail budget below one', () => {
    expect(() => loadConfig({ MAIL_NOTICES_PER_HOUR: '0' })).toThrow(/MAIL_NOTICES_PER_HOUR/)
  })

  it('reads SYNC_CONCURRENCY, at least one fetch at a time', () => {
    expect(loadConfig({}).syncConcurrency).toBe(8)
    expect(loadConfig({ SYNC_CONCURRENCY: '24' }).syncConcurrency).toBe(24)
    expect(() => loadConfig({ SYNC_CONCURRENCY: '0' })).toThrow(/SYNC_CONCURRENCY/)
  })

  it('holds live streams to half the open-file limit by default, or NOTIFICATION_STREAMS_PER_PROCESS', () => {
    const limits = readFileSync('/proc/self/limits', 'utf8')
    const soft = Number(/^Max open files\s+(\d+)/m.exec(limits)?.[1])
    expect(loadConfig({}).notificationStreamsPerProcess).toBe(Math.min(10_000, Math.floor(soft / 2)))
    expect(loadConfig({ NOTIFICATION_STREAMS_PER_PROCESS: '50' }).notificationStreamsPerProcess).toBe(50)
    expect(() => loadConfig({ NOTIFICATION_STREAMS_PER_PROCESS: '0' })).toThrow(
      /NOTIFICATION_STREAMS_PER_PROCESS/,
    )
  })

  it('refuses a non-numeric PORT', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError)
  })

  it('refuses an unknown DATABASE_URL scheme', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://localhost/x' })).toThrow(/DATABASE_URL/)
  })

  it('selects PostgreSQL for postgres:// URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).database.engine).toBe('postgres')
  })

  it('reads SYNC_ALLOW_HOSTS as a list', () => {
    expect(loadConfig({ SYNC_ALLOW_HOSTS: 'localhost, 127.0.0.1' }).syncAllowHosts).toEqual([
      'localhost',
      '127.0.0.1',
    ])
  })
})

describe('error handling', () => {
  it('hides a thrown error behind 500 "Unexpected error" and logs the detail', async () => {
    const logged: string[] = []
    const stream = { write: (line: string) => void logged.push(line) }
    const database = await openDatabase({ engine: 'sqlite', file: ':memory:' })
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'error' }),
      database,
      logger: { level: 'error', stream },
      distDir: '/nonexistent',
    })
    app.get('/api/boom', async () => {
      throw new Error('secret detail')
    })
    const response = await app.inject({ url: '/api/boom' })
    await app.close()
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ message: 'Unexpected error' })
    expect(logged.join('')).toContain('secret detail')
  })
})

describeEachDatabase('foundation', (ctx) => {
  it('answers health once the database answers', async () => {
    const response = await ctx.app.inject({ url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ status: 'ok', db: { engine: ctx.engine } })
  })

  it('answers an unknown /api route with a 404 {message}', async () => {
    const response = await ctx.app.inject({ url: '/api/no/such/route' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: 'Not found' })
  })

  it('answers malformed JSON with a 400 {message}', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json())).toEqual(['message'])
  })

  it("sends helmet's security headers with the SPA's policy on answers and errors alike", async () => {
    const answers = await Promise.all([
      ctx.app.inject({ url: '/api/health' }),
      ctx.app.inject({ url: '/api/no/such/route' }),
      ctx.app.inject({ url: '/api/property/list' }),
    ])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 401])
    for (const { headers } of answers) {
      expect(headers['content-security-policy']).toContain("img-src 'self' data: blob:")
      expect(headers['content-security-policy']).toContain("script-src 'self';")
      expect(headers['content-security-policy']).toContain("frame-ancestors 'self'")
      expect(headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
      })
      // PUBLIC_URL is http here: no HSTS, no upgrade (tests/reliability/transport.test.ts).
      expect(headers['strict-transport-security']).toBeUndefined()
    }
  })

  it('answers a malformed URL with a 400 {message}', async () => {
    const response = await ctx.app.inject({ url: '/api/property/%zz' })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json())).toEqual(['message'])
  })

  it('refuses a NUL character in a path, a query or a body with a 400 naming where', async () => {
    const cookie = await signIn(ctx.app, (await aUser(ctx.db)).email)
    const inPath = await ctx.app.inject({ url: '/api/property/a%00b', headers: { cookie } })
    const inQuery = await ctx.app.inject({
      url: '/api/property/x/statistics/period?start=%00',
      headers: { cookie },
    })
    const inBody = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      payload: { name: 'a\u0000b' },
      headers: { cookie },
    })
    expect([inPath.statusCode, inQuery.statusCode, inBody.statusCode]).toEqual([400, 400, 400])
    expect(inPath.json()).toEqual({ message: 'The address of this request is not valid' })
    expect(inQuery.json()).toEqual({ message: 'The address of this request is not valid' })
    expect(inBody.json()).toEqual({
      message: 'A value you sent contains a character that is not allowed.',
      fields: { name: 'This contains a character that is not allowed.' },
    })
  })

  it('answers a schema failure with a sentence per field, in the reader’s language, naming no key', async () => {
    const refusal = (payload: object, language = 'en') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload,
        headers: { 'accept-language': language },
      })
    const response = await refusal({ email: 'nope', password: '' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: 'Enter a valid e-mail address, such as name@example.com.',
      fields: {
        email: 'Enter a valid e-mail address, such as name@example.com.',
        password: 'Enter your password (at most 1,024 characters).',
      },
    })
    const arabic = await refusal({ email: 'nope', password: 'x' }, 'ar-SA,ar;q=0.9')
    expect(arabic.json()).toEqual({
      message: 'أدخل عنوان بريد إلكتروني صحيحًا، مثل name@example.com.',
      fields: { email: 'أدخل عنوان بريد إلكتروني صحيحًا، مثل name@example.com.' },
    })
    // A body that is no object at all blames no field.
    const list = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: [1, 2] })
    expect(list.json()).toEqual({ message: 'The request body could not be read' })
  })

  it('answers in Arabic when the browser asks for it', async () => {
    const response = await ctx.app.inject({ url: '/api/user/profile', headers: { 'accept-language': 'ar' } })
    expect(response.statusCode).toBe(401)
    expect(response.json().message).toBe('يرجى تسجيل الدخول')
  })

  it('signs in, reads the profile and signs out', async () => {
    const user = await aUser(ctx.db, { name: 'Sara' })
    const cookie = await signIn(ctx.app, user.email)
    const profile = await ctx.app.inject({ url: '/api/user/profile', headers: { cookie } })
    expect(profile.statusCode).toBe(200)
    expect(profile.json()).toMatchObject({ email: user.email, name: 'Sara', isAdmin: false })
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })
    const after = await ctx.app.inject({ url: '/api/user/profile', headers: { cookie } })
    expect(after.statusCode).toBe(401)
  })

  it('answers each of many concurrent requests as its own session, a revoked one refused', async () => {
    const users = await Promise.all(['Sara', 'Omar', 'Lina'].map((name) => aUser(ctx.db, { name })))
    const cookies = await Promise.all(users.map((user) => signIn(ctx.app, user.email)))
    const revoked = await signIn(ctx.app, users[0]!.email)
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: revoked } })
    const callers = Array.from({ length: 30 }, (_, index) => index % 4)
    const answers = await Promise.all(
      callers.map((caller) =>
        ctx.app.inject({ url: '/api/user/profile', headers: { cookie: cookies[caller] ?? revoked } }),
      ),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual(callers.map((c) => (c === 3 ? 401 : 200)))
    const emails = answers.map((answer) => (answer.statusCode === 200 ? answer.json().email : null))
    expect(emails).toEqual(callers.map((caller) => users[caller]?.email ?? null))
  })

  it('refuses wrong credentials with a 400, not a 401', async () => {
    const user = await aUser(ctx.db)
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'Wrong-password-1' },
    })
    expect(response.statusCode).toBe(400)
  })

  it('creates admin@localhost with a printed password on an empty database only', async () => {
    await ctx.db.deleteFrom('users').execute()
    const logged: unknown[] = []
    const printed: string[] = []
    const log = { warn: (o: unknown) => logged.push(o), info: () => {} } as never
    const print = (text: string) => void printed.push(text)
    await ensureFirstAdmin(ctx.db, ctx.config, log, print)
    const admin = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', DEFAULT_ADMIN_EMAIL)
      .executeTakeFirstOrThrow()
    expect(admin.is_admin).toBe(1)
    expect(printed.join('')).toContain(`e-mail:    ${DEFAULT_ADMIN_EMAIL} `)
    const password = /password:\s+(\S+)/.exec(printed.join(''))?.[1] ?? ''
    expect(await verifyPassword(admin.password_hash, password)).toBe(true)
    // The log keeps the event, never the password.
    expect(JSON.stringify(logged)).not.toContain(password)
    await ensureFirstAdmin(ctx.db, ctx.config, log, print)
    expect([logged, printed].map((lines) => lines.length)).toEqual([1, 1])
  })

  it('creates or promotes ADMIN_EMAIL', async () => {
    const user = await aUser(ctx.db)
    const log = { warn: () => {}, info: () => {} } as never
    await ensureFirstAdmin(
      ctx.db,
      { ...ctx.config, adminEmail: user.email, adminPassword: 'New-Admin-Pass-1' },
      log,
    )
    const promoted = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(promoted.is_admin).toBe(1)
    await signIn(ctx.app, user.email, 'New-Admin-Pass-1')
  })
})
