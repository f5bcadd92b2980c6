import ICAL from 'ical.js'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { addDays } from '../../src/domain/dates.ts'
import { calendarOf, startFeedServer, type FeedServer, type StayEvent } from '../fixtures/feedServer.ts'
import { aCalendarRow, aPropertyRow, aUser, signIn } from './builders.ts'
import { describeEachDatabase, type TestContext } from './harness.ts'

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())

/** The server's clock: each test day's syncs run at nine in the morning, UTC (the property's zone). */
let now = new Date('2026-08-29T09:00:00Z')
const dayOf = (offset: number) => addDays('2026-08-29', offset)

type Internal = { url: string; platforms: { platformName: string; url: string }[] }

const veventsOf = (text: string): Record<string, string>[] =>
  new ICAL.Component(ICAL.parse(text))
    .getAllSubcomponents('vevent')
    .map((vevent) =>
      Object.fromEntries(
        vevent
          .getAllProperties()
          .map((property) => [property.name.toUpperCase(), String(property.getFirstValue())]),
      ),
    )

const datesOf = (events: Record<string, string>[]) =>
  events.map((event) => `${event.DTSTART} → ${event.DTEND}`)

const closed = (uid: string, start: string, end: string): StayEvent => ({
  uid,
  start,
  end,
  summary: 'Airbnb (Not available)',
})

/**
 * Airbnb's export on the test's day `day` (0 the first): its two-night notice from today (a run of
 * `closedFromToday` nights once the host closes the nights after it too) and its
 * booking window from nine months ahead to the export's end, both under new UIDs each day; two
 * reservations with a night of preparation on each side; and the host's own closure in November.
 */
const airbnbOn = (day: number, closedFromToday = 2): StayEvent[] => [
  closed(`notice-${day}@airbnb.com`, dayOf(day), dayOf(day + closedFromToday)),
  closed('prep-1@airbnb.com', '2026-10-09', '2026-10-10'),
  { uid: 'stay-1@airbnb.com', start: '2026-10-10', end: '2026-10-14', summary: 'Reserved' },
  closed('prep-2@airbnb.com', '2026-10-14', '2026-10-15'),
  closed('closure@airbnb.com', '2026-11-01', '2026-11-05'),
  closed('prep-3@airbnb.com', '2026-11-30', '2026-12-01'),
  { uid: 'stay-2@airbnb.com', start: '2026-12-01', end: '2026-12-05', summary: 'Reserved' },
  closed('prep-4@airbnb.com', '2026-12-05', '2026-12-06'),
  closed(`window-${day}@airbnb.com`, addDays('2027-05-29', day), addDays('2027-09-02', day)),
]

/** Booking.com's sales, on nights of Airbnb's notice and of its booking window. */
const bookingCom: StayEvent[] = [
  { uid: 'sale-1@booking.com', start: '2026-08-30', end: '2026-09-02', summary: 'CLOSED - Not available' },
  { uid: 'sale-2@booking.com', start: '2027-06-10', end: '2027-06-15', summary: 'CLOSED - Not available' },
]

async function aHost(ctx: TestContext) {
  const owner = await aUser(ctx.db)
  const cookie = await signIn(ctx.app, owner.email)
  const property = await aPropertyRow(ctx.db, owner.id)
  const airbnbRoute = `/${randomUUID()}.ics`
  const bookingRoute = `/${randomUUID()}.ics`
  feeds.serve(bookingRoute, calendarOf(bookingCom))
  const airbnb = await aCalendarRow(ctx.db, property.id, feeds.url(airbnbRoute), 'Airbnb')
  const booking = await aCalendarRow(ctx.db, property.id, feeds.url(bookingRoute), 'Booking.com')
  const internal = async () =>
    (
      await ctx.app.inject({
        url: `/api/property/${property.id}/calendar/internal`,
        headers: { cookie },
      })
    ).json() as Internal
  const feedText = async (url: string) => (await ctx.app.inject({ url: new URL(url).pathname })).body
  return {
    /** Airbnb's and Booking.com's feeds synced on the test's day `day`. */
    syncOn: async (day: number, closedFromToday?: number) => {
      now = new Date(`${dayOf(day)}T09:00:00Z`)
      feeds.serve(airbnbRoute, calendarOf(airbnbOn(day, closedFromToday)))
      await ctx.app.syncCalendarsNow([airbnb, booking])
    },
    privateFeed: async () => veventsOf(await feedText((await internal()).url)),
    platformFeed: async (platform: string) =>
      veventsOf(
        await feedText((await internal()).platforms.find((feed) => feed.platformName === platform)!.url),
      ),
    stays: () =>
      ctx.db
        .selectFrom('bookings')
        .selectAll()
        .where('property_id', '=', property.id)
        .orderBy('start_date')
        .execute(),
    notices: async () =>
      (await ctx.db.selectFrom('notifications').select('data').where('user_id', '=', owner.id).execute()).map(
        (row) => JSON.parse(row.data) as { kind: string; nights?: { start: string; end: string } },
      ),
    announcedConflicts: () =>
      ctx.db
        .selectFrom('announced_conflicts')
        .innerJoin('bookings', 'bookings.id', 'announced_conflicts.first_id')
        .select('announced_conflicts.first_id')
        .where('bookings.property_id', '=', property.id)
        .execute(),
  }
}

describeEachDatabase(
  "a platform's own rules",
  (ctx) => {
    it('keeps Airbnb’s notice and booking window as its rules through five daily moves: no notice, no conflict, never in another platform’s feed', async () => {
      const host = await aHost(ctx)
      for (let day = 0; day < 5; day++) {
        await host.syncOn(day)

        const rules = (await host.stays()).filter((stay) => stay.platform_rule !== null)
        expect(
          rules.map((stay) => [stay.platform_rule, stay.start_date, stay.end_date, stay.cancelled_at]),
        ).toEqual([
          ['notice', dayOf(day), dayOf(day + 2), null],
          ['preparation', '2026-10-09', '2026-10-10', null],
          ['preparation', '2026-10-14', '2026-10-15', null],
          ['preparation', '2026-11-30', '2026-12-01', null],
          ['preparation', '2026-12-05', '2026-12-06', null],
          ['window', addDays('2027-05-29', day), addDays('2027-09-02', day), null],
        ])
        // Each moving rule is one stay that moved, not one cancelled and another new.
        expect((await host.stays()).length).toBe(11)
        expect(await host.notices()).toEqual([])
        expect(await host.announcedConflicts()).toEqual([])

        const shown = await host.privateFeed()
        expect(shown.filter((event) => event['X-MANZIL-CONFLICT'])).toEqual([])
        expect(
          shown.filter((event) => event['X-MANZIL-RULE']).map((event) => event['X-MANZIL-RULE']),
        ).toEqual(['notice', 'preparation', 'preparation', 'preparation', 'preparation', 'window'])

        // Booking.com is told of Airbnb's reservations and of the host's own closure, nothing else.
        expect(datesOf(await host.platformFeed('Booking.com'))).toEqual([
          '2026-10-10 → 2026-10-14',
          '2026-11-01 → 2026-11-05',
          '2026-12-01 → 2026-12-05',
        ])
      }
    })

    it('cuts the host’s closure joined to the notice from it: every platform gets the closure, none the notice, and the closure’s clash is announced', async () => {
      const host = await aHost(ctx)
      await host.syncOn(0)
      // The host closed the five nights after the two of notice: Airbnb writes one run of seven.
      await host.syncOn(1, 7)

      const parts = (await host.stays())
        .filter((stay) => stay.start_date < dayOf(9) && stay.cancelled_at === null)
        .map((stay) => [stay.uid, stay.platform_rule, stay.start_date, stay.end_date])
      expect(parts).toEqual([
        ['rule:notice', 'notice', dayOf(1), dayOf(3)],
        ['sale-1@booking.com', null, '2026-08-30', '2026-09-02'],
        ['notice-1@airbnb.com', null, dayOf(3), dayOf(8)],
      ])
      expect(datesOf(await host.platformFeed('Booking.com'))).toEqual([
        `${dayOf(3)} → ${dayOf(8)}`,
        '2026-10-10 → 2026-10-14',
        '2026-11-01 → 2026-11-05',
        '2026-12-01 → 2026-12-05',
      ])
      // Booking.com's sale clashes with the host's closure on its last night, not with the notice.
      expect(await host.notices()).toMatchObject([
        { kind: 'conflict', nights: { start: dayOf(3), end: '2026-09-02' } },
      ])
    })
  },
  { clock: () => now, env: { SYNC_ALLOW_HOSTS: '127.0.0.1' } },
)
