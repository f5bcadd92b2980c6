import { randomUUID } from 'node:crypto'
import ICAL from 'ical.js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { calendarOf, startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { patchProfile } from './accounts.ts'
import { aCalendarRow, aPropertyRow, aUser, signIn } from './builders.ts'
import { describeEachDatabase } from './harness.ts'
import { aProperty } from './multipart.ts'

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())

/** Every way a reader may end a line: CRLF, and on its own a CR, an LF, U+2028, U+2029 or U+0085. */
const ANY_LINE_BREAK = /\r\n|[\r\n\u2028\u2029\u0085]/
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/
/** A content line (NAME, parameters, a colon, the value) or the continuation of a folded one. */
const CONTENT_LINE = /^(?:[A-Za-z0-9-]+(?:;[^:]*)?:| )/

/** A name that, written as it is, would end its line and start a VEVENT of its own. */
const HOSTILE_NAME = 'Villa Rawdah\rBEGIN:VEVENT\u2028UID:injected\u0085END:VEVENT\u0007'
const IMPORTED_FEED = calendarOf([
  { uid: 'a1', start: '2030-05-01', end: '2030-05-04', summary: 'Reserved - Sara\rBEGIN:VEVENT' },
]).replace('END:VEVENT', 'DESCRIPTION:Gate 4821\u2028Lift\rFloor 3\u001b\r\nEND:VEVENT')

/** Each line of a feed, as a reader that splits on every kind of line break sees it. */
function expectOnlyWholeLines(text: string, events: number) {
  expect(text.split(ANY_LINE_BREAK)).toEqual(text.split('\r\n'))
  const lines = text.split('\r\n').slice(0, -1)
  for (const line of lines) {
    expect(line).toMatch(CONTENT_LINE)
    expect(line).not.toMatch(CONTROL)
  }
  expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(events)
  expect(new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent')).toHaveLength(events)
}

describeEachDatabase(
  'texts in the feeds',
  (ctx) => {
    let owner: Awaited<ReturnType<typeof aUser>>
    let cookie: string
    let property: Awaited<ReturnType<typeof aPropertyRow>>
    let entered: Record<string, unknown>

    beforeAll(async () => {
      owner = await aUser(ctx.db)
      cookie = await signIn(ctx.app, owner.email)
      // Stored as it is, the way a name saved before the rule still is.
      property = await aPropertyRow(ctx.db, owner.id, { name: HOSTILE_NAME })
      const airbnb = `/${randomUUID()}.ics`
      const booking = `/${randomUUID()}.ics`
      feeds.serve(airbnb, IMPORTED_FEED)
      feeds.serve(booking, calendarOf([]))
      await ctx.app.syncCalendarsNow([
        await aCalendarRow(ctx.db, property.id, feeds.url(airbnb), 'Airbnb'),
        await aCalendarRow(ctx.db, property.id, feeds.url(booking), 'Booking.com'),
      ])
      const enter = (payload: object) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/property/${property.id}/stay`,
          headers: { cookie },
          payload,
        })
      entered = (
        await enter({
          start: '2030-06-01',
          end: '2030-06-03',
          kind: 'booking',
          guestName: 'Omar\u2028BEGIN:VEVENT\u0085',
          note: 'Gate\rcode\u2029 4821\u0001',
        })
      ).json()
      // A manual stay whose texts were saved before the rule.
      const before = (
        await enter({ start: '2030-07-01', end: '2030-07-02', kind: 'booking', guestName: 'Layla' })
      ).json<{ id: string }>()
      await ctx.db
        .updateTable('bookings')
        .set({
          guest_name: 'Layla\rEND:VCALENDAR',
          summary: 'Booked - Layla\rEND:VCALENDAR',
          description: 'Door\u2028BEGIN:VEVENT\r4821',
        })
        .where('id', '=', before.id)
        .execute()
    })

    it("keeps an imported summary on one line and a description's lines as LF", async () => {
      const imported = await ctx.db
        .selectFrom('bookings')
        .select(['summary', 'guest_name', 'description'])
        .where('property_id', '=', property.id)
        .where('uid', '=', 'a1')
        .executeTakeFirstOrThrow()
      expect(imported).toEqual({
        summary: 'Reserved - Sara BEGIN:VEVENT',
        guest_name: expect.not.stringMatching(CONTROL),
        description: 'Gate 4821\nLift\nFloor 3',
      })
    })

    it("keeps a manual stay's guest on one line and its note's lines as LF", () => {
      expect(entered).toMatchObject({ guestName: 'Omar BEGIN:VEVENT', note: 'Gate\ncode\n 4821' })
    })

    it('keeps a property name and a profile name on one line', async () => {
      const created = await aProperty(ctx.app, cookie, {
        name: 'Corniche\rflat\u2028',
        address: 'Corniche Road\u008512',
        description: 'Sea view\r\ntwo bedrooms\u0007',
      })
      expect(created).toMatchObject({
        name: 'Corniche flat',
        address: 'Corniche Road 12',
        description: 'Sea view\ntwo bedrooms',
      })
      const profile = await patchProfile(ctx.app, cookie, { name: 'Sara\rAl-Harbi\u2029' })
      expect(profile.json()).toMatchObject({ name: 'Sara Al-Harbi' })
    })

    it('serves a private feed whose every line is whole, whatever its rows hold', async () => {
      const text = (await ctx.app.inject({ url: `/api/calendar/${property.exportToken}.ics` })).body
      expectOnlyWholeLines(text, 3)
      const calendar = new ICAL.Component(ICAL.parse(text))
      expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(
        'Villa Rawdah BEGIN:VEVENT UID:injected END:VEVENT',
      )
      const guests = calendar.getAllSubcomponents('vevent').map((vevent) => ({
        summary: vevent.getFirstPropertyValue('summary'),
        guest: vevent.getFirstPropertyValue('x-manzil-guest'),
        description: vevent.getFirstPropertyValue('description'),
      }))
      expect(guests).toContainEqual({
        summary: 'Booked - Layla END:VCALENDAR',
        guest: 'Layla END:VCALENDAR',
        description: 'Door\nBEGIN:VEVENT\n4821',
      })
    })

    it("serves every platform's availability feed with its calendar name on one line", async () => {
      const internal = await ctx.app.inject({
        url: `/api/property/${property.id}/calendar/internal`,
        headers: { cookie },
      })
      const platforms = internal.json<{ platforms: { platformName: string; url: string }[] }>().platforms
      expect(platforms.map((feed) => feed.platformName).sort()).toEqual(['Airbnb', 'Booking.com'])
      for (const feed of platforms) {
        const text = (await ctx.app.inject({ url: new URL(feed.url).pathname })).body
        // Booking.com's lists Airbnb's stay too; Airbnb's only the manual ones (two runs).
        expectOnlyWholeLines(text, feed.platformName === 'Airbnb' ? 2 : 3)
        expect(new ICAL.Component(ICAL.parse(text)).getFirstPropertyValue('x-wr-calname')).toBe(
          'Villa Rawdah BEGIN:VEVENT UID:injected END:VEVENT',
        )
      }
    })
  },
  { env: { SYNC_ALLOW_HOSTS: '127.0.0.1' } },
)
