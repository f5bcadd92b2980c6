import { beforeAll, expect, it } from 'vitest'
import { aCalendarRow, aStay } from './bookingBuilders.ts'
import { aPropertyRow, aTeamMember, aUser, signIn } from './builders.ts'
import { describeEachDatabase } from './harness.ts'
import { eventsOf } from './ownerEvents.ts'

// Noon UTC: already March 11 on Kiritimati (UTC+14), still March 10 in Pago Pago (UTC-11).
const NOW = new Date('2030-03-10T12:00:00.000Z')

type Stay = { id: string; start: string }

describeEachDatabase(
  'a page of a host’s current or upcoming stays',
  (ctx) => {
    let owner: { id: string; cookie: string }
    let east: string
    let west: string
    let current: Stay[]
    let upcoming: Stay[]
    let vrboClash: string
    let cohost: string
    let cleaner: string
    let stranger: { cookie: string; property: string }
    const pageOf = (cookie: string, query: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ url: `/api/property/calendar/stays?${query}`, headers: { cookie, ...headers } })
    const idsOf = (body: string) => eventsOf(body).map((event) => event.stayId)
    const inOrder = (stays: Stay[]) =>
      [...stays].sort((a, b) => (a.start !== b.start ? (a.start < b.start ? -1 : 1) : a.id < b.id ? -1 : 1))

    beforeAll(async () => {
      const user = await aUser(ctx.db)
      east = (await aPropertyRow(ctx.db, user.id, { name: 'East', timeZone: 'Pacific/Kiritimati' })).id
      west = (await aPropertyRow(ctx.db, user.id, { name: 'West', timeZone: 'Pacific/Pago_Pago' })).id
      const eastAirbnb = await aCalendarRow(ctx.db, east, 'Airbnb')
      const eastVrbo = await aCalendarRow(ctx.db, east, 'Vrbo')
      const westAirbnb = await aCalendarRow(ctx.db, west, 'Airbnb')
      const westBooking = await aCalendarRow(ctx.db, west, 'Booking.com')
      const stay = async (calendar: typeof eastAirbnb, start: string, end: string) => ({
        id: await aStay(ctx.db, calendar, start, end),
        start,
      })
      await stay(eastAirbnb, '2030-03-01', '2030-03-05')
      await aStay(ctx.db, eastAirbnb, '2030-04-01', '2030-04-03', { cancelled: true })
      const eastNow = await stay(eastAirbnb, '2030-03-11', '2030-03-13')
      // Upcoming on March 11, and sharing a night with the Airbnb stay that is current there.
      const clash = await stay(eastVrbo, '2030-03-12', '2030-03-14')
      vrboClash = clash.id
      current = [await stay(westAirbnb, '2030-03-09', '2030-03-11'), eastNow]
      // The same days as East's current stay, upcoming in West, where it is still March 10.
      upcoming = [
        await stay(westAirbnb, '2030-03-11', '2030-03-13'),
        clash,
        await stay(eastAirbnb, '2030-03-20', '2030-03-22'),
        await stay(westBooking, '2030-03-20', '2030-03-22'),
        await stay(eastAirbnb, '2030-03-25', '2030-03-27'),
        await stay(westBooking, '2030-04-10', '2030-04-12'),
      ]
      owner = { id: user.id, cookie: await signIn(ctx.app, user.email) }

      const member = async (role: 'cohost' | 'cleaner') => {
        const account = await aUser(ctx.db)
        await aTeamMember(ctx.db, { propertyId: east, user: account, role, invitedBy: user.id })
        return signIn(ctx.app, account.email)
      }
      cohost = await member('cohost')
      cleaner = await member('cleaner')
      const other = await aUser(ctx.db, { isAdmin: true })
      const property = (await aPropertyRow(ctx.db, other.id)).id
      await aStay(ctx.db, await aCalendarRow(ctx.db, property), '2030-03-20', '2030-03-22')
      stranger = { cookie: await signIn(ctx.app, other.email), property }
    })

    it('lists the current and the upcoming stays by today where each property is, by check-in', async () => {
      const now = await pageOf(owner.cookie, 'list=current')
      expect(now.statusCode).toBe(200)
      expect(now.headers['content-type']).toBe('text/calendar; charset=utf-8')
      expect(now.headers['x-total-count']).toBe('2')
      expect(now.headers.link).toBeUndefined()
      expect(idsOf(now.body)).toEqual(current.map((stay) => stay.id))
      const next = await pageOf(owner.cookie, 'list=upcoming')
      expect(next.headers['x-total-count']).toBe(String(upcoming.length))
      expect(idsOf(next.body)).toEqual(inOrder(upcoming).map((stay) => stay.id))
      expect(eventsOf(next.body).find((event) => event.stayId === upcoming[0]?.id)?.property).toBe(west)
    })

    it('counts the whole list a filter leaves, and judges a stay among its property’s others', async () => {
      const ofWest = await pageOf(owner.cookie, `list=upcoming&property=${west}&limit=1`)
      expect(ofWest.headers['x-total-count']).toBe('3')
      expect(idsOf(ofWest.body)).toEqual([upcoming[0]?.id])
      const ofVrbo = await pageOf(owner.cookie, 'list=upcoming&platform=Vrbo')
      expect(ofVrbo.headers['x-total-count']).toBe('1')
      // Its clash is with a current Airbnb stay, on no page of this list.
      expect(eventsOf(ofVrbo.body)).toEqual([expect.objectContaining({ stayId: vrboClash, conflict: true })])
      const both = await pageOf(owner.cookie, `list=upcoming&property=${east}&platform=Airbnb`)
      expect(both.headers['x-total-count']).toBe('2')
      expect((await pageOf(owner.cookie, 'list=current&platform=Expedia')).headers['x-total-count']).toBe('0')
    })

    it('pages through a list by its next links, every stay once and in order', async () => {
      for (const limit of [1, 2, 4]) {
        const seen: string[] = []
        let url: string | undefined = `/api/property/calendar/stays?list=upcoming&limit=${limit}`
        while (url !== undefined) {
          const page: { statusCode: number; body: string; headers: Record<string, unknown> } =
            await ctx.app.inject({ url, headers: { cookie: owner.cookie } })
          expect(page.statusCode).toBe(200)
          expect(page.headers['x-total-count']).toBe(String(upcoming.length))
          const ids = idsOf(page.body)
          expect(ids.length).toBeLessThanOrEqual(limit)
          seen.push(...ids)
          const link: unknown = page.headers.link
          url = typeof link === 'string' ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined
          if (url !== undefined) expect(url).toContain(`limit=${limit}`)
        }
        expect(seen).toEqual(inOrder(upcoming).map((stay) => stay.id))
      }
    })

    it('refuses a cursor no page made, and a limit out of bounds', async () => {
      expect((await pageOf(owner.cookie, 'list=upcoming&after=nonsense')).statusCode).toBe(400)
      expect((await pageOf(owner.cookie, 'list=upcoming&limit=201')).statusCode).toBe(400)
      expect((await pageOf(owner.cookie, 'list=past')).statusCode).toBe(400)
    })

    it('shows a co-host the owner’s property, and a cleaner or a stranger none of it', async () => {
      const ofEast = inOrder(upcoming.filter((_, index) => [1, 2, 4].includes(index))).map((stay) => stay.id)
      expect(idsOf((await pageOf(cohost, `list=upcoming&property=${east}`)).body)).toEqual(ofEast)
      expect(idsOf((await pageOf(cohost, 'list=upcoming')).body)).toEqual(ofEast)
      expect((await pageOf(cleaner, `list=upcoming&property=${east}`)).statusCode).toBe(404)
      const cleaners = await pageOf(cleaner, 'list=upcoming')
      expect(cleaners.headers['x-total-count']).toBe('0')
      expect(idsOf(cleaners.body)).toEqual([])
      expect((await pageOf(stranger.cookie, `list=upcoming&property=${east}`)).statusCode).toBe(404)
      expect((await pageOf(owner.cookie, `list=upcoming&property=${stranger.property}`)).statusCode).toBe(404)
      expect((await pageOf('', 'list=upcoming')).statusCode).toBe(401)
    })

    it('answers 304 to its ETag, with its count, and a new page once a stay changes', async () => {
      const first = await pageOf(owner.cookie, 'list=upcoming&limit=2')
      const etag = String(first.headers.etag)
      expect(first.headers['cache-control']).toBe('private, no-cache')
      const again = await pageOf(owner.cookie, 'list=upcoming&limit=2', { 'if-none-match': etag })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
      expect(again.headers['x-total-count']).toBe(String(upcoming.length))
      expect(again.headers.link).toBe(first.headers.link)
      // A stay beyond the first page changes the count, not the page's stays.
      const calendar = await aCalendarRow(ctx.db, west, 'Vrbo')
      const added = await aStay(ctx.db, calendar, '2030-05-01', '2030-05-03')
      const changed = await pageOf(owner.cookie, 'list=upcoming&limit=2', { 'if-none-match': etag })
      expect(changed.statusCode).toBe(200)
      expect(changed.headers.etag).not.toBe(etag)
      expect(changed.headers['x-total-count']).toBe(String(upcoming.length + 1))
      expect(idsOf(changed.body)).toEqual(idsOf(first.body))
      await ctx.db.deleteFrom('bookings').where('id', '=', added).execute()
    })
  },
  { clock: () => NOW },
)
