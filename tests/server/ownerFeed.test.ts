import { randomUUID } from 'node:crypto'
import ICAL from 'ical.js'
import { beforeAll, expect, it } from 'vitest'
import type { Db } from '../../server/db/database.ts'
import { aCalendarRow, aPropertyRow, aUser, signIn } from './builders.ts'
import { describeEachDatabase } from './harness.ts'

type StayOptions = {
  start: string
  end: string
  calendarId?: string | null
  cancelled?: boolean
  guest?: string
}

/** A stay row as a sync (with a calendar) or the host (without) writes it. */
async function aStayRow(db: Db, propertyId: string, options: StayOptions) {
  const now = new Date().toISOString()
  const id = randomUUID()
  const guest = options.guest ?? 'Sara Al-Harbi'
  await db
    .insertInto('bookings')
    .values({
      id,
      calendar_id: options.calendarId ?? null,
      property_id: propertyId,
      uid: `${id}@test`,
      summary: `Reserved - ${guest}`,
      description: null,
      location: null,
      start_date: options.start,
      end_date: options.end,
      status: 'Reserved',
      guest_name: guest,
      kind: 'booking',
      platform: options.calendarId ? 'Airbnb' : 'Manual',
      cancelled_at: options.cancelled ? now : null,
      first_seen_at: now,
      updated_at: now,
    })
    .execute()
  return id
}

type Event = { stayId: string; property: string; conflict: boolean; start: string; end: string }

function eventsOf(text: string): Event[] {
  return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((vevent) => ({
    stayId: String(vevent.getFirstPropertyValue('uid')).replace(/@manzil$/, ''),
    property: String(vevent.getFirstPropertyValue('x-manzil-property')),
    conflict: vevent.getFirstPropertyValue('x-manzil-conflict') !== null,
    start: String(vevent.getFirstPropertyValue('dtstart')),
    end: String(vevent.getFirstPropertyValue('dtend')),
  }))
}

describeEachDatabase('the feed of all of a host’s properties', (ctx) => {
  let host: { cookie: string; first: string; second: string; manualClash: string; kept: string[] }
  let other: { cookie: string; property: string }
  const feedOf = (cookie: string, query = '', headers: Record<string, string> = {}) =>
    ctx.app.inject({ url: `/api/property/calendar${query}`, headers: { cookie, ...headers } })

  beforeAll(async () => {
    const owner = await aUser(ctx.db)
    const first = (await aPropertyRow(ctx.db, owner.id, { name: 'Villa Rawdah' })).id
    const second = (await aPropertyRow(ctx.db, owner.id, { name: 'Flat Corniche' })).id
    const calendar = await aCalendarRow(ctx.db, first, 'https://calendars.example/a.ics')
    // A long stay from the feed that ended before 2030-03-01, and a manual stay over its last
    // nights that ends after: the manual one is in a feed from 2030-03-01, and in conflict.
    await aStayRow(ctx.db, first, { start: '2030-02-10', end: '2030-02-28', calendarId: calendar })
    const manualClash = await aStayRow(ctx.db, first, { start: '2030-02-26', end: '2030-03-04' })
    const kept = [
      manualClash,
      await aStayRow(ctx.db, first, { start: '2030-03-10', end: '2030-03-12', calendarId: calendar }),
      await aStayRow(ctx.db, second, { start: '2030-03-01', end: '2030-03-05' }),
    ]
    await aStayRow(ctx.db, second, { start: '2030-04-01', end: '2030-04-05', cancelled: true })
    host = { cookie: await signIn(ctx.app, owner.email), first, second, manualClash, kept }
    const stranger = await aUser(ctx.db, { isAdmin: true })
    const property = (await aPropertyRow(ctx.db, stranger.id, { name: 'Not yours' })).id
    await aStayRow(ctx.db, property, { start: '2030-03-01', end: '2030-03-03' })
    other = { cookie: await signIn(ctx.app, stranger.email), property }
  })

  it('lists every active stay of every own property, each naming its property, conflicts marked', async () => {
    const response = await feedOf(host.cookie)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8')
    const events = eventsOf(response.body)
    const rows = await ctx.db
      .selectFrom('bookings')
      .select(['id', 'property_id'])
      .where('property_id', 'in', [host.first, host.second])
      .where('cancelled_at', 'is', null)
      .execute()
    expect(events.map((event) => [event.stayId, event.property]).sort()).toEqual(
      rows.map((row) => [row.id, row.property_id]).sort(),
    )
    expect(events.filter((event) => event.conflict)).toHaveLength(2)
  })

  it('from a day: the stays that end after it, judged among all their property’s stays', async () => {
    const events = eventsOf((await feedOf(host.cookie, '?from=2030-03-01')).body)
    expect(events.map((event) => event.stayId).sort()).toEqual([...host.kept].sort())
    expect(events.find((event) => event.stayId === host.manualClash)?.conflict).toBe(true)
    expect(events.filter((event) => event.conflict)).toHaveLength(1)
    expect(
      eventsOf((await feedOf(host.cookie, '?from=2030-03-05')).body).map((event) => event.start),
    ).toEqual(['2030-03-10'])
  })

  it('answers 304 to its ETag, also after a write that changed none of its stays', async () => {
    const first = await feedOf(host.cookie, '?from=2030-03-01')
    const etag = String(first.headers.etag)
    const again = await feedOf(host.cookie, '?from=2030-03-01', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    // A sync that found nothing new still writes the link's time, a new version of the data.
    await ctx.db
      .updateTable('external_calendars')
      .set({ last_synced_at: new Date().toISOString() })
      .where('property_id', '=', host.first)
      .execute()
    expect((await feedOf(host.cookie, '?from=2030-03-01', { 'if-none-match': etag })).statusCode).toBe(304)
    const added = await aStayRow(ctx.db, host.second, { start: '2030-05-01', end: '2030-05-03' })
    const changed = await feedOf(host.cookie, '?from=2030-03-01', { 'if-none-match': etag })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    expect(eventsOf(changed.body).map((event) => event.stayId)).toContain(added)
    await ctx.db.deleteFrom('bookings').where('id', '=', added).execute()
  })

  it('shows an admin only their own properties, and nobody without a session', async () => {
    const events = eventsOf((await feedOf(other.cookie)).body)
    expect(events.map((event) => event.property)).toEqual([other.property])
    expect((await feedOf('')).statusCode).toBe(401)
  })

  it('refuses a first day not written as YYYY-MM-DD, naming the field', async () => {
    const response = await feedOf(host.cookie, '?from=2030-13-01', { 'accept-language': 'en' })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toEqual({ from: 'Write the first day as YYYY-MM-DD.' })
  })
})
