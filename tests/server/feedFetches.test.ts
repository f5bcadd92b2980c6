import { expect, it } from 'vitest'
import { userAgentOf, USER_AGENT_MAX } from '../../server/imports/fetchLog.ts'
import { FETCH_DAYS_KEPT, FETCH_ROWS_DAYS, rollUpFetches } from '../../server/imports/rollup.ts'
import { addDays } from '../../src/domain/dates.ts'
import { aCalendarRow, aPropertyRow, aUser, signIn } from './builders.ts'
import { describeEachDatabase, startSecondProcess, type TestContext } from './harness.ts'

const START = new Date('2027-05-01T10:00:05.000Z')
/** How far the suite's clock is past START. */
let elapsedMs = 0
const AIRBNB_AGENT = 'Airbnb-Calendar-Sync/1.0 (+https://www.airbnb.com)'

/** The property's feed for Airbnb's import: its id and its path. */
async function airbnbFeedOf(ctx: TestContext) {
  const owner = await aUser(ctx.db)
  const cookie = await signIn(ctx.app, owner.email)
  const property = await aPropertyRow(ctx.db, owner.id)
  // A platform's availability feed is made for each platform linked.
  await aCalendarRow(ctx.db, property.id, 'https://calendars.example/airbnb.ics', 'Airbnb')
  const internal = await ctx.app.inject({
    url: `/api/property/${property.id}/calendar/internal`,
    headers: { cookie },
  })
  const airbnb = (internal.json() as { platforms: { platformName: string; url: string }[] }).platforms.find(
    (feed) => feed.platformName === 'Airbnb',
  )!
  const feed = await ctx.db
    .selectFrom('platform_feeds')
    .select('id')
    .where('property_id', '=', property.id)
    .where('platform_name', '=', 'Airbnb')
    .executeTakeFirstOrThrow()
  return {
    ownerId: owner.id,
    propertyId: property.id,
    id: feed.id,
    path: new URL(airbnb.url).pathname,
    privatePath: `/api/calendar/${property.exportToken}.ics`,
  }
}

const rowsOf = (ctx: TestContext, feedId: string) =>
  ctx.db.selectFrom('feed_fetches').selectAll().where('feed_id', '=', feedId).orderBy('minute').execute()

describeEachDatabase(
  'platforms’ fetches of their availability feeds',
  (ctx) => {
    it('are recorded off the answer, one row a feed and minute, a 304 as an import', async () => {
      elapsedMs = 0
      const feed = await airbnbFeedOf(ctx)
      const headers = { 'user-agent': AIRBNB_AGENT }
      const first = await ctx.app.inject({ url: feed.path, headers })
      expect(first.statusCode).toBe(200)
      // Answered before it is written.
      expect(await rowsOf(ctx, feed.id)).toEqual([])
      // A platform polling every second within the same minute.
      for (let second = 0; second < 5; second++) await ctx.app.inject({ url: feed.path, headers })
      elapsedMs += 60_000
      const current = await ctx.app.inject({
        url: feed.path,
        headers: { ...headers, 'if-none-match': first.headers.etag as string },
      })
      expect(current.statusCode).toBe(304)
      // The private feed is no platform's import.
      await ctx.app.inject({ url: feed.privatePath, headers })

      await ctx.app.calendars.flushFetches()
      const rows = await rowsOf(ctx, feed.id)
      expect(
        rows.map((row) => [row.minute, Number(row.status), Number(row.bytes) > 0, row.user_agent]),
      ).toEqual([
        ['2027-05-01T10:00', 200, true, AIRBNB_AGENT],
        ['2027-05-01T10:01', 304, false, AIRBNB_AGENT],
      ])
      expect(await ctx.db.selectFrom('feed_fetches').select('feed_id').execute()).toHaveLength(2)
    })

    it('roll up into a row a day after two weeks, and are forgotten after 400 days', async () => {
      const feed = await airbnbFeedOf(ctx)
      const now = new Date(START.getTime() + elapsedMs)
      const today = now.toISOString().slice(0, 10)
      const old = addDays(today, -FETCH_ROWS_DAYS - 1)
      const recent = addDays(today, -1)
      const row = (day: string, time: string, status: number, agent: string) => ({
        feed_id: feed.id,
        minute: `${day}T${time}`,
        fetched_at: `${day}T${time}:07.000Z`,
        status,
        bytes: status === 200 ? 1000 : 0,
        user_agent: agent,
      })
      await ctx.db
        .insertInto('feed_fetches')
        .values([
          row(old, '01:00', 200, 'first'),
          row(old, '03:00', 304, 'second'),
          row(old, '23:59', 200, 'last'),
          row(recent, '12:00', 200, 'recent'),
        ])
        .execute()
      const ancient = addDays(today, -FETCH_DAYS_KEPT - 1)
      await ctx.db
        .insertInto('feed_fetch_days')
        .values({
          feed_id: feed.id,
          day: ancient,
          fetches: 3,
          not_modified: 0,
          bytes: 10,
          first_at: `${ancient}T00:00:00.000Z`,
          last_at: `${ancient}T01:00:00.000Z`,
          user_agent: 'old',
        })
        .execute()

      await rollUpFetches(ctx.db, now)
      expect((await rowsOf(ctx, feed.id)).map((left) => left.minute)).toEqual([`${recent}T12:00`])
      const days = await ctx.db
        .selectFrom('feed_fetch_days')
        .selectAll()
        .where('feed_id', '=', feed.id)
        .execute()
      expect(
        days.map((day) => [
          day.day,
          Number(day.fetches),
          Number(day.not_modified),
          Number(day.bytes),
          day.user_agent,
        ]),
      ).toEqual([[old, 3, 1, 2000, 'last']])
      expect(days[0]!.first_at).toBe(`${old}T01:00:07.000Z`)
      expect(days[0]!.last_at).toBe(`${old}T23:59:07.000Z`)
    })

    it('are recorded once a minute whichever of two processes answers them', async () => {
      elapsedMs = 0
      const feed = await airbnbFeedOf(ctx)
      const second = await startSecondProcess(ctx, { clock: ctx.app.clock })
      try {
        const headers = { 'user-agent': AIRBNB_AGENT }
        for (const app of [ctx.app, second, second, ctx.app])
          expect((await app.inject({ url: feed.path, headers })).statusCode).toBe(200)
        await Promise.all([ctx.app.calendars.flushFetches(), second.calendars.flushFetches()])
        expect((await rowsOf(ctx, feed.id)).map((row) => row.minute)).toEqual(['2027-05-01T10:00'])
      } finally {
        await second.close()
      }
    })

    it('are rolled up once when two processes roll them up at once', async () => {
      const feed = await airbnbFeedOf(ctx)
      const second = await startSecondProcess(ctx)
      try {
        const now = new Date(START.getTime() + elapsedMs)
        const old = addDays(now.toISOString().slice(0, 10), -FETCH_ROWS_DAYS - 3)
        const rows = Array.from({ length: 300 }, (_, index) => {
          const day = addDays(old, index % 3)
          const minute = `${day}T${String(Math.floor(index / 60) % 24).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}`
          return {
            feed_id: feed.id,
            minute,
            fetched_at: `${minute}:00.000Z`,
            status: 200,
            bytes: 1,
            user_agent: 'a',
          }
        })
        await ctx.db.insertInto('feed_fetches').values(rows).execute()
        await Promise.all([rollUpFetches(ctx.db, now), rollUpFetches(second.db, now)])
        const days = await ctx.db
          .selectFrom('feed_fetch_days')
          .selectAll()
          .where('feed_id', '=', feed.id)
          .execute()
        expect(days.reduce((sum, day) => sum + Number(day.fetches), 0)).toBe(300)
        expect(days).toHaveLength(3)
        expect(await rowsOf(ctx, feed.id)).toEqual([])
      } finally {
        await second.close()
      }
    })

    it('go with their feed when its property is deleted', async () => {
      const feed = await airbnbFeedOf(ctx)
      await ctx.app.inject({ url: feed.path, headers: { 'user-agent': AIRBNB_AGENT } })
      await ctx.app.calendars.flushFetches()
      expect(await rowsOf(ctx, feed.id)).toHaveLength(1)
      await ctx.app.properties.remove(feed.ownerId, feed.propertyId)
      expect(await rowsOf(ctx, feed.id)).toEqual([])
    })
  },
  { clock: () => new Date(START.getTime() + elapsedMs) },
)

it('keeps a User-Agent as one line of at most 200 characters, without control or format characters', () => {
  expect(userAgentOf(undefined)).toBe('')
  expect(userAgentOf('Booking.com\r\nX-Forged: 1\u0000\u202e evil\u2028 next')).toBe(
    'Booking.com X-Forged: 1 evil next',
  )
  expect(userAgentOf(`Vrbo ${'x'.repeat(500)}`)).toHaveLength(USER_AGENT_MAX)
})
