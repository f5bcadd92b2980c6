import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { SYNC_NOW_INTERVAL_MS } from '../../server/sync/syncNowLimit.ts'
import { startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { aCalendarRow, aPropertyRow, aUser, signIn } from './builders.ts'
import { describeEachDatabase, startSecondProcess, type TestContext } from './harness.ts'

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())

const TOO_SOON = /^You synced a moment ago\. You can sync again in \d+ seconds?$/

/** A signed-in host with a property and two linked feeds, each served at a route of its own. */
async function aHostWithFeeds(ctx: TestContext) {
  const owner = await aUser(ctx.db)
  const property = await aPropertyRow(ctx.db, owner.id)
  const routes = [`/${randomUUID()}.ics`, `/${randomUUID()}.ics`]
  feeds.serveFixture(routes[0]!, 'airbnb.ics')
  feeds.serveFixture(routes[1]!, 'vrbo.ics')
  await aCalendarRow(ctx.db, property.id, feeds.url(routes[0]!), 'Airbnb')
  await aCalendarRow(ctx.db, property.id, feeds.url(routes[1]!), 'Vrbo')
  const cookie = await signIn(ctx.app, owner.email)
  return {
    owner,
    routes,
    headers: { cookie },
    syncNow: (language = 'en') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/notification/trigger',
        headers: { cookie, 'accept-language': language },
      }),
    fetches: () => routes.map((route) => feeds.requestsTo(route).length),
  }
}

function expectRefused(response: { statusCode: number; headers: Record<string, unknown> }) {
  expect(response.statusCode).toBe(429)
  const retryAfter = Number(response.headers['retry-after'])
  expect(Number.isInteger(retryAfter)).toBe(true)
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(SYNC_NOW_INTERVAL_MS / 1000)
  return retryAfter
}

describeEachDatabase(
  'the Sync now limit',
  (ctx) => {
    it('refuses a second press within the minute in another server process too', async () => {
      const host = await aHostWithFeeds(ctx)
      const second = await startSecondProcess(ctx)
      try {
        expect((await host.syncNow()).statusCode).toBe(200)
        expectRefused(
          await second.inject({ method: 'POST', url: '/api/notification/trigger', headers: host.headers }),
        )
        expect(host.fetches()).toEqual([1, 1])
      } finally {
        await second.close()
      }
    })

    it('syncs on the first press and refuses a second one at once with 429, Retry-After and the wait', async () => {
      const host = await aHostWithFeeds(ctx)
      const first = await host.syncNow()
      expect(first.statusCode).toBe(200)
      expect(first.json()).toMatchObject({ synced: 2, failed: 0 })

      const second = await host.syncNow()
      const retryAfter = expectRefused(second)
      expect(second.json()).toEqual({
        message: `You synced a moment ago. You can sync again in ${retryAfter} ${retryAfter === 1 ? 'second' : 'seconds'}`,
      })
      expect(second.json().message).toMatch(TOO_SOON)
      expect(host.fetches()).toEqual([1, 1])
    })

    it('says how long to wait in Arabic', async () => {
      const host = await aHostWithFeeds(ctx)
      expect((await host.syncNow('ar')).statusCode).toBe(200)
      const refused = await host.syncNow('ar')
      expectRefused(refused)
      expect(refused.json().message).toMatch(/^لقد أجريت المزامنة قبل لحظات\. يمكنك المزامنة مجددًا بعد /)
    })

    it('lets exactly one of 20 parallel presses through, and fetches each feed once', async () => {
      const host = await aHostWithFeeds(ctx)
      const answers = await Promise.all(Array.from({ length: 20 }, () => host.syncNow()))
      const statuses = answers.map((answer) => answer.statusCode)
      expect(statuses.filter((status) => status === 200)).toHaveLength(1)
      expect(statuses.filter((status) => status === 429)).toHaveLength(19)
      for (const refused of answers.filter((answer) => answer.statusCode === 429)) {
        expectRefused(refused)
        expect(refused.json().message).toMatch(TOO_SOON)
      }
      expect(host.fetches()).toEqual([1, 1])
    })

    it("does not hold one account's press against another account", async () => {
      const first = await aHostWithFeeds(ctx)
      const second = await aHostWithFeeds(ctx)
      expect((await first.syncNow()).statusCode).toBe(200)
      expectRefused(await first.syncNow())
      expect((await second.syncNow()).statusCode).toBe(200)
      expect(second.fetches()).toEqual([1, 1])
    })

    it('syncs again once a minute has passed since the last press', async () => {
      const host = await aHostWithFeeds(ctx)
      expect((await host.syncNow()).statusCode).toBe(200)
      expectRefused(await host.syncNow())
      await ctx.db
        .updateTable('users')
        .set({ sync_requested_at: new Date(Date.now() - SYNC_NOW_INTERVAL_MS - 1000).toISOString() })
        .where('id', '=', host.owner.id)
        .execute()
      expect((await host.syncNow()).statusCode).toBe(200)
      expect(host.fetches()).toEqual([2, 2])
      expectRefused(await host.syncNow())
    })

    it('counts the wait from the last press', async () => {
      const host = await aHostWithFeeds(ctx)
      await ctx.db
        .updateTable('users')
        .set({ sync_requested_at: new Date(Date.now() - 45_000).toISOString() })
        .where('id', '=', host.owner.id)
        .execute()
      const retryAfter = expectRefused(await host.syncNow())
      expect(retryAfter).toBeGreaterThanOrEqual(14)
      expect(retryAfter).toBeLessThanOrEqual(15)
      expect(host.fetches()).toEqual([0, 0])
    })
  },
  { env: { SYNC_ALLOW_HOSTS: '127.0.0.1' } },
)
