import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { calendarOf, startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { aCalendarRow, aPropertyRow, aUser, signIn } from './builders.ts'
import { describeEachDatabase } from './harness.ts'

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())

/** The horizon as docs/product.md §10.3 states it: the end of the fifth year after this one. */
const horizon = () => `${new Date().getUTCFullYear() + 6}-01-01`
const nextYear = new Date().getUTCFullYear() + 1

describeEachDatabase(
  'a stay that ends in the year 9999',
  (ctx) => {
    it('is kept up to the horizon with a warning, and its nights cost what a normal stay costs', async () => {
      const owner = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, owner.email)
      const property = await aPropertyRow(ctx.db, owner.id)
      const vrbo = `/${randomUUID()}.ics`
      feeds.serve(
        vrbo,
        calendarOf([
          { uid: 'forever@vrbo.com', start: `${nextYear}-01-10`, end: '9999-12-31', summary: 'Reserved' },
          {
            uid: 'week@vrbo.com',
            start: `${nextYear - 1}-12-01`,
            end: `${nextYear - 1}-12-08`,
            summary: 'Reserved',
          },
          // Wholly beyond the horizon: nothing of it is kept.
          { uid: 'far@vrbo.com', start: '9000-01-01', end: '9000-01-05', summary: 'Reserved' },
        ]),
      )
      const airbnb = `/${randomUUID()}.ics`
      feeds.serve(airbnb, calendarOf([]))
      const vrboId = await aCalendarRow(ctx.db, property.id, feeds.url(vrbo), 'Vrbo')
      const airbnbId = await aCalendarRow(ctx.db, property.id, feeds.url(airbnb), 'Airbnb')
      expect(await ctx.app.syncCalendarsNow([vrboId])).toMatchObject([{ result: 'imported', added: 2 }])
      expect(await ctx.app.syncCalendarsNow([airbnbId])).toMatchObject([{ result: 'imported', added: 0 }])

      const stays = await ctx.db
        .selectFrom('bookings')
        .select(['uid', 'start_date', 'end_date', 'feed_warning'])
        .where('property_id', '=', property.id)
        .orderBy('uid')
        .execute()
      expect(stays.map(({ uid, start_date, end_date }) => [uid, start_date, end_date])).toEqual([
        ['forever@vrbo.com', `${nextYear}-01-10`, horizon()],
        ['week@vrbo.com', `${nextYear - 1}-12-01`, `${nextYear - 1}-12-08`],
      ])
      expect(JSON.parse(stays[0]!.feed_warning!)).toEqual({
        kind: 'beyondHorizon',
        start: `${nextYear}-01-10`,
        end: '9999-12-31',
      })
      expect(stays[1]!.feed_warning).toBeNull()

      // Airbnb's availability feed serves the Vrbo stays: the fetch that records them answers
      // fast, and records no night beyond the horizon.
      const internal = await ctx.app.inject({
        url: `/api/property/${property.id}/calendar/internal`,
        headers: { cookie },
      })
      const feedUrl = (
        internal.json() as { platforms: { platformName: string; url: string }[] }
      ).platforms.find((feed) => feed.platformName === 'Airbnb')!.url
      const started = performance.now()
      const served = await ctx.app.inject({ url: new URL(feedUrl).pathname })
      const took = performance.now() - started
      expect(served.statusCode).toBe(200)
      expect(served.body).toContain(`DTEND;VALUE=DATE:${horizon().replaceAll('-', '')}`)
      // Before the horizon: 23 s on SQLite, past 30 s on PostgreSQL; now tens of milliseconds,
      // with room for a busy machine.
      expect(took).toBeLessThan(500)
      const rows = await ctx.db
        .selectFrom('feed_served')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('end_night').as('last')])
        .executeTakeFirstOrThrow()
      // The nights are kept as runs: the week's and the one to the horizon, cut there, as a
      // stay of a week costs (before, one row a night: 1,824).
      expect(Number(rows.count)).toBeLessThanOrEqual(2)
      expect(rows.last! <= horizon()).toBe(true)
    })
  },
  { env: { SYNC_ALLOW_HOSTS: '127.0.0.1' } },
)
