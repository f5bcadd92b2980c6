import { expect, it } from 'vitest'
import { addDays } from '../../src/domain/dates.ts'
import { aStay } from './bookingBuilders.ts'
import { aHostWithPlatformLinks } from './importHost.ts'
import { aTeamMember, aUser, signIn } from './builders.ts'
import { describeEachDatabase, type TestContext } from './harness.ts'

const START = new Date()
let elapsedMs = 0
const HOUR_MS = 3_600_000
const today = START.toISOString().slice(0, 10)
const AGENT = 'Airbnb-Calendar-Sync/1.0'

const aHostWithLinks = (ctx: TestContext) => aHostWithPlatformLinks(ctx, { userAgent: AGENT })

describeEachDatabase(
  'whether each platform imported what Manzil serves it',
  (ctx) => {
    it('marks the nights a platform has not been served since they were taken, until it imports them', async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      const sale = await aStay(ctx.db, host.vrbo, addDays(today, 10), addDays(today, 13))
      const { taken_at: soldAt } = await ctx.db
        .selectFrom('bookings')
        .select('taken_at')
        .where('id', '=', sale)
        .executeTakeFirstOrThrow()
      await aStay(ctx.db, host.airbnb, addDays(today, 20), addDays(today, 22))

      let feeds = await host.internal()
      // Never imported: everything the feed serves is at risk; a platform's own sale never is.
      expect(feeds('Airbnb')).toMatchObject({
        lastFetchedAt: null,
        lastUserAgent: null,
        medianIntervalMinutes: null,
        atRisk: [{ start: addDays(today, 10), end: addDays(today, 13), since: soldAt, acknowledged: false }],
      })
      expect(feeds('Vrbo').atRisk.map(({ start, end }) => [start, end])).toEqual([
        [addDays(today, 20), addDays(today, 22)],
      ])

      await host.imports('Airbnb')
      feeds = await host.internal()
      expect(feeds('Airbnb')).toMatchObject({ lastUserAgent: AGENT, atRisk: [] })
      expect(feeds('Airbnb').lastFetchedAt).not.toBeNull()
      // The summary's stays are kept under the host's data version; what Airbnb imported is not.
      expect((await host.exposure()).nightsAtRisk).toBe(2)

      // Sold elsewhere since Airbnb last imported: at risk again, only the new nights.
      await aStay(ctx.db, host.vrbo, addDays(today, 30), addDays(today, 31))
      expect((await host.internal())('Airbnb').atRisk.map(({ start, end }) => [start, end])).toEqual([
        [addDays(today, 30), addDays(today, 31)],
      ])
      const summary = await host.exposure()
      expect(summary.properties.find((property) => property.propertyId === host.property.id)).toMatchObject({
        propertyName: 'Dune House',
        platforms: expect.arrayContaining([
          expect.objectContaining({ platformName: 'Airbnb', nightsAtRisk: 1 }),
          expect.objectContaining({ platformName: 'Vrbo', nightsAtRisk: 2, lastFetchedAt: null }),
        ]),
      })
      expect(summary.nightsAtRisk).toBe(3)
      expect(summary.silent).toEqual([])
    })

    it('answers an unchanged exposure with 304 to the copy the screen has, and a changed one in full', async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      await aStay(ctx.db, host.vrbo, addDays(today, 10), addDays(today, 13))
      // Its links' availability feeds are made when the property's page first asks for them.
      await host.internal()
      const ask = (etag?: string) =>
        ctx.app.inject({
          url: '/api/exposure',
          headers: { cookie: host.cookie, ...(etag ? { 'if-none-match': etag } : {}) },
        })
      const first = await ask()
      const etag = String(first.headers.etag)
      expect(first.headers['cache-control']).toBe('private, no-cache')
      const again = await ask(etag)
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')

      await aStay(ctx.db, host.vrbo, addDays(today, 30), addDays(today, 31))
      const changed = await ask(etag)
      expect(changed.statusCode).toBe(200)
      expect(changed.headers.etag).not.toBe(etag)
      expect((changed.json() as { nightsAtRisk: number }).nightsAtRisk).toBe(4)
    })

    it('keeps nights the host closed by hand marked, acknowledged, until the platform imports them', async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      await host.imports('Airbnb')
      await aStay(ctx.db, host.vrbo, addDays(today, 5), addDays(today, 7))
      elapsedMs = 60_000
      const acknowledged = await ctx.app.inject({
        method: 'POST',
        url: `/api/property/${host.property.id}/calendar/platform/Airbnb/acknowledge`,
        headers: { cookie: host.cookie, origin: ctx.config.publicUrl },
      })
      expect(acknowledged.statusCode).toBe(200)
      expect(acknowledged.json()).toMatchObject({ platformName: 'Airbnb', atRisk: [{ acknowledged: true }] })
      // Sold after the host closed the others: not acknowledged.
      elapsedMs = 120_000
      const later = await aStay(ctx.db, host.vrbo, addDays(today, 40), addDays(today, 41))
      await ctx.db
        .updateTable('bookings')
        .set({ taken_at: new Date(START.getTime() + elapsedMs).toISOString() })
        .where('id', '=', later)
        .execute()
      expect((await host.internal())('Airbnb').atRisk.map((run) => [run.start, run.acknowledged])).toEqual([
        [addDays(today, 5), true],
        [addDays(today, 40), false],
      ])
      await host.imports('Airbnb')
      expect((await host.internal())('Airbnb').atRisk).toEqual([])
    })

    it('takes a 304 as an import of what it validated', async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      await aStay(ctx.db, host.vrbo, addDays(today, 10), addDays(today, 12))
      const url = new URL((await host.internal())('Airbnb').url).pathname
      const first = await ctx.app.inject({ url, headers: { 'user-agent': AGENT } })
      expect(first.statusCode).toBe(200)
      // As if what Airbnb was served had not been recorded yet: the nights are at risk for it.
      const feed = await ctx.db
        .selectFrom('platform_feeds')
        .select('id')
        .where('property_id', '=', host.property.id)
        .where('platform_name', '=', 'Airbnb')
        .executeTakeFirstOrThrow()
      await ctx.db.deleteFrom('feed_served').where('feed_id', '=', feed.id).execute()
      await ctx.db
        .updateTable('platform_feeds')
        .set({ served_hash: null })
        .where('id', '=', feed.id)
        .execute()
      expect((await host.internal())('Airbnb').atRisk.map(({ start, end }) => [start, end])).toEqual([
        [addDays(today, 10), addDays(today, 12)],
      ])
      elapsedMs = 60_000
      const revalidated = await ctx.app.inject({
        url,
        headers: { 'user-agent': AGENT, 'if-none-match': first.headers.etag as string },
      })
      expect(revalidated.statusCode).toBe(304)
      await ctx.app.calendars.flushFetches()
      expect((await host.internal())('Airbnb')).toMatchObject({
        lastFetchedAt: new Date(START.getTime() + 60_000).toISOString(),
        atRisk: [],
      })
    })

    it("marks the host's own block at risk on every platform until each imports it", async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      await host.imports('Airbnb')
      await host.imports('Vrbo')
      const created = await ctx.app.inject({
        method: 'POST',
        url: `/api/property/${host.property.id}/stay`,
        headers: { cookie: host.cookie, origin: ctx.config.publicUrl },
        payload: { start: addDays(today, 4), end: addDays(today, 6), kind: 'block' },
      })
      expect(created.statusCode).toBe(201)
      const nights = (run: { start: string; end: string }) => [run.start, run.end]
      let feeds = await host.internal()
      for (const platform of ['Airbnb', 'Vrbo'])
        expect(feeds(platform).atRisk.map(nights), platform).toEqual([[addDays(today, 4), addDays(today, 6)]])
      await host.imports('Airbnb')
      feeds = await host.internal()
      expect(feeds('Airbnb').atRisk).toEqual([])
      expect(feeds('Vrbo').atRisk.map(nights)).toEqual([[addDays(today, 4), addDays(today, 6)]])
      await host.imports('Vrbo')
      expect((await host.internal())('Vrbo').atRisk).toEqual([])
    })

    it("takes a rotated link's history with it: never imported, every night at risk, nothing acknowledged", async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      await aStay(ctx.db, host.vrbo, addDays(today, 3), addDays(today, 5))
      await host.imports('Airbnb')
      elapsedMs = 60_000
      await aStay(ctx.db, host.vrbo, addDays(today, 8), addDays(today, 9))
      await ctx.app.imports.acknowledge(host.property.id, 'Airbnb')
      expect((await host.internal())('Airbnb').atRisk).toMatchObject([
        { start: addDays(today, 8), acknowledged: true },
      ])

      elapsedMs = 120_000
      const rotated = await ctx.app.inject({
        method: 'POST',
        url: `/api/property/${host.property.id}/calendar/platform/Airbnb/rotate`,
        headers: { cookie: host.cookie, origin: ctx.config.publicUrl },
      })
      expect(rotated.statusCode).toBe(200)
      expect((await host.internal())('Airbnb')).toMatchObject({
        lastFetchedAt: null,
        lastUserAgent: null,
        medianIntervalMinutes: null,
        atRisk: [
          { start: addDays(today, 3), end: addDays(today, 5), acknowledged: false },
          { start: addDays(today, 8), end: addDays(today, 9), acknowledged: false },
        ],
      })
      const left = await ctx.db
        .selectFrom('platform_feeds')
        .leftJoin('feed_served', 'feed_served.feed_id', 'platform_feeds.id')
        .select(['feed_served.start_night', 'platform_feeds.served_hash'])
        .where('platform_feeds.property_id', '=', host.property.id)
        .where('platform_feeds.platform_name', '=', 'Airbnb')
        .execute()
      expect(left).toEqual([{ start_night: null, served_hash: null }])
    })

    it('tells a co-host every figure of the imports but who fetched them', async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      await host.imports('Airbnb')
      await aStay(ctx.db, host.vrbo, addDays(today, 3), addDays(today, 5))
      const cohost = await aUser(ctx.db)
      await aTeamMember(ctx.db, {
        propertyId: host.property.id,
        user: cohost,
        role: 'cohost',
        invitedBy: host.owner.id,
      })
      const cookie = await signIn(ctx.app, cohost.email)
      const read = await ctx.app.inject({
        url: `/api/property/${host.property.id}/calendar/internal`,
        headers: { cookie },
      })
      expect(read.statusCode).toBe(200)
      const airbnb = (read.json() as { platforms: { platformName: string }[] }).platforms.find(
        (feed) => feed.platformName === 'Airbnb',
      )
      expect(airbnb).toMatchObject({ lastUserAgent: null, atRisk: [{ start: addDays(today, 3) }] })
      expect(airbnb).toHaveProperty('lastFetchedAt', (await host.internal())('Airbnb').lastFetchedAt)
      expect((await host.internal())('Airbnb').lastUserAgent).toBe(AGENT)
      elapsedMs = 60_000
      const acknowledged = await ctx.app.inject({
        method: 'POST',
        url: `/api/property/${host.property.id}/calendar/platform/Airbnb/acknowledge`,
        headers: { cookie, origin: ctx.config.publicUrl },
      })
      expect(acknowledged.statusCode).toBe(200)
      expect(acknowledged.json()).toMatchObject({ lastUserAgent: null, atRisk: [{ acknowledged: true }] })
    })

    it("gives the calendar each platform's runs at risk, how often it imports and, where its link names the listing, its own calendar", async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      await ctx.db
        .updateTable('external_calendars')
        .set({ url: 'https://www.airbnb.com/calendar/ical/4815162342.ics?s=secret' })
        .where('id', '=', host.airbnb.id)
        .execute()
      await aStay(ctx.db, host.vrbo, addDays(today, 8), addDays(today, 10))
      expect((await host.internal())('Airbnb').calendarPage).toBe(
        'https://www.airbnb.com/multicalendar/4815162342',
      )
      const platforms = (await host.exposure()).properties.find(
        (property) => property.propertyId === host.property.id,
      )!.platforms
      expect(platforms.find((feed) => feed.platformName === 'Airbnb')).toMatchObject({
        medianIntervalMinutes: null,
        atRisk: [{ start: addDays(today, 8), end: addDays(today, 10), acknowledged: false }],
        calendarPage: 'https://www.airbnb.com/multicalendar/4815162342',
      })
      // Vrbo's export address names no listing: the host gets the steps instead.
      expect(platforms.find((feed) => feed.platformName === 'Vrbo')).toMatchObject({ calendarPage: null })
    })

    it('remembers the latest import however old: a fetch of ten days ago, or one rolled up into its day', async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      await host.internal()
      const feedOf = async (platform: string) =>
        (
          await ctx.db
            .selectFrom('platform_feeds')
            .select('id')
            .where('property_id', '=', host.property.id)
            .where('platform_name', '=', platform)
            .executeTakeFirstOrThrow()
        ).id
      const tenDaysAgo = new Date(START.getTime() - 10 * 24 * HOUR_MS).toISOString()
      await ctx.db
        .insertInto('feed_fetches')
        .values({
          feed_id: await feedOf('Airbnb'),
          minute: tenDaysAgo.slice(0, 16),
          fetched_at: tenDaysAgo,
          status: 200,
          bytes: 10,
          user_agent: AGENT,
        })
        .execute()
      const monthAgo = new Date(START.getTime() - 30 * 24 * HOUR_MS).toISOString()
      await ctx.db
        .insertInto('feed_fetch_days')
        .values({
          feed_id: await feedOf('Vrbo'),
          day: monthAgo.slice(0, 10),
          fetches: 2,
          not_modified: 0,
          bytes: 20,
          first_at: monthAgo,
          last_at: monthAgo,
          user_agent: 'Vrbo',
        })
        .execute()
      const feeds = await host.internal()
      expect(feeds('Airbnb')).toMatchObject({ lastFetchedAt: tenDaysAgo, medianIntervalMinutes: null })
      expect(feeds('Vrbo')).toMatchObject({ lastFetchedAt: monthAgo, lastUserAgent: 'Vrbo' })
      expect((await host.exposure()).silent.map((link) => link.platformName).sort()).toEqual([
        'Airbnb',
        'Vrbo',
      ])
    })

    it('measures the interval at which a platform imports, and calls a platform silent past a day and four intervals', async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      for (const minutes of [0, 60, 120, 240]) {
        elapsedMs = minutes * 60_000
        await host.imports('Airbnb')
      }
      expect((await host.internal())('Airbnb')).toMatchObject({
        medianIntervalMinutes: 60,
        p95IntervalMinutes: 120,
      })
      elapsedMs = 240 * 60_000 + 23 * HOUR_MS
      expect((await host.exposure()).silent).toEqual([])
      elapsedMs = 240 * 60_000 + 25 * HOUR_MS
      expect((await host.exposure()).silent).toEqual([
        {
          propertyId: host.property.id,
          platformName: 'Airbnb',
          lastFetchedAt: new Date(START.getTime() + 240 * 60_000).toISOString(),
        },
      ])
      // A week after the second fetch, two are left in the last week: too few for an interval,
      // though Airbnb has fetched nothing since the figures were last read.
      elapsedMs = 60 * 60_000 + 7 * 24 * HOUR_MS + 60_000
      expect((await host.internal())('Airbnb')).toMatchObject({
        lastFetchedAt: new Date(START.getTime() + 240 * 60_000).toISOString(),
        medianIntervalMinutes: null,
        p95IntervalMinutes: null,
      })
    })
  },
  { clock: () => new Date(START.getTime() + elapsedMs) },
)
