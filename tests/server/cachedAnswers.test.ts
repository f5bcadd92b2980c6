import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import type { DashboardFigures, MonthFigures } from '../../src/domain/statistics.ts'
import { aUser, signIn } from './builders.ts'
import { aCalendarRow, aPropertyRow, aStay, type CalendarRef } from './bookingBuilders.ts'
import { describeEachDatabase } from './harness.ts'

/** A local noon, so the server's "today" is this date in any TZ the tests run in. */
const localNoon = (year: number, month: number, day: number) => new Date(year, month - 1, day, 12)

/**
 * The property list, the dashboard statistics and the export feed are cached per version of the
 * owner's data (migration 0002). Every write here goes straight to the database, as another
 * server process or the sync engine would, and the next answer must show it.
 */
describeEachDatabase('cached answers follow every write', (ctx) => {
  let ownerId = ''
  let cookie = ''
  let propertyId = ''
  let exportToken = ''
  let calendar: CalendarRef
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await ctx.app.inject({ url, headers: { cookie, ...headers } })
    expect(response.statusCode, response.body).toBeLessThan(400)
    return response
  }
  const list = async () => (await get('/api/property/list')).json<Array<Record<string, unknown>>>()
  const dashboard = async () => (await get('/api/dashboard/statistics')).json<DashboardFigures>()
  const feed = () => get(`/api/calendar/${exportToken}.ics`)
  const version = async () =>
    (
      await ctx.db
        .selectFrom('users')
        .select('data_version')
        .where('id', '=', ownerId)
        .executeTakeFirstOrThrow()
    ).data_version

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: localNoon(2024, 3, 13) })
    const owner = await aUser(ctx.db)
    ownerId = owner.id
    cookie = await signIn(ctx.app, owner.email)
    propertyId = await aPropertyRow(ctx.db, owner.id, { name: 'Old name', costPerNight: 100 })
    exportToken = (
      await ctx.db
        .selectFrom('properties')
        .select('export_token')
        .where('id', '=', propertyId)
        .executeTakeFirstOrThrow()
    ).export_token
    calendar = await aCalendarRow(ctx.db, propertyId, 'Airbnb')
  })
  afterAll(() => vi.useRealTimers())

  it('the property list shows a renamed property, a new photo and a sync result', async () => {
    expect((await list())[0]).toMatchObject({ name: 'Old name', images: [], externalCalendars: [{}] })
    await ctx.db.updateTable('properties').set({ name: 'New name' }).where('id', '=', propertyId).execute()
    expect((await list())[0]).toMatchObject({ name: 'New name' })

    await ctx.db
      .insertInto('property_images')
      .values({
        id: randomUUID(),
        property_id: propertyId,
        file_name: 'a.webp',
        thumb_name: 'a-thumb.webp',
        width: 10,
        height: 10,
        position: 0,
        created_at: new Date().toISOString(),
      })
      .execute()
    expect((await list())[0]?.images).toHaveLength(1)

    await ctx.db
      .updateTable('external_calendars')
      .set({ last_synced_at: '2024-03-13T09:00:00.000Z', last_error: 'feed.unreachable' })
      .where('id', '=', calendar.id)
      .execute()
    expect((await list())[0]?.externalCalendars).toMatchObject([
      { lastSyncedAt: '2024-03-13T09:00:00.000Z', lastError: 'feed.unreachable' },
    ])
  })

  it('the dashboard counts a booking added, then cancelled, and a link removed', async () => {
    const before = await dashboard()
    expect(before.platformConnections).toBe(1)
    const stay = await aStay(ctx.db, calendar, '2024-03-13', '2024-03-15')
    expect((await dashboard()).monthlyRevenue).toMatchObject({
      current: before.monthlyRevenue.current + 200,
    })
    await ctx.db
      .updateTable('bookings')
      .set({ cancelled_at: new Date().toISOString() })
      .where('id', '=', stay)
      .execute()
    expect(await dashboard()).toEqual(before)
    const spare = await aCalendarRow(ctx.db, propertyId, 'Vrbo')
    expect((await dashboard()).platformConnections).toBe(2)
    await ctx.db.deleteFrom('external_calendars').where('id', '=', spare.id).execute()
    expect((await dashboard()).platformConnections).toBe(1)
  })

  it("the chart's months count a booking added, then cancelled, read beside the dashboard", async () => {
    const march = async () =>
      (await get('/api/dashboard/statistics/monthly'))
        .json<MonthFigures[]>()
        .find((figures) => figures.month === '2024-03')
    const before = await march()
    await dashboard()
    const stay = await aStay(ctx.db, calendar, '2024-03-20', '2024-03-23')
    await dashboard()
    expect((await march())?.revenue).toBe((before?.revenue ?? 0) + 300)
    await ctx.db
      .updateTable('bookings')
      .set({ cancelled_at: new Date().toISOString() })
      .where('id', '=', stay)
      .execute()
    await dashboard()
    expect(await march()).toEqual(before)
  })

  it('the dashboard counts failing and paused links as connections that do not sync', async () => {
    const failing = await aCalendarRow(ctx.db, propertyId, 'Vrbo')
    const paused = await aCalendarRow(ctx.db, propertyId, 'Gathern')
    await ctx.db
      .updateTable('external_calendars')
      .set({ last_error: null })
      .where('property_id', '=', propertyId)
      .execute()
    expect(await dashboard()).toMatchObject({ platformConnections: 3, syncingConnections: 3 })
    await ctx.db
      .updateTable('external_calendars')
      .set({ last_error: 'feed.unreachable' })
      .where('id', '=', failing.id)
      .execute()
    await ctx.db
      .updateTable('external_calendars')
      .set({ budget_failures: 3 })
      .where('id', '=', paused.id)
      .execute()
    expect(await dashboard()).toMatchObject({ platformConnections: 3, syncingConnections: 1 })
    await ctx.db.deleteFrom('external_calendars').where('id', 'in', [failing.id, paused.id]).execute()
  })

  it('the dashboard moves on with the day even when nothing was written', async () => {
    expect((await dashboard()).propertyCount).toMatchObject({ total: 1, thisMonthIncrease: 1 })
    vi.setSystemTime(localNoon(2024, 4, 2))
    expect((await dashboard()).propertyCount).toMatchObject({ total: 1, thisMonthIncrease: 0 })
    vi.setSystemTime(localNoon(2024, 3, 13))
  })

  it('the export feed shows a new stay with a new ETag, and drops a cancelled one', async () => {
    const first = await feed()
    const stay = await aStay(ctx.db, calendar, '2024-05-01', '2024-05-04')
    const second = await feed()
    expect(second.headers.etag).not.toBe(first.headers.etag)
    expect(second.body).toContain(`UID:${stay}@manzil`)
    expect((await feed()).headers.etag).toBe(second.headers.etag)
    expect(
      (await get(`/api/calendar/${exportToken}.ics`, { 'if-none-match': `${second.headers.etag}` }))
        .statusCode,
    ).toBe(304)

    await ctx.db
      .updateTable('bookings')
      .set({ cancelled_at: new Date().toISOString() })
      .where('id', '=', stay)
      .execute()
    const third = await feed()
    expect(third.body).not.toContain(`UID:${stay}@manzil`)
    expect(third.headers.etag).toBe(first.headers.etag)
  })

  it('a deleted property leaves the list, the dashboard and its feed', async () => {
    await ctx.db.deleteFrom('properties').where('id', '=', propertyId).execute()
    expect(await list()).toEqual([])
    expect((await dashboard()).propertyCount).toMatchObject({ total: 0 })
    const gone = await ctx.app.inject({ url: `/api/calendar/${exportToken}.ics` })
    expect(gone.statusCode).toBe(404)
  })

  it('reads, and the sync bookkeeping nobody sees, keep the cached answers', async () => {
    const mine = await aPropertyRow(ctx.db, ownerId)
    const link = await aCalendarRow(ctx.db, mine)
    await list()
    const kept = await version()
    await ctx.db
      .updateTable('external_calendars')
      .set({ lease_until: new Date().toISOString(), etag: '"x"', next_sync_at: new Date().toISOString() })
      .where('id', '=', link.id)
      .execute()
    await list()
    await dashboard()
    expect(await version()).toBe(kept)
  })

  it.skipIf(ctx.engine !== 'postgres')(
    "bumps the owner's version once a transaction, at its commit: another sync of the owner's waits for none",
    async () => {
      const first = await aCalendarRow(ctx.db, await aPropertyRow(ctx.db, ownerId))
      const second = await aCalendarRow(ctx.db, await aPropertyRow(ctx.db, ownerId))
      const before = await version()
      let other: Promise<string> | undefined
      let doneMeanwhile = false
      await ctx.db.transaction().execute(async (trx) => {
        for (const day of ['01', '05', '09'])
          await aStay(trx, first, `2030-01-${day}`, `2030-01-0${Number(day) + 2}`)
        // Another process's sync of the owner's other property, while this one is not committed.
        other = aStay(ctx.db, second, '2030-02-01', '2030-02-03')
        doneMeanwhile = await Promise.race([other.then(() => true), sleep(2000).then(() => false)])
      })
      await other
      expect(doneMeanwhile).toBe(true)
      expect(await version()).toBe(before + 2)
    },
  )

  it('sends the same bytes in brotli or gzipped to a client that takes it, and only then', async () => {
    // Enough to be worth compressing: a few properties, and a feed of a dozen stays.
    const properties = await Promise.all([1, 2, 3, 4, 5].map(() => aPropertyRow(ctx.db, ownerId)))
    const link = await aCalendarRow(ctx.db, properties[0] ?? '')
    for (let month = 1; month <= 12; month++)
      await aStay(
        ctx.db,
        link,
        `2025-${String(month).padStart(2, '0')}-01`,
        `2025-${String(month).padStart(2, '0')}-03`,
      )
    const { export_token: token } = await ctx.db
      .selectFrom('properties')
      .select('export_token')
      .where('id', '=', link.propertyId)
      .executeTakeFirstOrThrow()
    for (const url of ['/api/property/list', `/api/calendar/${token}.ics`]) {
      const plain = await get(url)
      for (const [accepted, coding, decode] of [
        ['br, gzip, deflate', 'br', brotliDecompressSync],
        ['gzip, deflate, br;q=0', 'gzip', gunzipSync],
        ['gzip, deflate', 'gzip', gunzipSync],
      ] as const) {
        const compressed = await get(url, { 'accept-encoding': accepted })
        expect(compressed.headers['content-encoding']).toBe(coding)
        expect(compressed.headers['content-type']).toBe(plain.headers['content-type'])
        expect(compressed.headers.vary).toMatch(/accept-encoding/i)
        expect(decode(compressed.rawPayload).toString()).toBe(plain.body)
      }
      for (const refusal of ['br;q=0, gzip;q=0, deflate', 'identity'])
        expect((await get(url, { 'accept-encoding': refusal })).headers['content-encoding']).toBeUndefined()
    }
  })
})
