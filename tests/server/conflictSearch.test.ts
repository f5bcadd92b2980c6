import { randomUUID } from 'node:crypto'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { addDays } from '../../src/domain/dates.ts'
import { calendarOf, startFeedServer, type FeedServer, type StayEvent } from '../fixtures/feedServer.ts'
import { aCalendarRow, aPropertyRow, aUser } from './builders.ts'
import { describeEachDatabase } from './harness.ts'

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())

/** 2,000 year-long blocks, each a day after the last: every one overlaps nearly every other. */
const yearLongBlocks = (prefix: string): StayEvent[] =>
  Array.from({ length: 2000 }, (_, i) => ({
    uid: `${prefix}-${i}`,
    start: addDays('2030-01-01', i % 300),
    end: addDays('2031-01-01', i % 300),
    summary: 'Blocked',
  }))

describeEachDatabase(
  'the conflict search',
  (ctx) => {
    it("costs what a sync changed, not the property's hundred million clashing pairs", async () => {
      const owner = await aUser(ctx.db)
      const property = await aPropertyRow(ctx.db, owner.id)
      const now = new Date().toISOString()
      // Seven feeds' worth of stays already stored: about a hundred million clashing pairs.
      const calendars: Record<string, string> = {}
      for (const [source, platform] of [
        ['vrbo', 'Vrbo'],
        ['airbnb', 'Airbnb'],
        ['booking', 'Booking.com'],
        ['gathern', 'Gathern'],
        ['agoda', 'Agoda'],
        ['expedia', 'Expedia'],
        ['other', 'Other'],
      ] as const) {
        const route = `/${randomUUID()}.ics`
        feeds.serve(route, calendarOf(yearLongBlocks(source)))
        calendars[source] = await aCalendarRow(ctx.db, property.id, feeds.url(route), platform)
        const rows = yearLongBlocks(source).map((event) => ({
          id: randomUUID(),
          calendar_id: calendars[source]!,
          property_id: property.id,
          uid: event.uid,
          summary: event.summary,
          description: null,
          location: null,
          start_date: event.start,
          end_date: event.end,
          status: 'Blocked',
          guest_name: 'Blocked',
          kind: 'block' as const,
          platform,
          cancelled_at: null,
          nightly_price: null,
          feed_warning: null,
          first_seen_at: now,
          updated_at: now,
        }))
        for (let at = 0; at < rows.length; at += 100)
          await ctx.db
            .insertInto('bookings')
            .values(rows.slice(at, at + 100))
            .execute()
      }
      await ctx.db
        .updateTable('external_calendars')
        .set({ first_synced_at: now })
        .where('property_id', '=', property.id)
        .execute()
      // One block of one feed moves to nights nothing else holds: it clashes with nothing.
      const moved = yearLongBlocks('vrbo')
      moved[0] = { ...moved[0]!, start: '2031-12-01', end: '2031-12-05' }
      const route = new URL(
        (
          await ctx.db
            .selectFrom('external_calendars')
            .select('url')
            .where('id', '=', calendars.vrbo!)
            .executeTakeFirstOrThrow()
        ).url,
      ).pathname
      feeds.serve(route, calendarOf(moved))

      const delay = monitorEventLoopDelay({ resolution: 5 })
      delay.enable()
      const started = performance.now()
      const [outcome] = await ctx.app.syncCalendarsNow([calendars.vrbo!])
      const took = performance.now() - started
      delay.disable()
      expect(outcome).toMatchObject({ result: 'imported' })
      const announced = await ctx.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', owner.id)
        .execute()
      expect(announced).toEqual([])
      // Walking the property's pairs to find the moved block's held the event loop for seconds;
      // the search from the moved block reads what overlaps it: nothing.
      expect(delay.max / 1e6).toBeLessThan(300)
      expect(took).toBeLessThan(10_000)
    })
  },
  { env: { SYNC_ALLOW_HOSTS: '127.0.0.1' } },
)
