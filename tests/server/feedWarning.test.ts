import { randomUUID } from 'node:crypto'
import ICAL from 'ical.js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { readFixture, startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { aCalendarRow, aPropertyRow, aUser } from './builders.ts'
import { describeEachDatabase } from './harness.ts'

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())

const FIXTURE = 'airbnb-end-before-start.ics'
const BACKWARDS_UID = '1418fb94e984-6c1d9e2f7a3b4c5d8e9f0a1b2c3d4e5f@airbnb.com'
const BACKWARDS_DTEND = 'DTEND;VALUE=DATE:20300305'

describeEachDatabase(
  'a feed whose DTEND comes before its DTSTART',
  (ctx) => {
    /** A new property linked to `body`, served at a route of its own, and synced once. */
    async function syncedProperty(body: string) {
      const route = `/${randomUUID()}.ics`
      feeds.serve(route, body)
      const owner = await aUser(ctx.db)
      const property = await aPropertyRow(ctx.db, owner.id)
      const calendarId = await aCalendarRow(ctx.db, property.id, feeds.url(route), 'Airbnb')
      const sync = async () => (await ctx.app.syncCalendarsNow([calendarId]))[0]
      expect(await sync()).toMatchObject({ result: 'imported', added: 3 })
      return { route, property, calendarId, sync }
    }

    const bookingsOf = (calendarId: string) =>
      ctx.db
        .selectFrom('bookings')
        .select(['uid', 'start_date', 'end_date', 'feed_warning'])
        .where('calendar_id', '=', calendarId)
        .orderBy('start_date')
        .execute()

    /** The private export feed's VEVENTs as [DTSTART, DTEND, X-MANZIL-WARNING with its parameters]. */
    async function exported(token: string) {
      const response = await ctx.app.inject({ url: `/api/calendar/${token}.ics` })
      expect(response.statusCode).toBe(200)
      return new ICAL.Component(ICAL.parse(response.body)).getAllSubcomponents('vevent').map((vevent) => {
        const warning = vevent.getFirstProperty('x-manzil-warning')
        return {
          start: vevent.getFirstPropertyValue('dtstart')!.toString(),
          end: vevent.getFirstPropertyValue('dtend')!.toString(),
          warning: warning && {
            kind: warning.getFirstValue(),
            start: warning.getParameter('x-dtstart'),
            end: warning.getParameter('x-dtend'),
          },
        }
      })
    }

    it('stores the stay as one night with the raw days, and the export feed carries the warning', async () => {
      const { property, calendarId } = await syncedProperty(readFixture(FIXTURE))
      const bookings = await bookingsOf(calendarId)
      expect(bookings.map(({ start_date, end_date }) => [start_date, end_date])).toEqual([
        ['2030-03-10', '2030-03-11'],
        ['2030-04-01', '2030-04-06'],
        ['2030-04-20', '2030-04-21'],
      ])
      expect(bookings[0]!.uid).toBe(BACKWARDS_UID)
      expect(JSON.parse(bookings[0]!.feed_warning!)).toEqual({
        kind: 'endBeforeStart',
        start: '2030-03-10',
        end: '2030-03-05',
      })
      // A normal stay, and a block whose DTEND is its DTSTART, carry none.
      expect(bookings.slice(1).map((booking) => booking.feed_warning)).toEqual([null, null])

      expect(await exported(property.exportToken)).toEqual([
        {
          start: '2030-03-10',
          end: '2030-03-11',
          warning: { kind: 'endBeforeStart', start: '2030-03-10', end: '2030-03-05' },
        },
        { start: '2030-04-01', end: '2030-04-06', warning: null },
        { start: '2030-04-20', end: '2030-04-21', warning: null },
      ])
    })

    it('clears the warning when the feed is mended, even if the stay stays one night', async () => {
      const { route, property, calendarId, sync } = await syncedProperty(readFixture(FIXTURE))
      // DTEND on the day of DTSTART: still one night, but no longer a date the feed got wrong.
      feeds.serve(route, readFixture(FIXTURE).replace(BACKWARDS_DTEND, 'DTEND;VALUE=DATE:20300310'))
      expect(await sync()).toMatchObject({ result: 'imported', added: 0, cancelled: 0 })
      const [mended] = await bookingsOf(calendarId)
      expect(mended).toMatchObject({ start_date: '2030-03-10', end_date: '2030-03-11', feed_warning: null })
      expect((await exported(property.exportToken)).map((vevent) => vevent.warning)).toEqual([
        null,
        null,
        null,
      ])

      // Back again, then mended for real: the warning comes and goes with the feed.
      feeds.serve(route, readFixture(FIXTURE))
      await sync()
      expect((await bookingsOf(calendarId))[0]!.feed_warning).not.toBeNull()
      feeds.serve(route, readFixture(FIXTURE).replace(BACKWARDS_DTEND, 'DTEND;VALUE=DATE:20300315'))
      await sync()
      expect((await bookingsOf(calendarId))[0]).toMatchObject({ end_date: '2030-03-15', feed_warning: null })
      expect((await exported(property.exportToken))[0]).toEqual({
        start: '2030-03-10',
        end: '2030-03-15',
        warning: null,
      })
    })
  },
  { env: { SYNC_ALLOW_HOSTS: '127.0.0.1' } },
)
