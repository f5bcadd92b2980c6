import ICAL from 'ical.js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { calendarOf, startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { aCalendarRow, aPropertyRow, aUser, signIn } from './builders.ts'
import { describeEachDatabase } from './harness.ts'
import { aPropertyFields, propertyForm, sendPropertyForm } from './multipart.ts'

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())

type Internal = { url: string; platforms: { platformName: string; url: string }[] }

/** The all-day events of a feed as `start → end: summary`, and every property name it uses. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const events = calendar.getAllSubcomponents('vevent').map((event) => {
    const value = (name: string) => String(event.getFirstPropertyValue(name))
    return `${value('dtstart')} → ${value('dtend')}: ${value('summary')}`
  })
  const names = calendar
    .getAllSubcomponents('vevent')
    .flatMap((event) => event.getAllProperties().map((property) => property.name))
  return { events, names: new Set(names) }
}

describeEachDatabase(
  'availability feeds, one per platform',
  (ctx) => {
    let cookie = ''
    let propertyId = ''
    const internal = async (id = propertyId, as = cookie) =>
      ctx.app.inject({ url: `/api/property/${id}/calendar/internal`, headers: { cookie: as } })
    const feedAt = (url: string) => ctx.app.inject({ url: new URL(url).pathname })

    beforeAll(async () => {
      const owner = await aUser(ctx.db)
      cookie = await signIn(ctx.app, owner.email)
      const property = await aPropertyRow(ctx.db, owner.id, { name: 'Villa Rawdah' })
      propertyId = property.id
      feeds.serve(
        '/airbnb.ics',
        calendarOf([
          { uid: 'a1', start: '2030-03-10', end: '2030-03-15', summary: 'Reserved' },
          { uid: 'a2', start: '2030-04-20', end: '2030-05-01', summary: 'Airbnb (Not available)' },
        ]),
      )
      feeds.serve(
        '/booking.ics',
        calendarOf([
          { uid: 'b1', start: '2030-06-01', end: '2030-06-04', summary: 'CLOSED - Not available' },
          { uid: 'b2', start: '2030-06-04', end: '2030-06-06', summary: 'CLOSED - Not available' },
          { uid: 'b3', start: '2030-07-01', end: '2030-07-03', summary: 'CLOSED - Not available' },
        ]),
      )
      feeds.serve(
        '/vrbo.ics',
        calendarOf([
          { uid: 'v1', start: '2030-06-05', end: '2030-06-08', summary: 'Reserved - Layla Haddad' },
        ]),
      )
      const calendars = [
        await aCalendarRow(ctx.db, propertyId, feeds.url('/airbnb.ics'), 'Airbnb'),
        await aCalendarRow(ctx.db, propertyId, feeds.url('/booking.ics'), 'Booking.com'),
        await aCalendarRow(ctx.db, propertyId, feeds.url('/vrbo.ics'), 'Vrbo'),
      ]
      await ctx.app.syncCalendarsNow(calendars)
      // A stay that leaves its feed frees its nights everywhere.
      feeds.dropEvent('/booking.ics', 'b3')
      await ctx.app.syncCalendarsNow(calendars)
    })

    it('lists one secret feed per linked platform beside the private full feed, the same each time', async () => {
      const first = (await internal()).json() as Internal
      expect(first.url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
      expect(first.platforms.map((feed) => feed.platformName)).toEqual(['Airbnb', 'Booking.com', 'Vrbo'])
      const urls = new Set([first.url, ...first.platforms.map((feed) => feed.url)])
      expect(urls.size).toBe(4)
      for (const feed of first.platforms) expect(feed.url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
      expect((await internal()).json()).toEqual(first)
    })

    it("gives each platform every night taken elsewhere, none of its own, as runs of 'Not available'", async () => {
      const { platforms } = (await internal()).json() as Internal
      const feedOf = async (platform: string) => {
        const response = await feedAt(platforms.find((feed) => feed.platformName === platform)!.url)
        expect(response.statusCode).toBe(200)
        expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8')
        return eventsOf(response.body)
      }
      const airbnb = await feedOf('Airbnb')
      // Booking.com's closures of 1–4 and 4–6 June and Vrbo's 5–8 June are one run.
      expect(airbnb.events).toEqual(['2030-06-01 → 2030-06-08: Not available'])
      expect((await feedOf('Vrbo')).events).toEqual([
        '2030-03-10 → 2030-03-15: Not available',
        '2030-04-20 → 2030-05-01: Not available',
        '2030-06-01 → 2030-06-06: Not available',
      ])
      expect((await feedOf('Booking.com')).events).toEqual([
        '2030-03-10 → 2030-03-15: Not available',
        '2030-04-20 → 2030-05-01: Not available',
        '2030-06-05 → 2030-06-08: Not available',
      ])
      // No guest, and none of the private feed's fields.
      const text = (await feedAt(platforms[0]!.url)).body
      expect(text).not.toMatch(/Layla|Reserved|CLOSED|X-MANZIL/)
      expect([...airbnb.names].sort()).toEqual(['dtend', 'dtstamp', 'dtstart', 'summary', 'uid'])
    })

    it('rotates one platform feed alone: its old link stops working, the others keep theirs', async () => {
      const before = (await internal()).json() as Internal
      const rotated = await ctx.app.inject({
        method: 'POST',
        url: `/api/property/${propertyId}/calendar/platform/Airbnb/rotate`,
        headers: { cookie },
      })
      expect(rotated.statusCode).toBe(200)
      const after = (await internal()).json() as Internal
      const airbnbBefore = before.platforms.find((feed) => feed.platformName === 'Airbnb')!.url
      expect(rotated.json()).toEqual(after.platforms.find((feed) => feed.platformName === 'Airbnb'))
      expect(rotated.json().url).not.toBe(airbnbBefore)
      expect((await feedAt(airbnbBefore)).statusCode).toBe(404)
      expect((await feedAt(rotated.json().url)).statusCode).toBe(200)
      expect(after.url).toBe(before.url)
      expect(after.platforms.filter((feed) => feed.platformName !== 'Airbnb')).toEqual(
        before.platforms.filter((feed) => feed.platformName !== 'Airbnb'),
      )
    })

    it("refuses a link to the property's own feeds, however it is written", async () => {
      const { url, platforms } = (await internal()).json() as Internal
      const airbnbFeed = platforms.find((feed) => feed.platformName === 'Airbnb')!.url
      const file = new URL(airbnbFeed).pathname.split('/').at(-1)!
      const message =
        "This is one of this property's own Manzil links. Paste the calendar link that Vrbo gives you here."
      for (const link of [
        airbnbFeed,
        url,
        `webcal://127.0.0.1:3000/api/calendar/${file.replace('.ics', '')}`,
        `https://manzil.example/api/calendar/${file.replace('.ics', '.ICS')}?x=1`,
      ]) {
        const added = await ctx.app.inject({
          method: 'POST',
          url: `/api/property/${propertyId}/calendar/external`,
          payload: { platformName: 'Vrbo', urlPath: link },
          headers: { cookie },
        })
        expect(added.statusCode, link).toBe(400)
        expect(added.json()).toEqual({ message, fields: { urlPath: message } })
      }
      const field = 'externalCalendars.Vrbo'
      const edited = await sendPropertyForm(
        ctx.app,
        'PATCH',
        `/api/property/${propertyId}`,
        propertyForm(
          aPropertyFields({
            externalCalendars: JSON.stringify([{ platformName: 'Vrbo', urlPath: airbnbFeed }]),
          }),
        ),
        { cookie, language: 'ar' },
      )
      expect(edited.statusCode).toBe(400)
      expect(edited.json<{ fields: Record<string, string> }>().fields[field]).toBe(
        'هذا أحد روابط منزل الخاصة بهذا العقار. الصق هنا رابط التقويم الذي يعطيك إياه Vrbo.',
      )
      // Nothing changed: Vrbo still reads its own feed.
      const links = await ctx.app.inject({
        url: `/api/property/${propertyId}/calendar/external`,
        headers: { cookie },
      })
      expect(links.json<{ platformName: string; urlPath: string }[]>()).toContainEqual(
        expect.objectContaining({ platformName: 'Vrbo', urlPath: feeds.url('/vrbo.ics') }),
      )
    })

    it("answers 404 for another host's property and for a platform with no feed", async () => {
      const stranger = await signIn(ctx.app, (await aUser(ctx.db)).email)
      expect((await internal(propertyId, stranger)).statusCode).toBe(404)
      const rotate = (platform: string, as: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/property/${propertyId}/calendar/platform/${encodeURIComponent(platform)}/rotate`,
          headers: { cookie: as },
        })
      expect((await rotate('Airbnb', stranger)).statusCode).toBe(404)
      expect((await rotate('Gathern', cookie)).statusCode).toBe(404)
    })
  },
  { env: { SYNC_ALLOW_HOSTS: '127.0.0.1' } },
)
