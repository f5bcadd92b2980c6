import ICAL from 'ical.js'
import ical, { type VEvent } from 'node-ical'
import { expect, it } from 'vitest'
import type { CleanerLink, CleanerSchedule } from '../../contract/turnover.ts'
import { parseFeed } from '../../server/sync/parse.ts'
import { redactUrl } from '../../server/logging.ts'
import { post } from './accounts.ts'
import { aCalendarRow, aStay } from './bookingBuilders.ts'
import { aPropertyRow, aUser, signIn } from './builders.ts'
import { describeEachDatabase, type TestContext } from './harness.ts'

// Noon UTC on 1 May 2030: the 1st in Riyadh (15:00) and in Los Angeles (05:00).
const NOW = new Date('2030-05-01T12:00:00Z')

/** What a stay carries that a cleaner must never read. */
const GUEST = 'Layla Haddad'
const SECRETS = [GUEST, 'Airbnb', 'Vrbo', 'Booking.com', '987', '4567', 'HMABC123']
/** What an answer says but its ids: a random id may hold a secret's digits, as "d4567230-…" did. */
const withoutIds = (text: string) =>
  text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')

async function aHost(ctx: TestContext) {
  const owner = await aUser(ctx.db)
  const cookie = await signIn(ctx.app, owner.email)
  const create = (payload: object) => post(ctx.app, '/api/turnover/link', payload, { cookie })
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string) =>
    ctx.app.inject({ method, url, headers: { cookie } })
  return { owner, cookie, create, call }
}

/** A property in `timeZone` with its times, and the calendar its stays come from. */
async function aPlace(
  ctx: TestContext,
  ownerId: string,
  name: string,
  timeZone: string,
  times?: [string, string],
) {
  const { id } = await aPropertyRow(ctx.db, ownerId, { name, timeZone, costPerNight: 987 })
  if (times)
    await ctx.db
      .updateTable('properties')
      .set({ check_in_time: times[0], check_out_time: times[1] })
      .where('id', '=', id)
      .execute()
  return { id, calendar: await aCalendarRow(ctx.db, id, name === 'Dune House' ? 'Vrbo' : 'Airbnb') }
}

/**
 * An event's start and end as instants, read by ical.js against the VTIMEZONE the feed itself
 * carries for the event's TZID, as a reader without the IANA database does.
 */
function instantsByFeedZones(text: string, uid: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const zones = new Map(
    calendar
      .getAllSubcomponents('vtimezone')
      .map((zone) => [String(zone.getFirstPropertyValue('tzid')), new ICAL.Timezone(zone)]),
  )
  const event = calendar
    .getAllSubcomponents('vevent')
    .find((each) => each.getFirstPropertyValue('uid') === uid)!
  return (['dtstart', 'dtend'] as const).map((name) => {
    const property = event.getFirstProperty(name)!
    const time = ICAL.Time.fromDateTimeString(String(property.getFirstValue()))
    time.zone = zones.get(String(property.getParameter('tzid')))!
    return time.toJSDate().toISOString()
  })
}

const pathOf = (url: string) => new URL(url).pathname
const tokenOf = (link: CleanerLink) => pathOf(link.url).split('/').at(-1)!

describeEachDatabase(
  'a cleaner’s link',
  (ctx) => {
    async function aLinkWithCleanings() {
      const host = await aHost(ctx)
      // Riyadh: out at 11:00, in at 15:00; Los Angeles keeps the defaults (out 11:00, in 15:00).
      const palm = await aPlace(ctx, host.owner.id, 'Palm Loft', 'Asia/Riyadh', ['16:00', '11:00'])
      const dune = await aPlace(ctx, host.owner.id, 'Dune House', 'America/Los_Angeles')
      const private_ = { guestName: GUEST, description: `Call +966 55 123 4567, code HMABC123, ${GUEST}` }
      const first = await aStay(ctx.db, palm.calendar, '2030-04-28', '2030-05-03', private_)
      // Through another platform: a cleaner reads no platform's name either.
      const palmBooking = await aCalendarRow(ctx.db, palm.id, 'Booking.com')
      const second = await aStay(ctx.db, palmBooking, '2030-05-03', '2030-05-06', private_)
      // After the 30 days: no cleaning of its own, though it is the 6th's next check-in.
      await aStay(ctx.db, palm.calendar, '2030-06-02', '2030-06-09', private_)
      const duneStay = await aStay(ctx.db, dune.calendar, '2030-05-10', '2030-05-12', private_)
      const created = await host.create({ name: 'Fatima', propertyIds: [palm.id, dune.id], language: 'en' })
      expect(created.statusCode).toBe(201)
      return { host, palm, dune, link: created.json<CleanerLink>(), stays: { first, second, duneStay } }
    }

    it('is made, listed, rotated and revoked by its owner only, for the owner’s properties only', async () => {
      const host = await aHost(ctx)
      const other = await aHost(ctx)
      const palm = (await aPropertyRow(ctx.db, host.owner.id, { name: 'Palm Loft' })).id
      const theirs = (await aPropertyRow(ctx.db, other.owner.id)).id
      expect((await host.create({ name: 'Fatima', propertyIds: [palm, theirs] })).statusCode).toBe(404)
      expect((await host.create({ name: '', propertyIds: [palm] })).statusCode).toBe(400)
      const made = await host.create({ name: 'Fatima', propertyIds: [palm], email: 'fatima@example.com' })
      expect(made.statusCode).toBe(201)
      const link = made.json<CleanerLink>()
      expect(link).toMatchObject({
        name: 'Fatima',
        propertyIds: [palm],
        email: 'fatima@example.com',
        emailConfirmed: false,
        language: 'en',
      })
      // 32 random bytes: 256 bits, well past 128.
      expect(Buffer.from(tokenOf(link), 'base64url').length).toBe(32)
      expect(pathOf(link.icsUrl)).toBe(`/api/cleaning/feed/${tokenOf(link)}.ics`)
      expect((await host.call('GET', '/api/turnover/link')).json<CleanerLink[]>()).toEqual([link])
      expect((await other.call('GET', '/api/turnover/link')).json()).toEqual([])
      expect((await other.call('POST', `/api/turnover/link/${link.id}/rotate`)).statusCode).toBe(404)
      expect((await other.call('DELETE', `/api/turnover/link/${link.id}`)).statusCode).toBe(404)

      const rotated = (await host.call('POST', `/api/turnover/link/${link.id}/rotate`)).json<CleanerLink>()
      expect(tokenOf(rotated)).not.toBe(tokenOf(link))
      expect((await ctx.app.inject(pathOf(link.icsUrl))).statusCode).toBe(404)
      expect((await ctx.app.inject(`/api/cleaning/schedule/${tokenOf(link)}`)).statusCode).toBe(404)
      expect((await ctx.app.inject(pathOf(rotated.icsUrl))).statusCode).toBe(200)

      expect((await host.call('DELETE', `/api/turnover/link/${link.id}`)).statusCode).toBe(204)
      expect((await ctx.app.inject(pathOf(rotated.icsUrl))).statusCode).toBe(404)
      expect((await ctx.app.inject(`/api/cleaning/schedule/${tokenOf(rotated)}`)).statusCode).toBe(404)
      expect((await host.call('DELETE', `/api/turnover/link/${link.id}`)).statusCode).toBe(404)
    })

    it('refuses a 21st link of an account with a translated 409', async () => {
      const host = await aHost(ctx)
      const palm = (await aPropertyRow(ctx.db, host.owner.id)).id
      for (let count = 0; count < 20; count += 1)
        expect((await host.create({ name: `Cleaner ${count}`, propertyIds: [palm] })).statusCode).toBe(201)
      const refused = await post(
        ctx.app,
        '/api/turnover/link',
        { name: 'One more', propertyIds: [palm] },
        {
          cookie: host.cookie,
          language: 'ar',
        },
      )
      expect(refused.statusCode).toBe(409)
      expect(refused.json<{ message: string }>().message).toContain('رابط تنظيف')
    })

    it('shows the next 30 days’ cleanings with where and when, nothing of the guest, platform or price', async () => {
      const { link, palm, dune, stays } = await aLinkWithCleanings()
      const answer = await ctx.app.inject(`/api/cleaning/schedule/${tokenOf(link)}`)
      expect(answer.statusCode).toBe(200)
      const schedule = answer.json<CleanerSchedule>()
      expect(schedule).toMatchObject({ name: 'Fatima', language: 'en', from: '2030-05-01' })
      expect(schedule.cleanings).toEqual([
        {
          propertyId: palm.id,
          propertyName: 'Palm Loft',
          address: 'Saudi Arabia, Riyadh, King Fahd Road 12',
          stayId: stays.first,
          date: '2030-05-03',
          checkOutTime: '11:00',
          nextCheckIn: { stayId: stays.second, date: '2030-05-03', time: '16:00' },
          sameDay: true,
          gapNights: 0,
        },
        expect.objectContaining({ stayId: stays.second, date: '2030-05-06', sameDay: false, gapNights: 27 }),
        expect.objectContaining({
          propertyId: dune.id,
          stayId: stays.duneStay,
          date: '2030-05-12',
          nextCheckIn: null,
        }),
      ])
      for (const secret of SECRETS) expect(withoutIds(answer.body)).not.toContain(secret)
    })

    it('serves a feed that both the project’s parser and node-ical read in each property’s zone', async () => {
      const { link, stays } = await aLinkWithCleanings()
      const answer = await ctx.app.inject(pathOf(link.icsUrl))
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-type']).toMatch(/^text\/calendar/)
      const text = answer.body
      for (const secret of SECRETS) expect(withoutIds(text)).not.toContain(secret)
      expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Riyadh')
      expect(text).toContain('TZID:America/Los_Angeles')
      expect(text).toContain('TZOFFSETTO:-0700')

      const events = Object.values(ical.sync.parseICS(text)).filter(
        (item): item is VEvent => item?.type === 'VEVENT',
      )
      const times = events
        .map((event) => [
          event.uid,
          String(event.summary),
          event.start.toISOString(),
          event.end?.toISOString(),
        ])
        .sort((a, b) => String(a[2]).localeCompare(String(b[2])))
      expect(times).toEqual([
        // Riyadh is UTC+3: out at 11:00, the next guests in at 16:00 the same day.
        [
          `${stays.first}@cleaning.manzil`,
          'Cleaning · Palm Loft',
          '2030-05-03T08:00:00.000Z',
          '2030-05-03T13:00:00.000Z',
        ],
        // Nobody arrives that day: four hours.
        [
          `${stays.second}@cleaning.manzil`,
          'Cleaning · Palm Loft',
          '2030-05-06T08:00:00.000Z',
          '2030-05-06T12:00:00.000Z',
        ],
        // Los Angeles in May is UTC−7.
        [
          `${stays.duneStay}@cleaning.manzil`,
          'Cleaning · Dune House',
          '2030-05-12T18:00:00.000Z',
          '2030-05-12T22:00:00.000Z',
        ],
      ])
      const sameDay = events.find((event) => event.uid === `${stays.first}@cleaning.manzil`)!
      expect(sameDay.location).toBe('Saudi Arabia, Riyadh, King Fahd Road 12')
      expect(String(sameDay.description)).toContain('Next check-in: 2030-05-03 at 16:00')

      // The project's own reader, in each property's zone: the cleaning's day.
      const palmDays = parseFeed(text, '2030-05-01', 'Asia/Riyadh').filter((event) =>
        event.uid.startsWith(stays.first),
      )
      expect(palmDays.map((event) => event.start)).toEqual(['2030-05-03'])
      const duneDays = parseFeed(text, '2030-05-01', 'America/Los_Angeles').filter((event) =>
        event.uid.startsWith(stays.duneStay),
      )
      expect(duneDays.map((event) => event.start)).toEqual(['2030-05-12'])

      // ical.js with the feed's own VTIMEZONEs only (no IANA rules): the same instants.
      expect(instantsByFeedZones(text, `${stays.first}@cleaning.manzil`)).toEqual([
        '2030-05-03T08:00:00.000Z',
        '2030-05-03T13:00:00.000Z',
      ])
      expect(instantsByFeedZones(text, `${stays.duneStay}@cleaning.manzil`)).toEqual([
        '2030-05-12T18:00:00.000Z',
        '2030-05-12T22:00:00.000Z',
      ])
    })

    it('answers the same feed with 304 to its ETag, and writes it in the link’s language', async () => {
      const { host, palm } = await aLinkWithCleanings()
      const feed = pathOf((await host.call('GET', '/api/turnover/link')).json<CleanerLink[]>()[0]!.icsUrl)
      const first = await ctx.app.inject(feed)
      const etag = first.headers.etag as string
      expect(etag).toMatch(/^".+"$/)
      const again = await ctx.app.inject({ url: feed, headers: { 'if-none-match': etag } })
      expect(again.statusCode).toBe(304)
      const arabic = (
        await host.create({ name: 'فاطمة', propertyIds: [palm.id], language: 'ar' })
      ).json<CleanerLink>()
      expect((await ctx.app.inject(pathOf(arabic.icsUrl))).body).toContain('SUMMARY:تنظيف · Palm Loft')
    })

    it('keeps its token out of the log', () => {
      expect(redactUrl('/api/cleaning/feed/abcDEF123.ics')).toBe('/api/cleaning/feed/[redacted].ics')
      expect(redactUrl('/api/cleaning/schedule/abcDEF123')).toBe('/api/cleaning/schedule/[redacted]')
      expect(redactUrl('/cleaner/abcDEF123')).toBe('/cleaner/[redacted]')
    })
  },
  { clock: () => NOW },
)
