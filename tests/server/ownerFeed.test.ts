import { beforeAll, expect, it } from 'vitest'
import { aCalendarRow, aStay, type CalendarRef } from './bookingBuilders.ts'
import { aPropertyRow, aTeamMember, aUser, signIn } from './builders.ts'
import { describeEachDatabase } from './harness.ts'
import { eventsOf } from './ownerEvents.ts'

describeEachDatabase('the feed of all of a host’s properties', (ctx) => {
  let host: {
    id: string
    cookie: string
    first: string
    second: string
    loft: CalendarRef
    vrboClash: string
    kept: string[]
  }
  let other: { cookie: string; property: string }
  const feedOf = (cookie: string, query = '', headers: Record<string, string> = {}) =>
    ctx.app.inject({ url: `/api/property/calendar${query}`, headers: { cookie, ...headers } })

  beforeAll(async () => {
    const owner = await aUser(ctx.db)
    const first = (await aPropertyRow(ctx.db, owner.id, { name: 'Villa Rawdah' })).id
    const second = (await aPropertyRow(ctx.db, owner.id, { name: 'Flat Corniche' })).id
    const airbnb = await aCalendarRow(ctx.db, first, 'Airbnb')
    const vrbo = await aCalendarRow(ctx.db, first, 'Vrbo')
    const loft = await aCalendarRow(ctx.db, second, 'Airbnb')
    // A long Airbnb stay that ended before 2030-03-01, and a Vrbo stay over its last nights that
    // ends after: the Vrbo one is in a feed from 2030-03-01, and in conflict.
    await aStay(ctx.db, airbnb, '2030-02-10', '2030-02-28')
    const vrboClash = await aStay(ctx.db, vrbo, '2030-02-26', '2030-03-04')
    const kept = [
      vrboClash,
      await aStay(ctx.db, airbnb, '2030-03-10', '2030-03-12'),
      await aStay(ctx.db, loft, '2030-03-01', '2030-03-05'),
    ]
    await aStay(ctx.db, loft, '2030-04-01', '2030-04-05', { cancelled: true })
    host = { id: owner.id, cookie: await signIn(ctx.app, owner.email), first, second, loft, vrboClash, kept }
    const stranger = await aUser(ctx.db, { isAdmin: true })
    const property = (await aPropertyRow(ctx.db, stranger.id, { name: 'Not yours' })).id
    await aStay(ctx.db, await aCalendarRow(ctx.db, property), '2030-03-01', '2030-03-03')
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
    expect(events.find((event) => event.stayId === host.vrboClash)?.conflict).toBe(true)
    expect(events.filter((event) => event.conflict)).toHaveLength(1)
    expect(
      eventsOf((await feedOf(host.cookie, '?from=2030-04-05')).body).map((event) => event.start),
    ).toEqual([])
  })

  it('from any day of a month: the feed from its first, the same text and ETag', async () => {
    const first = await feedOf(host.cookie, '?from=2030-03-01')
    const later = await feedOf(host.cookie, '?from=2030-03-05')
    expect(later.body).toBe(first.body)
    expect(later.headers.etag).toBe(first.headers.etag)
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
    const added = await aStay(ctx.db, host.loft, '2030-05-01', '2030-05-03')
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

  it('to a day: the stays that start before it, judged among all their property’s stays', async () => {
    // A Vrbo stay in the window, and an Airbnb stay over its last night that starts on `to`.
    const vrbo = await aCalendarRow(ctx.db, host.second, 'Vrbo')
    const clash = await aStay(ctx.db, vrbo, '2030-03-08', '2030-03-12')
    const later = await aStay(ctx.db, host.loft, '2030-03-10', '2030-03-11')
    const bounded = await feedOf(host.cookie, '?from=2030-03-01&to=2030-03-10')
    expect(bounded.statusCode).toBe(200)
    const events = eventsOf(bounded.body)
    expect(events.every((event) => event.start < '2030-03-10')).toBe(true)
    expect(events.map((event) => event.stayId).sort()).toEqual(
      [...host.kept.filter((id) => id !== host.kept[1]), clash].sort(),
    )
    expect(events.find((event) => event.stayId === clash)?.conflict).toBe(true)
    expect(events.find((event) => event.stayId === host.vrboClash)?.conflict).toBe(true)
    // Another window is another feed: its own text and ETag.
    const unbounded = await feedOf(host.cookie, '?from=2030-03-01')
    expect(unbounded.headers.etag).not.toBe(bounded.headers.etag)
    expect(eventsOf(unbounded.body).map((event) => event.stayId)).toContain(later)
    const again = await feedOf(host.cookie, '?from=2030-03-01&to=2030-03-10', {
      'if-none-match': String(bounded.headers.etag),
    })
    expect(again.statusCode).toBe(304)
    await ctx.db.deleteFrom('bookings').where('id', 'in', [clash, later]).execute()
  })

  it('of one property: its stays alone, judged among its own, for its owner and co-hosts only', async () => {
    const window = '?from=2030-03-01&to=2030-04-01'
    const ofProperty = (cookie: string, property: string, headers: Record<string, string> = {}) =>
      feedOf(cookie, `${window}&property=${property}`, headers)
    const first = await ofProperty(host.cookie, host.first)
    expect(first.statusCode).toBe(200)
    const events = eventsOf(first.body)
    expect(events.map((event) => event.stayId).sort()).toEqual([host.vrboClash, host.kept[1]].sort())
    expect(events.every((event) => event.property === host.first)).toBe(true)
    // Its clash with the Airbnb stay that ended before the window is still judged.
    expect(events.find((event) => event.stayId === host.vrboClash)?.conflict).toBe(true)
    // Each property's window is a feed of its own, with its own ETag.
    const second = await ofProperty(host.cookie, host.second)
    expect(eventsOf(second.body).map((event) => event.stayId)).toEqual([host.kept[2]])
    expect(second.headers.etag).not.toBe(first.headers.etag)
    const etag = String(first.headers.etag)
    expect((await ofProperty(host.cookie, host.first, { 'if-none-match': etag })).statusCode).toBe(304)

    const [cohost, cleaner] = [await aUser(ctx.db), await aUser(ctx.db)]
    await aTeamMember(ctx.db, { propertyId: host.first, user: cohost, role: 'cohost', invitedBy: host.id })
    await aTeamMember(ctx.db, { propertyId: host.first, user: cleaner, role: 'cleaner', invitedBy: host.id })
    const cohosts = await ofProperty(await signIn(ctx.app, cohost.email), host.first)
    expect(
      eventsOf(cohosts.body)
        .map((event) => event.stayId)
        .sort(),
    ).toEqual(events.map((event) => event.stayId).sort())
    // Not theirs: a cleaner's and a stranger's answer is a 404, whatever ETag they send.
    for (const cookie of [await signIn(ctx.app, cleaner.email), other.cookie])
      for (const headers of [{}, { 'if-none-match': etag }] as Record<string, string>[])
        expect((await ofProperty(cookie, host.first, headers)).statusCode).toBe(404)
    expect((await ofProperty(other.cookie, other.property)).statusCode).toBe(200)
  })

  it('with a last day, from exactly the first day asked: a window is not widened to its month', async () => {
    const ids = async (query: string) =>
      eventsOf((await feedOf(host.cookie, query)).body)
        .map((event) => event.stayId)
        .sort()
    expect(await ids('?from=2030-03-01&to=2030-03-20')).toEqual([...host.kept].sort())
    // The Vrbo stay ends on the 4th and the loft's on the 5th: neither ends after the 5th.
    expect(await ids('?from=2030-03-05&to=2030-03-20')).toEqual([host.kept[1]])
  })

  it('the stays a link names, wherever they are, conflicts judged; none of another host; two at most', async () => {
    const named = await feedOf(host.cookie, `?stay=${host.vrboClash},${host.kept[2]}`)
    expect(named.statusCode).toBe(200)
    const events = eventsOf(named.body)
    expect(events.map((event) => [event.stayId, event.conflict]).sort()).toEqual(
      [
        [host.vrboClash, true],
        [host.kept[2], false],
      ].sort(),
    )
    const theirs = await ctx.db
      .selectFrom('bookings')
      .select('id')
      .where('property_id', '=', other.property)
      .executeTakeFirstOrThrow()
    expect(eventsOf((await feedOf(host.cookie, `?stay=${theirs.id}`)).body)).toEqual([])
    for (const query of [`?stay=a,b,c`, '?stay=not%20an%20id'])
      expect((await feedOf(host.cookie, query)).statusCode).toBe(400)
  })

  it('refuses a last day not written as YYYY-MM-DD, or not after the first, naming the field', async () => {
    for (const query of ['?from=2030-03-01&to=2030-3-9', '?from=2030-03-05&to=2030-03-05', '?to=tomorrow']) {
      const response = await feedOf(host.cookie, query, { 'accept-language': 'en' })
      expect(response.statusCode, query).toBe(400)
      expect(response.json().fields).toEqual({
        to: 'Write the day after the last as YYYY-MM-DD, after the first day.',
      })
    }
  })

  it('refuses a first day not written as YYYY-MM-DD, naming the field', async () => {
    const response = await feedOf(host.cookie, '?from=2030-13-01', { 'accept-language': 'en' })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toEqual({ from: 'Write the first day as YYYY-MM-DD.' })
  })
})
