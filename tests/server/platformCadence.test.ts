import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import type { PlatformCadence } from '../../contract/imports.ts'
import type { InternalCalendar } from '../../contract/property.ts'
import { CADENCE_CACHE_MS, CADENCE_FEED_BATCH } from '../../server/imports/platformCadence.ts'
import { aCalendarRow, aPropertyRow, aUser, signIn } from './builders.ts'
import { describeEachDatabase, type TestContext } from './harness.ts'

const START = new Date('2027-05-10T12:00:30.000Z')
/** How far the suite's clock is past START. */
let elapsedMs = 0
const MINUTE_MS = 60_000
const AIRBNB_AGENT = 'Airbnb Calendar Sync/1.0 (+https://www.airbnb.com)'

/** A platform's feed of a new property of `ownerId`. */
async function aFeed(ctx: TestContext, ownerId: string, platformName: string) {
  const property = await aPropertyRow(ctx.db, ownerId)
  const id = randomUUID()
  await ctx.db
    .insertInto('platform_feeds')
    .values({
      id,
      property_id: property.id,
      platform_name: platformName,
      token: randomUUID(),
      created_at: START.toISOString(),
    })
    .execute()
  return id
}

/** The feed fetched at these minutes before the suite's now, by `userAgent`. */
async function fetched(
  ctx: TestContext,
  feedId: string,
  minutesAgo: readonly number[],
  userAgent = AIRBNB_AGENT,
) {
  const now = START.getTime() + elapsedMs
  await ctx.db
    .insertInto('feed_fetches')
    .values(
      minutesAgo.map((ago) => {
        const at = new Date(now - ago * MINUTE_MS).toISOString()
        return {
          feed_id: feedId,
          minute: at.slice(0, 16),
          fetched_at: at,
          status: 200,
          bytes: 100,
          user_agent: userAgent,
        }
      }),
    )
    .execute()
}

async function platformsAs(ctx: TestContext, cookie: string) {
  const answer = await ctx.app.inject({ url: '/api/admin/imports', headers: { cookie } })
  expect(answer.statusCode).toBe(200)
  return answer.json() as PlatformCadence[]
}

/** What a new admin reads. */
const seenByAnAdmin = async (ctx: TestContext) =>
  platformsAs(ctx, await signIn(ctx.app, (await aUser(ctx.db, { isAdmin: true })).email))

describeEachDatabase(
  'each platform’s import interval measured across accounts',
  (ctx) => {
    it('is for admins only, and lists no platform before any import', async () => {
      elapsedMs = 0
      const host = await aUser(ctx.db)
      const hostCookie = await signIn(ctx.app, host.email)
      const refused = await ctx.app.inject({ url: '/api/admin/imports', headers: { cookie: hostCookie } })
      expect(refused.statusCode).toBe(403)
      expect((await ctx.app.inject({ url: '/api/admin/imports' })).statusCode).toBe(401)
      expect(await seenByAnAdmin(ctx)).toEqual([])
    })

    it('pools the intervals within each feed across accounts, counts feeds, accounts and User-Agent families, and keeps the answer for minutes', async () => {
      // A new window of the suite's clock, past the previous test's cached answer.
      elapsedMs = 10 * CADENCE_CACHE_MS
      const [first, second, third] = [await aUser(ctx.db), await aUser(ctx.db), await aUser(ctx.db)]
      // Two accounts' Airbnb feeds, one every 2 hours, one every 3 (4 and 2 intervals), and the
      // second's fetches spread over two User-Agent versions and a calendar app.
      await fetched(ctx, await aFeed(ctx, first.id, 'Airbnb'), [0, 120, 240, 360, 480])
      const secondAirbnb = await aFeed(ctx, second.id, 'Airbnb')
      await fetched(ctx, secondAirbnb, [30, 210], 'Airbnb Calendar Sync/2.0 (+https://www.airbnb.com)')
      await fetched(
        ctx,
        secondAirbnb,
        [390],
        'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      )
      // Older than the week, and a single fetch: no interval, but the fetch in the week is counted.
      await fetched(ctx, await aFeed(ctx, third.id, 'Airbnb'), [60, 8 * 24 * 60], AIRBNB_AGENT)
      // Vrbo: one account, two intervals, under the minimum of three.
      await fetched(ctx, await aFeed(ctx, third.id, 'Vrbo'), [0, 60, 120], 'Vrbo')
      // A feed never fetched is no platform's measure.
      await aFeed(ctx, third.id, 'Gathern')

      const admin = await aUser(ctx.db, { isAdmin: true })
      const cookie = await signIn(ctx.app, admin.email)
      const platforms = await platformsAs(ctx, cookie)
      expect(platforms).toEqual([
        {
          platformName: 'Airbnb',
          // 120 ×4, 180 ×2: the median is 120 and the p95 180.
          medianIntervalMinutes: 120,
          p95IntervalMinutes: 180,
          feedsCounted: 2,
          accountsCounted: 2,
          userAgentFamilies: [
            { family: 'Airbnb Calendar Sync', fetches: 8 },
            { family: 'Googlebot', fetches: 1 },
          ],
        },
        {
          platformName: 'Vrbo',
          medianIntervalMinutes: null,
          p95IntervalMinutes: null,
          feedsCounted: 1,
          accountsCounted: 1,
          userAgentFamilies: [{ family: 'Vrbo', fetches: 3 }],
        },
      ])

      // Within the cache's minutes the answer is the one measured; past them, measured again.
      await fetched(ctx, await aFeed(ctx, third.id, 'Booking.com'), [1, 2, 3, 4], 'Booking.com')
      expect(await platformsAs(ctx, cookie)).toEqual(platforms)
      elapsedMs += CADENCE_CACHE_MS
      const later = await platformsAs(ctx, cookie)
      expect(later.map((platform) => platform.platformName)).toEqual(['Airbnb', 'Booking.com', 'Vrbo'])
      expect(later.find((platform) => platform.platformName === 'Booking.com')).toMatchObject({
        medianIntervalMinutes: 1,
        feedsCounted: 1,
      })
    })

    it('reads every feed when there are more than a batch, and records what the platform sent', async () => {
      elapsedMs = 20 * CADENCE_CACHE_MS
      const owner = await aUser(ctx.db)
      const feeds = []
      for (let index = 0; index <= CADENCE_FEED_BATCH; index++)
        feeds.push(await aFeed(ctx, owner.id, 'Agoda'))
      for (const feed of feeds) await fetched(ctx, feed, [0, 45, 90], 'Agoda-Sync/3.1')
      // A real import of a real link, through the export route, with its User-Agent.
      const cookie = await signIn(ctx.app, owner.email)
      const property = await aPropertyRow(ctx.db, owner.id)
      await aCalendarRow(ctx.db, property.id, 'https://calendars.example/expedia.ics', 'Expedia')
      const internal = await ctx.app.inject({
        url: `/api/property/${property.id}/calendar/internal`,
        headers: { cookie },
      })
      const url = (internal.json() as InternalCalendar).platforms.find(
        (feed) => feed.platformName === 'Expedia',
      )!.url
      await ctx.app.inject({
        url: new URL(url).pathname,
        headers: { 'user-agent': 'Expedia iCal Agent 4.2' },
      })
      await ctx.app.calendars.flushFetches()

      const platforms = await seenByAnAdmin(ctx)
      expect(platforms.find((platform) => platform.platformName === 'Agoda')).toEqual({
        platformName: 'Agoda',
        medianIntervalMinutes: 45,
        p95IntervalMinutes: 45,
        feedsCounted: CADENCE_FEED_BATCH + 1,
        accountsCounted: 1,
        userAgentFamilies: [{ family: 'Agoda-Sync', fetches: 3 * (CADENCE_FEED_BATCH + 1) }],
      })
      expect(platforms.find((platform) => platform.platformName === 'Expedia')).toEqual({
        platformName: 'Expedia',
        medianIntervalMinutes: null,
        p95IntervalMinutes: null,
        feedsCounted: 0,
        accountsCounted: 0,
        userAgentFamilies: [{ family: 'Expedia iCal Agent', fetches: 1 }],
      })
    })

    it('reads at most the latest 100 fetches of a feed however often its platform polls', async () => {
      elapsedMs = 25 * CADENCE_CACHE_MS
      const owner = await aUser(ctx.db)
      const feed = await aFeed(ctx, owner.id, 'Tripadvisor')
      // Every minute for a week: 10,080 rows.
      const minutes = Array.from({ length: 7 * 24 * 60 }, (_, minute) => minute)
      for (let from = 0; from < minutes.length; from += 1000)
        await fetched(ctx, feed, minutes.slice(from, from + 1000), 'Tripadvisor-Poller/9')
      const platforms = await seenByAnAdmin(ctx)
      expect(platforms.find((platform) => platform.platformName === 'Tripadvisor')).toMatchObject({
        medianIntervalMinutes: 1,
        p95IntervalMinutes: 1,
        userAgentFamilies: [{ family: 'Tripadvisor-Poller', fetches: 100 }],
      })
    })

    it("shows an admin a user's property figures, and no other host", async () => {
      elapsedMs = 30 * CADENCE_CACHE_MS
      const owner = await aUser(ctx.db)
      const property = await aPropertyRow(ctx.db, owner.id)
      await aCalendarRow(ctx.db, property.id, 'https://calendars.example/vrbo.ics', 'Vrbo')
      const internalOf = (cookie: string, url: string) => ctx.app.inject({ url, headers: { cookie } })
      const ownerUrl = `/api/property/${property.id}/calendar/internal`
      const adminUrl = `/api/admin/property/${property.id}/calendar/internal`
      const feedUrl = (
        (await internalOf(await signIn(ctx.app, owner.email), ownerUrl)).json() as InternalCalendar
      ).platforms[0]!.url
      await ctx.app.inject({ url: new URL(feedUrl).pathname, headers: { 'user-agent': 'Vrbo' } })
      await ctx.app.calendars.flushFetches()

      const admin = await aUser(ctx.db, { isAdmin: true })
      const seen = await internalOf(await signIn(ctx.app, admin.email), adminUrl)
      expect(seen.statusCode).toBe(200)
      expect((seen.json() as InternalCalendar).platforms).toEqual([
        expect.objectContaining({ platformName: 'Vrbo', lastUserAgent: 'Vrbo', atRisk: [] }),
      ])
      const stranger = await signIn(ctx.app, (await aUser(ctx.db)).email)
      expect((await internalOf(stranger, adminUrl)).statusCode).toBe(403)
      expect((await internalOf(stranger, ownerUrl)).statusCode).toBe(404)
    })
  },
  { clock: () => new Date(START.getTime() + elapsedMs) },
)
