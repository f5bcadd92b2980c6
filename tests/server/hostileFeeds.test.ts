import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { addDays } from '../../src/domain/dates.ts'
import { MAX_STAYS, PARSE_TIME_BUDGET_MS, PAUSE_AFTER_BUDGET_FAILURES } from '../../server/sync/budgets.ts'
import { storeFeed } from '../../server/sync/store.ts'
import { startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { hourlyRules, manyParameters, neverMatchingRule } from '../fixtures/hostileFeeds.ts'
import { aCalendarRow, aPropertyRow, aUser, signIn } from './builders.ts'
import { describeEachDatabase, type TestContext } from './harness.ts'
import { longestWait, timedHealth, type HealthWait } from './healthWaits.ts'

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())

/** Three hostile feeds (tests/fixtures/hostileFeeds.ts), each on its own platform link of one property. */
const HOSTILE = [
  { platform: 'Airbnb', body: neverMatchingRule, error: 'sync.errors.recurrenceTooComplex' },
  { platform: 'Booking.com', body: hourlyRules, error: 'sync.errors.tooManyStays' },
  { platform: 'Vrbo', body: manyParameters, error: 'sync.errors.tooManyParameters' },
] as const

async function aHostWithHostileFeeds(ctx: TestContext) {
  const owner = await aUser(ctx.db)
  const poisoned = await aPropertyRow(ctx.db, owner.id, { name: 'Poisoned' })
  const hostile = []
  for (const feed of HOSTILE) {
    const route = `/${randomUUID()}.ics`
    feeds.serve(route, feed.body())
    hostile.push({
      ...feed,
      route,
      calendarId: await aCalendarRow(ctx.db, poisoned.id, feeds.url(route), feed.platform),
    })
  }
  const honest = await aPropertyRow(ctx.db, owner.id, { name: 'Honest' })
  const honestRoute = `/${randomUUID()}.ics`
  feeds.serveFixture(honestRoute, 'airbnb.ics')
  const honestCalendar = await aCalendarRow(ctx.db, honest.id, feeds.url(honestRoute))
  return { owner, poisoned, hostile, honestCalendar, cookie: await signIn(ctx.app, owner.email) }
}

/** Runs a scheduled round over every link (their interval has passed), timing /api/health meanwhile. */
async function scheduledRound(ctx: TestContext): Promise<HealthWait[]> {
  await ctx.db.updateTable('external_calendars').set({ next_sync_at: new Date().toISOString() }).execute()
  const waits: HealthWait[] = []
  let done = false
  const round = ctx.app.syncScheduler.runDue().finally(() => (done = true))
  while (!done) {
    waits.push(await timedHealth(async () => (await ctx.app.inject({ url: '/api/health' })).statusCode))
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  await round
  return waits
}

const calendarsOf = async (ctx: TestContext, cookie: string, propertyId: string) => {
  const response = await ctx.app.inject({ url: `/api/property/${propertyId}`, headers: { cookie } })
  return (
    response.json() as {
      externalCalendars: { platformName: string; lastError: string | null; paused: boolean }[]
    }
  ).externalCalendars
}

describeEachDatabase(
  'hostile feeds',
  (ctx) => {
    it(`store ${MAX_STAYS} stays in batches, letting the event loop turn between them`, async () => {
      const owner = await aUser(ctx.db)
      const property = await aPropertyRow(ctx.db, owner.id)
      const calendar = {
        id: await aCalendarRow(ctx.db, property.id, 'https://example.com/a.ics'),
        property_id: property.id,
        platform_name: 'Airbnb',
        first_synced_at: null,
      }
      const stays = Array.from({ length: MAX_STAYS }, (_, index) => ({
        uid: `stay-${index}`,
        summary: `Reserved - Guest ${index}`,
        description: null,
        location: null,
        start: addDays('2030-01-01', index),
        end: addDays('2030-01-01', index + 1),
        warning: null,
      }))
      const store = (events: typeof stays) =>
        ctx.db
          .transaction()
          .execute((trx) =>
            storeFeed(trx, calendar, events, 'Airbnb', new Date().toISOString(), '2026-01-01'),
          )
      // Each turn of the loop lets one of these through; one long turn would let a single one.
      let turns = 0
      let storing = true
      const counting = (async () => {
        while (storing) {
          await new Promise((resolve) => setImmediate(resolve))
          turns++
        }
      })()
      const firstImport = await store(stays)
      const rewrite = await store(stays.map((stay) => ({ ...stay, summary: `${stay.summary}!` })))
      storing = false
      await counting
      expect(firstImport.added).toBe(MAX_STAYS)
      expect(rewrite.touched.size).toBe(0)
      expect(rewrite.added).toBe(0)
      expect(turns).toBeGreaterThanOrEqual(20)
    })

    it('import an honest feed beside them, each failing with its budget, /api/health answering throughout', async () => {
      const host = await aHostWithHostileFeeds(ctx)
      const waits = await scheduledRound(ctx)
      expect(waits.length).toBeGreaterThan(0)
      const longest = longestWait(waits)
      // A hostile feed read on this thread would hold it for the whole of its budget.
      expect(longest.heldMs).toBeLessThan(250)
      expect(longest.wallMs).toBeLessThan(PARSE_TIME_BUDGET_MS)
      const honestStays = await ctx.db
        .selectFrom('bookings')
        .select('uid')
        .where('calendar_id', '=', host.honestCalendar)
        .execute()
      expect(honestStays).toHaveLength(3)
      const shown = await calendarsOf(ctx, host.cookie, host.poisoned.id)
      for (const feed of HOSTILE)
        expect(shown.find((calendar) => calendar.platformName === feed.platform)).toMatchObject({
          lastError: feed.error,
          paused: false,
        })
      const stored = await ctx.db
        .selectFrom('bookings')
        .select('uid')
        .where('property_id', '=', host.poisoned.id)
        .execute()
      expect(stored).toEqual([])
    })

    it(`pause after ${PAUSE_AFTER_BUDGET_FAILURES} budget failures, until Sync now or an edited link`, async () => {
      const host = await aHostWithHostileFeeds(ctx)
      const fetches = (route: string) => feeds.requestsTo(route).length
      for (let round = 0; round < PAUSE_AFTER_BUDGET_FAILURES; round++) await scheduledRound(ctx)
      for (const feed of host.hostile) expect(fetches(feed.route)).toBe(PAUSE_AFTER_BUDGET_FAILURES)
      expect(
        (await calendarsOf(ctx, host.cookie, host.poisoned.id)).every((calendar) => calendar.paused),
      ).toBe(true)

      await scheduledRound(ctx)
      for (const feed of host.hostile) expect(fetches(feed.route)).toBe(PAUSE_AFTER_BUDGET_FAILURES)

      const [neverEnding, hourly] = host.hostile
      // Sync now tries every paused feed again; they fail again, but start counting anew.
      const syncNow = await ctx.app.inject({
        method: 'POST',
        url: '/api/notification/trigger',
        headers: { cookie: host.cookie },
      })
      expect(syncNow.json()).toMatchObject({ failed: HOSTILE.length, synced: 1 })
      for (const feed of host.hostile) expect(fetches(feed.route)).toBe(PAUSE_AFTER_BUDGET_FAILURES + 1)
      expect(
        (await calendarsOf(ctx, host.cookie, host.poisoned.id)).some((calendar) => calendar.paused),
      ).toBe(false)
      for (let round = 0; round < PAUSE_AFTER_BUDGET_FAILURES; round++) await scheduledRound(ctx)
      expect(
        (await calendarsOf(ctx, host.cookie, host.poisoned.id)).every((calendar) => calendar.paused),
      ).toBe(true)

      // The host points the never-ending link at an honest feed: it is fetched and imported at once.
      const mended = `/${randomUUID()}.ics`
      feeds.serveFixture(mended, 'airbnb.ics')
      const edited = await ctx.app.inject({
        method: 'POST',
        url: `/api/property/${host.poisoned.id}/calendar/external`,
        headers: { cookie: host.cookie },
        payload: { platformName: neverEnding!.platform, urlPath: feeds.url(mended) },
      })
      expect(edited.statusCode).toBeLessThan(300)
      const after = await calendarsOf(ctx, host.cookie, host.poisoned.id)
      expect(after.find((calendar) => calendar.platformName === neverEnding!.platform)).toMatchObject({
        lastError: null,
        paused: false,
      })
      expect(after.find((calendar) => calendar.platformName === hourly!.platform)?.paused).toBe(true)
    })
  },
  { env: { SYNC_ALLOW_HOSTS: '127.0.0.1' } },
)
