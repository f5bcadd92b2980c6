import { randomUUID } from 'node:crypto'
import ICAL from 'ical.js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { PRODID } from '../../server/calendar/ics.ts'
import { calendarOf, startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { aCalendarRow, aPropertyRow, aUser, signIn } from './builders.ts'
import { describeEachDatabase } from './harness.ts'

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())

const LONG_ARABIC_GUEST = 'عبد الرحمن بن عبد العزيز آل سعود الخالدي القحطاني الشمري العتيبي'

describeEachDatabase(
  'calendar export feed',
  (ctx) => {
    let owner: Awaited<ReturnType<typeof aUser>>
    let property: Awaited<ReturnType<typeof aPropertyRow>>
    const exportOf = (token: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ url: `/api/calendar/${token}.ics`, headers })

    beforeAll(async () => {
      owner = await aUser(ctx.db)
      property = await aPropertyRow(ctx.db, owner.id, { name: 'Villa Rawdah' })
      const airbnbRoute = `/${randomUUID()}.ics`
      feeds.serveFixture(airbnbRoute, 'airbnb.ics')
      const vrboRoute = `/${randomUUID()}.ics`
      feeds.serve(
        vrboRoute,
        calendarOf([
          { uid: 'v1', start: '2030-03-12', end: '2030-03-16', summary: 'Reserved - Layla Haddad' },
          { uid: 'v2', start: '2030-06-01', end: '2030-06-04', summary: `Reserved - ${LONG_ARABIC_GUEST}` },
          { uid: 'v3', start: '2030-07-01', end: '2030-07-02', summary: 'Reserved - Gone Guest' },
        ]),
      )
      const calendars = [
        await aCalendarRow(ctx.db, property.id, feeds.url(airbnbRoute), 'Airbnb'),
        await aCalendarRow(ctx.db, property.id, feeds.url(vrboRoute), 'Vrbo'),
      ]
      await ctx.app.syncCalendarsNow(calendars)
      feeds.dropEvent(vrboRoute, 'v3')
      await ctx.app.syncCalendarsNow(calendars)
    })

    it('serves valid RFC 5545 text: CRLF endings, lines of 75 octets at most', async () => {
      const response = await exportOf(property.exportToken)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8')
      const text = response.body
      expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true)
      expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/)
      const lines = text.split('\r\n')
      for (const line of lines) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75)
      // The long Arabic name had to be folded, and was folded between characters.
      expect(lines.some((line) => line.startsWith(' '))).toBe(true)
    })

    it('lists every active stay of every platform, field by field', async () => {
      const calendar = new ICAL.Component(ICAL.parse((await exportOf(property.exportToken)).body))
      expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
      expect(calendar.getFirstPropertyValue('prodid')).toBe(PRODID)
      const bookings = await ctx.db
        .selectFrom('bookings')
        .selectAll()
        .where('property_id', '=', property.id)
        .where('cancelled_at', 'is', null)
        .orderBy('start_date')
        .execute()
      const vevents = calendar.getAllSubcomponents('vevent')
      expect(vevents).toHaveLength(5)
      expect(bookings).toHaveLength(5)
      vevents.forEach((vevent, index) => {
        const booking = bookings[index]!
        expect(vevent.getFirstPropertyValue('uid')).toBe(`${booking.id}@manzil`)
        const start = vevent.getFirstProperty('dtstart')!
        expect(start.type).toBe('date')
        expect(start.getFirstValue()!.toString()).toBe(booking.start_date)
        const end = vevent.getFirstProperty('dtend')!
        expect(end.type).toBe('date')
        expect(end.getFirstValue()!.toString()).toBe(booking.end_date)
        expect(vevent.getFirstPropertyValue('summary')).toBe(booking.summary)
        expect(vevent.getFirstPropertyValue('dtstamp')).not.toBeNull()
        expect(vevent.getFirstPropertyValue('x-manzil-platform')).toBe(booking.platform)
        expect(vevent.getFirstPropertyValue('x-manzil-status')).toBe(booking.status)
        expect(vevent.getFirstPropertyValue('x-manzil-guest')).toBe(booking.guest_name)
      })
      expect(vevents.map((vevent) => vevent.getFirstPropertyValue('x-manzil-guest'))).toContain(
        LONG_ARABIC_GUEST,
      )
      expect(vevents.map((vevent) => vevent.getFirstPropertyValue('summary'))).not.toContain(
        'Reserved - Gone Guest',
      )
    })

    it('marks the stays sold twice', async () => {
      const vevents = new ICAL.Component(
        ICAL.parse((await exportOf(property.exportToken)).body),
      ).getAllSubcomponents('vevent')
      const conflicting = vevents
        .filter((vevent) => vevent.getFirstPropertyValue('x-manzil-conflict') === 'TRUE')
        .map((vevent) => vevent.getFirstPropertyValue('dtstart')!.toString())
      expect(conflicting.sort()).toEqual(['2030-03-10', '2030-03-12'])
    })

    it("gives each stay its nightly price and linked calendar, as the owner's feed only", async () => {
      const vevents = new ICAL.Component(
        ICAL.parse((await exportOf(property.exportToken)).body),
      ).getAllSubcomponents('vevent')
      const rows = await ctx.db
        .selectFrom('bookings')
        .select(['id', 'calendar_id', 'nightly_price', 'description'])
        .where('property_id', '=', property.id)
        .where('cancelled_at', 'is', null)
        .execute()
      expect(vevents).toHaveLength(rows.length)
      for (const vevent of vevents) {
        const row = rows.find((stay) => `${stay.id}@manzil` === vevent.getFirstPropertyValue('uid'))!
        // The property's price (500) when each stay was first seen.
        expect(String(vevent.getFirstPropertyValue('x-manzil-price'))).toBe('500')
        expect(Number(row.nightly_price)).toBe(500)
        expect(vevent.getFirstPropertyValue('x-manzil-calendar')).toBe(row.calendar_id)
      }
      const airbnb = vevents.find((vevent) =>
        String(vevent.getFirstPropertyValue('description')).includes('Reservation URL'),
      )
      expect(String(airbnb!.getFirstPropertyValue('description'))).toMatch(
        /Phone Number \(Last 4 Digits\): \d{4}/,
      )

      // The availability feeds pasted into the platforms carry no price, calendar, guest data or notes.
      const cookie = await signIn(ctx.app, owner.email)
      const internal = await ctx.app.inject({
        url: `/api/property/${property.id}/calendar/internal`,
        headers: { cookie },
      })
      const platforms = (internal.json() as { platforms: { url: string }[] }).platforms
      expect(platforms.length).toBeGreaterThan(0)
      for (const feed of platforms) {
        const text = (await ctx.app.inject({ url: new URL(feed.url).pathname })).body
        expect(text).toContain('BEGIN:VCALENDAR')
        expect(text).not.toMatch(/X-MANZIL|DESCRIPTION|Reservation URL|Phone Number|Layla/)
      }
    })

    it('keeps the same text, UIDs included, and answers 304 to its ETag', async () => {
      const first = await exportOf(property.exportToken)
      const second = await exportOf(property.exportToken)
      expect(second.body).toBe(first.body)
      const etag = String(first.headers.etag)
      const cached = await exportOf(property.exportToken, { 'if-none-match': etag })
      expect(cached.statusCode).toBe(304)
      expect(cached.body).toBe('')
    })

    it('serves an empty calendar for a property without bookings', async () => {
      const empty = await aPropertyRow(ctx.db, owner.id, { name: 'Empty' })
      const response = await exportOf(empty.exportToken)
      expect(response.statusCode).toBe(200)
      const calendar = new ICAL.Component(ICAL.parse(response.body))
      expect(calendar.getAllSubcomponents('vevent')).toEqual([])
      expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Empty')
    })

    it('answers 404 to a wrong token, and to the old token once rotated', async () => {
      expect((await exportOf('not-a-token')).statusCode).toBe(404)
      const cookie = await signIn(ctx.app, owner.email)
      const rotated = await ctx.app.inject({
        method: 'POST',
        url: `/api/property/${property.id}/calendar/internal/rotate`,
        headers: { cookie },
      })
      expect(rotated.statusCode).toBe(200)
      expect((await exportOf(property.exportToken)).statusCode).toBe(404)
      const fresh = await ctx.app.inject({ url: new URL(rotated.json().url).pathname })
      expect(fresh.statusCode).toBe(200)
      expect(new ICAL.Component(ICAL.parse(fresh.body)).getAllSubcomponents('vevent')).toHaveLength(5)
    })
  },
  { env: { SYNC_ALLOW_HOSTS: '127.0.0.1' } },
)
