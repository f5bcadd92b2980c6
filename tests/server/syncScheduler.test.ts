import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { claimCalendars, renewLease } from '../../server/db/lease.ts'
import { createSyncScheduler, type SyncScheduler } from '../../server/sync/scheduler.ts'
import { startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { aCalendarRow, aPropertyRow, aUser } from './builders.ts'
import { describeEachDatabase, type TestContext } from './harness.ts'

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())

async function dueCalendars(ctx: TestContext, urls: string[]) {
  const owner = await aUser(ctx.db)
  const property = await aPropertyRow(ctx.db, owner.id)
  return Promise.all(urls.map((url, index) => aCalendarRow(ctx.db, property.id, url, `Platform ${index}`)))
}

const fastFeed = () => {
  const route = `/${randomUUID()}.ics`
  feeds.serveFixture(route, 'airbnb.ics')
  return feeds.url(route)
}

const syncedAt = (ctx: TestContext, ids: string[]) =>
  ctx.db
    .selectFrom('external_calendars')
    .select(['id', 'last_synced_at', 'lease_until'])
    .where('id', 'in', ids)
    .execute()

const allSynced = async (ctx: TestContext, ids: string[]) => {
  while ((await syncedAt(ctx, ids)).some((row) => row.last_synced_at === null)) await sleep(20)
}

// One account's backlog: 25 properties × 8 links to a feed answering after SLOW_MS, 25 feed
// delays of work for eight slots. The host whose scale this is has 200 links to a feed answering
// after 9 s, and another host's Sync now must end within 30 s meanwhile; here the other host gets
// twelve feed delays, under half of what waiting behind the backlog takes.
const SLOW_MS = 500
const BACKLOG = { properties: 25, linksEach: 8 }
const OTHER_HOST_BOUND_MS = 12 * SLOW_MS

type Backlog = { scheduler: SyncScheduler; backlogIds: string[]; otherIds: string[] }

/**
 * How long another host's two fast feeds take (`otherHost`) on a scheduler that `startBacklog`
 * has just set to syncing one account's backlog of slow feeds. The scheduler is stopped before
 * the backlog is done, so the test does not wait for it.
 */
async function timeBesideABacklog(
  ctx: TestContext,
  startBacklog: (backlog: Backlog) => Promise<unknown>,
  otherHost: (backlog: Backlog) => Promise<unknown>,
) {
  const otherIds = await dueCalendars(ctx, [fastFeed(), fastFeed()])
  const owner = await aUser(ctx.db)
  const backlogIds: string[] = []
  for (let index = 0; index < BACKLOG.properties; index++) {
    const property = await aPropertyRow(ctx.db, owner.id)
    for (let link = 0; link < BACKLOG.linksEach; link++) {
      const url = feeds.url(`/slow?ms=${SLOW_MS}&${randomUUID()}`)
      backlogIds.push(await aCalendarRow(ctx.db, property.id, url, `Platform ${link}`))
    }
  }
  const backlog = { scheduler: createSyncScheduler(ctx.app), backlogIds, otherIds }
  const backlogDone = startBacklog(backlog)
  while (feeds.load.active === 0) await sleep(5)
  const started = Date.now()
  try {
    await otherHost(backlog)
    return Date.now() - started
  } finally {
    await backlog.scheduler.stop()
    await backlogDone
  }
}

describeEachDatabase(
  'sync scheduling',
  (ctx) => {
    beforeEach(async () => {
      // Each test starts with nothing due but its own calendars.
      await ctx.db
        .updateTable('external_calendars')
        .set({ next_sync_at: '9999-12-31T00:00:00.000Z' })
        .execute()
      feeds.load.peak = 0
    })

    it('syncs every due calendar, a slow feed holding up none of the others', async () => {
      const slow = feeds.url('/slow?ms=3000')
      const [slowId, ...fastIds] = await dueCalendars(ctx, [slow, ...Array.from({ length: 11 }, fastFeed)])
      const scheduler = createSyncScheduler(ctx.app)
      const started = Date.now()
      const round = scheduler.runDue()
      while ((await syncedAt(ctx, fastIds)).some((row) => row.last_synced_at === null)) await sleep(20)
      const fastOnesSyncedAfter = Date.now() - started
      // The round ends before any assertion can fail: a slow fetch left running would count in
      // the next test's peak of feeds fetched at once.
      expect(await round).toBe(12)
      expect(fastOnesSyncedAfter).toBeLessThan(2500)
      expect((await syncedAt(ctx, [slowId!]))[0]?.last_synced_at).not.toBeNull()
    })

    it('fetches at most eight feeds at a time', async () => {
      await dueCalendars(
        ctx,
        Array.from({ length: 20 }, () => feeds.url(`/slow?ms=150&${randomUUID()}`)),
      )
      expect(await createSyncScheduler(ctx.app).runDue()).toBe(20)
      expect(feeds.load.peak).toBeLessThanOrEqual(8)
      expect(feeds.load.peak).toBeGreaterThan(1)
    })

    it('leaves calendars that are not due alone', async () => {
      const [id] = await dueCalendars(ctx, [fastFeed()])
      await ctx.db
        .updateTable('external_calendars')
        .set({ next_sync_at: '9999-12-31T00:00:00.000Z' })
        .where('id', '=', id!)
        .execute()
      expect(await createSyncScheduler(ctx.app).runDue()).toBe(0)
    })

    it('never leases one calendar to two claimers', async () => {
      const ids = await dueCalendars(ctx, Array.from({ length: 20 }, fastFeed))
      const now = new Date().toISOString()
      const leaseUntil = new Date(Date.now() + 60_000).toISOString()
      // Four claimers at once, each asking for the same calendars.
      const claims = await Promise.all(
        Array.from({ length: 4 }, () =>
          claimCalendars(ctx.app.database, { now, leaseUntil, ids, onlyDue: true }),
        ),
      )
      const claimed = claims.flat().map((row) => row.id)
      expect(new Set(claimed).size).toBe(claimed.length)
      expect(claimed.sort()).toEqual([...ids].sort())
    })

    it('hands the calendars it leases over in the order they were asked for, the accounts’ turns', async () => {
      const ids = await dueCalendars(ctx, Array.from({ length: 7 }, fastFeed))
      // An order the rows were not written in, nor any index keeps.
      const asked = [...ids].sort((a, b) => (a.slice(-6) < b.slice(-6) ? -1 : 1)).reverse()
      const now = new Date().toISOString()
      const leaseUntil = new Date(Date.now() + 60_000).toISOString()
      const claimed = await claimCalendars(ctx.app.database, { now, leaseUntil, ids: asked })
      expect(claimed.map((calendar) => calendar.id)).toEqual(asked)
    })

    it("starts a Sync now's links in turns of their properties, not a property's side by side", async () => {
      const owner = await aUser(ctx.db)
      const villa = (await aPropertyRow(ctx.db, owner.id, { name: 'Villa' })).id
      const loft = (await aPropertyRow(ctx.db, owner.id, { name: 'Loft' })).id
      const routes: string[] = []
      const ids: string[] = []
      for (const property of [villa, loft])
        for (const platform of ['Airbnb', 'Vrbo']) {
          const route = `/${randomUUID()}.ics`
          feeds.serveFixture(route, 'airbnb.ics')
          routes.push(route)
          ids.push(await aCalendarRow(ctx.db, property, feeds.url(route), platform))
        }
      // One slot: the links start one after another, in the order the slot is given them.
      const scheduler = createSyncScheduler(ctx.app, 1)
      await scheduler.syncNow(ids, { mail: false })
      const started = feeds.requests
        .filter((request) => routes.includes(request.path))
        .map((request) => routes.indexOf(request.path))
      // The Villa's Airbnb, the Loft's Airbnb, the Villa's Vrbo, the Loft's Vrbo.
      expect(started).toEqual([0, 2, 1, 3])
      await scheduler.stop()
    })

    it('renews a lease it still holds, never one that ran out and another process took', async () => {
      const [kept, lost] = await dueCalendars(ctx, [fastFeed(), fastFeed()])
      const now = new Date().toISOString()
      const leaseUntil = new Date(Date.now() + 60_000).toISOString()
      const claimed = await claimCalendars(ctx.app.database, { now, leaseUntil, ids: [kept!, lost!] })
      await ctx.db
        .updateTable('external_calendars')
        .set({ lease_until: new Date(Date.now() + 90_000).toISOString() })
        .where('id', '=', lost!)
        .execute()
      const later = new Date(Date.now() + 120_000).toISOString()
      const renewed = await Promise.all(claimed.map((calendar) => renewLease(ctx.db, calendar, later)))
      expect(Object.fromEntries(claimed.map((calendar, index) => [calendar.id, renewed[index]]))).toEqual({
        [kept!]: true,
        [lost!]: false,
      })
      expect((await syncedAt(ctx, [kept!]))[0]?.lease_until).toBe(later)
    })

    it('frees on stopping the leases it took but had not started', async () => {
      // Two workers lease all four at once, in their turns: the fast one and a slow one start;
      // once the fast one is done the next starts, and the last waits for a free worker.
      const urls = [
        fastFeed(),
        ...Array.from({ length: 3 }, () => feeds.url(`/slow?ms=20000&${randomUUID()}`)),
      ]
      const ids = await dueCalendars(ctx, urls)
      for (const [index, id] of ids.entries())
        await ctx.db
          .updateTable('external_calendars')
          .set({ next_sync_at: `2020-01-0${index + 1}T00:00:00.000Z` })
          .where('id', '=', id)
          .execute()
      const scheduler = createSyncScheduler(ctx.app, 2)
      void scheduler.runDue()
      while (feeds.load.active < 2 || (await syncedAt(ctx, [ids[0]!]))[0]?.last_synced_at === null)
        await sleep(20)
      const leased = (await syncedAt(ctx, ids)).filter((row) => row.lease_until !== null)
      expect(leased).toHaveLength(3)
      await scheduler.stop()
      expect((await syncedAt(ctx, ids)).map((row) => row.lease_until)).toEqual([null, null, null, null])
    })

    it("answers another host's Sync now while one account's Sync now of many slow feeds runs", async () => {
      const tookMs = await timeBesideABacklog(
        ctx,
        ({ scheduler, backlogIds }) => scheduler.syncNow(backlogIds),
        async ({ scheduler, otherIds }) =>
          expect(await scheduler.syncNow(otherIds)).toMatchObject([
            { result: 'imported' },
            { result: 'imported' },
          ]),
      )
      expect(tookMs).toBeLessThan(OTHER_HOST_BOUND_MS)
    })

    it("syncs another host's due feeds while one account's Sync now of many slow feeds runs", async () => {
      const tookMs = await timeBesideABacklog(
        ctx,
        ({ scheduler, backlogIds }) => scheduler.syncNow(backlogIds),
        async ({ scheduler, otherIds }) => {
          void scheduler.runDue()
          await allSynced(ctx, otherIds)
        },
      )
      expect(tookMs).toBeLessThan(OTHER_HOST_BOUND_MS)
    })

    it("syncs another host's due feeds early in a round that one account's many slow feeds fill", async () => {
      const tookMs = await timeBesideABacklog(
        ctx,
        async ({ scheduler, backlogIds }) => {
          // The backlog has waited longest: oldest first would fetch all of it before the other host.
          await ctx.db
            .updateTable('external_calendars')
            .set({ next_sync_at: '2020-01-01T00:00:00.000Z' })
            .where('id', 'in', backlogIds)
            .execute()
          return scheduler.runDue()
        },
        ({ otherIds }) => allSynced(ctx, otherIds),
      )
      expect(tookMs).toBeLessThan(OTHER_HOST_BOUND_MS)
    })

    it('runs in the background once started and stops without waiting for a slow feed', async () => {
      const [fastId, slowId] = await dueCalendars(ctx, [fastFeed(), feeds.url('/slow?ms=20000')])
      const scheduler = createSyncScheduler(ctx.app)
      scheduler.start()
      while ((await syncedAt(ctx, [fastId!]))[0]?.last_synced_at === null) await sleep(20)
      const stopping = Date.now()
      await scheduler.stop()
      expect(Date.now() - stopping).toBeLessThan(1000)
      // The interrupted feed is free for the next process, and not blamed for the shutdown.
      expect(await syncedAt(ctx, [slowId!])).toEqual([
        { id: slowId, last_synced_at: null, lease_until: null },
      ])
      expect(await scheduler.syncNow([slowId!])).toEqual([])
    })
  },
  { env: { SYNC_ALLOW_HOSTS: '127.0.0.1' } },
)
