import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { openDatabase } from '../../server/db/database.ts'
import { calendarOf, startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { aCalendarRow, aPropertyRow, aUser, signIn } from './builders.ts'
import { openEventStream, originOf } from './eventStream.ts'
import { describeEachDatabase, type TestContext } from './harness.ts'

/**
 * An operator scrapes GET /api/metrics with METRICS_TOKEN and reads the sync,
 * the live streams and the request times; /api/health tells the database's and the sync's state.
 */

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789'

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())

type Labels = Record<string, string>

/** The value of the sample `name` whose labels are exactly `labels`; 0 when there is none. */
function sample(text: string, name: string, labels: Labels = {}): number {
  for (const line of text.split('\n')) {
    const found = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!found || found[1] !== name) continue
    const have = Object.fromEntries(
      [...(found[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]),
    )
    const wanted = Object.entries(labels)
    if (wanted.length === Object.keys(have).length && wanted.every(([key, value]) => have[key] === value))
      return Number(found[3])
  }
  return 0
}

const scrape = async (ctx: TestContext, authorization = `Bearer ${METRICS_TOKEN}`) =>
  ctx.app.inject({ url: '/api/metrics', headers: { authorization } })

async function metricsText(ctx: TestContext): Promise<string> {
  const response = await scrape(ctx)
  expect(response.statusCode).toBe(200)
  return response.body
}

/** Makes every feed due now, as if its interval had passed. */
const makeAllDue = (ctx: TestContext) =>
  ctx.db
    .updateTable('external_calendars')
    .set({ next_sync_at: new Date(Date.now() - 1000).toISOString() })
    .execute()

describeEachDatabase(
  'metrics',
  (ctx) => {
    it('answers only the right bearer token, with 404 to anyone else', async () => {
      expect((await ctx.app.inject({ url: '/api/metrics' })).statusCode).toBe(404)
      for (const authorization of [
        'Bearer wrong-token-of-the-same-kind-0123456789',
        `Bearer ${METRICS_TOKEN}x`,
        `Bearer ${METRICS_TOKEN.slice(0, -1)}`,
        `Basic ${Buffer.from(`metrics:${METRICS_TOKEN}`).toString('base64')}`,
        METRICS_TOKEN,
      ]) {
        const refused = await scrape(ctx, authorization)
        expect(refused.statusCode).toBe(404)
        expect(refused.json()).toEqual({ message: 'Not found' })
      }
      const answered = await scrape(ctx)
      expect(answered.statusCode).toBe(200)
      expect(answered.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8')
      expect(answered.headers['cache-control']).toBe('no-store')
      // The process's own figures come along.
      expect(answered.body).toMatch(/^process_cpu_user_seconds_total \d/m)
      expect(answered.body).toMatch(/^nodejs_eventloop_lag_seconds \d/m)
      expect(answered.body).toContain('# TYPE manzil_sync_feeds_total counter')
    })

    it('counts a sync round, its feeds by result, their fetch and parse times and the notifications', async () => {
      const before = await metricsText(ctx)
      const owner = await aUser(ctx.db)
      const property = await aPropertyRow(ctx.db, owner.id)
      const steady = `/${randomUUID()}.ics`
      const busy = `/${randomUUID()}.ics`
      feeds.serve(
        steady,
        calendarOf([{ uid: 's1', start: '2030-03-01', end: '2030-03-04', summary: 'Reserved' }]),
      )
      feeds.serve(
        busy,
        calendarOf([{ uid: 'b1', start: '2030-04-01', end: '2030-04-03', summary: 'Reserved' }]),
      )
      await aCalendarRow(ctx.db, property.id, feeds.url(steady), 'Airbnb')
      await aCalendarRow(ctx.db, property.id, feeds.url(busy), 'Vrbo')
      await aCalendarRow(ctx.db, property.id, feeds.url('/status/503'), 'Gathern')

      // The first round reads all three; the second finds one unchanged (304), one with a new
      // booking (200 and a notification), and the broken one broken still.
      expect(await ctx.app.syncScheduler.runDue()).toBe(3)
      feeds.addEvent(busy, { uid: 'b2', start: '2030-05-01', end: '2030-05-05', summary: 'Reserved' })
      await makeAllDue(ctx)
      expect(await ctx.app.syncScheduler.runDue()).toBe(3)

      const after = await metricsText(ctx)
      const moved = (name: string, labels: Labels = {}) =>
        sample(after, name, labels) - sample(before, name, labels)
      expect(moved('manzil_sync_rounds_total', { trigger: 'schedule' })).toBe(2)
      expect(moved('manzil_sync_feeds_total', { result: '200' })).toBe(3)
      expect(moved('manzil_sync_feeds_total', { result: '304' })).toBe(1)
      expect(moved('manzil_sync_feeds_total', { result: 'httpStatus' })).toBe(2)
      expect(moved('manzil_sync_fetch_duration_seconds_count')).toBe(6)
      expect(moved('manzil_sync_fetch_duration_seconds_sum')).toBeGreaterThan(0)
      expect(moved('manzil_sync_fetch_duration_seconds_bucket', { le: '+Inf' })).toBe(6)
      expect(moved('manzil_sync_parse_duration_seconds_count')).toBe(3)
      expect(moved('manzil_notifications_sent_total')).toBe(1)
      expect(sample(after, 'manzil_feeds_failing')).toBe(1)
      expect(sample(after, 'manzil_feeds_paused')).toBe(0)

      // "Sync now" is a round started by a request.
      const cookie = await signIn(ctx.app, owner.email)
      await makeAllDue(ctx)
      const trigger = await ctx.app.inject({
        method: 'POST',
        url: '/api/notification/trigger',
        headers: { cookie },
      })
      expect(trigger.statusCode).toBe(200)
      const later = await metricsText(ctx)
      expect(sample(later, 'manzil_sync_rounds_total', { trigger: 'request' })).toBe(
        sample(after, 'manzil_sync_rounds_total', { trigger: 'request' }) + 1,
      )
      expect(sample(later, 'manzil_sync_feeds_total', { result: '304' })).toBe(
        sample(after, 'manzil_sync_feeds_total', { result: '304' }) + 2,
      )
    })

    it('times requests by route pattern and status, never by their URL', async () => {
      const secret = randomUUID()
      expect((await ctx.app.inject({ url: `/api/property/${secret}?token=${secret}` })).statusCode).toBe(401)
      expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200)
      const text = await metricsText(ctx)
      expect(
        sample(text, 'manzil_http_request_duration_seconds_count', {
          method: 'GET',
          route: '/api/property/:id',
          status: '401',
        }),
      ).toBeGreaterThanOrEqual(1)
      expect(
        sample(text, 'manzil_http_request_duration_seconds_count', {
          method: 'GET',
          route: '/api/health',
          status: '200',
        }),
      ).toBeGreaterThanOrEqual(1)
      expect(text).not.toContain(secret)
    })

    it('counts the open notification streams', async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' })
      const streams = () => metricsText(ctx).then((text) => sample(text, 'manzil_sse_streams'))
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      const stream = await openEventStream(`${originOf(ctx.app)}/api/notification/sse`, cookie)
      expect(await stream.next()).toEqual({ comment: 'connected' })
      expect(await streams()).toBe(1)
      stream.close()
      for (let tries = 0; tries < 100 && (await streams()) !== 0; tries++) await sleep(20)
      expect(await streams()).toBe(0)
    })

    it('tells in /api/health when the database answered, the last round and the failing feeds', async () => {
      const response = await ctx.app.inject({ url: '/api/health' })
      expect(response.statusCode).toBe(200)
      const health = response.json()
      expect(health).toEqual({
        status: 'ok',
        db: { engine: ctx.engine, answeredInMs: expect.any(Number) },
        sync: { lastRoundAt: expect.any(String), failingFeeds: 1, pausedFeeds: 0 },
      })
      // The rounds of the test above, a moment ago.
      expect(Date.now() - Date.parse(health.sync.lastRoundAt)).toBeLessThan(60_000)
    })
  },
  { env: { METRICS_TOKEN, SYNC_ALLOW_HOSTS: '127.0.0.1' } },
)

describeEachDatabase('metrics without METRICS_TOKEN', (ctx) => {
  it('are not served at all (404), whatever the caller sends', async () => {
    for (const headers of [{}, { authorization: 'Bearer ' }, { authorization: `Bearer ${METRICS_TOKEN}` }]) {
      const response = await ctx.app.inject({ url: '/api/metrics', headers })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: 'Not found' })
    }
  })

  it('says no sync round has run yet', async () => {
    const response = await ctx.app.inject({ url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json().sync).toEqual({ lastRoundAt: null, failingFeeds: 0, pausedFeeds: 0 })
  })
})

describe('health when the database does not answer', () => {
  it('answers 503 {message}', async () => {
    const database = await openDatabase({ engine: 'sqlite', file: ':memory:' })
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      // The database is there but answers nothing: a lost connection, a full disk, a locked file.
      database: { ...database, ping: () => Promise.reject(new Error('connection lost')) },
      logger: false,
      distDir: '/nonexistent',
    })
    try {
      const response = await app.inject({ url: '/api/health' })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual({ message: 'Database unavailable' })
    } finally {
      await app.close()
    }
  })
})

describe('METRICS_TOKEN', () => {
  it('refuses a token short enough to guess', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/)
    expect(loadConfig({ METRICS_TOKEN }).metricsToken).toBe(METRICS_TOKEN)
    expect(loadConfig({}).metricsToken).toBeUndefined()
  })
})
