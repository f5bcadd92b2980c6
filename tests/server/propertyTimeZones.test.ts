import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { Migrator, sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDatabase, type Db } from '../../server/db/database.ts'
import { migrations } from '../../server/db/migrations.ts'
import type { Property } from '../../contract/property.ts'
import { startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { aCalendarRow as aQuietCalendar, aStay } from './bookingBuilders.ts'
import { aCalendarRow, aPropertyRow, aUser, signIn } from './builders.ts'
import { readerOf } from '../../server/team/access.ts'
import { describeEachDatabase, whySkipped, type TestContext } from './harness.ts'
import { aPropertyFields, propertyForm, sendPropertyForm } from './multipart.ts'

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())

const GOOGLE = 'google-timezones.ics'

/** 22:30 UTC on 9 December 2026: already the 10th in Riyadh, still the 9th in Los Angeles. */
const LATE_ON_THE_9TH = new Date('2026-12-09T22:30:00Z')

async function aHost(ctx: TestContext) {
  const owner = await aUser(ctx.db)
  const cookie = await signIn(ctx.app, owner.email)
  const send = (method: 'POST' | 'PATCH', url: string, fields: Record<string, string>, language = 'en') =>
    sendPropertyForm(ctx.app, method, url, propertyForm(fields), { cookie, language })
  return { owner, cookie, send }
}

/** The stays a calendar holds, as "summary: check-in → check-out". */
async function staysOf(db: Db, calendarId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('bookings')
    .select(['summary', 'start_date', 'end_date'])
    .where('calendar_id', '=', calendarId)
    .where('cancelled_at', 'is', null)
    .orderBy('start_date')
    .execute()
  return rows.map((row) => `${row.summary}: ${row.start_date} → ${row.end_date}`)
}

const zoneOf = async (db: Db, propertyId: string) =>
  (
    await db
      .selectFrom('properties')
      .select('time_zone')
      .where('id', '=', propertyId)
      .executeTakeFirstOrThrow()
  ).time_zone

describeEachDatabase(
  'property time zones',
  (ctx) => {
    it("gives a new property its country's zone, or the one the form names", async () => {
      const host = await aHost(ctx)
      const created = async (fields: Record<string, string>) => {
        const response = await host.send('POST', '/api/property', aPropertyFields(fields))
        expect(response.statusCode).toBe(201)
        return response.json<Property>()
      }
      expect((await created({ country: 'Saudi' })).timeZone).toBe('Asia/Riyadh')
      expect((await created({ country: 'السعودية' })).timeZone).toBe('Asia/Riyadh')
      // The whole address is read: "United Arab Emirates Dubai" split on spaces (docs/product.md §5.4).
      const emirates = { country: 'United', region: 'Arab', city: 'Emirates', address: 'Dubai Marina 4' }
      expect((await created(emirates)).timeZone).toBe('Asia/Dubai')
      expect((await created({ country: 'Narnia' })).timeZone).toBe('UTC')
      expect((await created({ country: 'Saudi', timeZone: 'Europe/London' })).timeZone).toBe('Europe/London')

      const list = (
        await ctx.app.inject({ url: '/api/property/list', headers: { cookie: host.cookie } })
      ).json<Property[]>()
      expect(list.map((property) => property.timeZone).sort()).toEqual([
        'Asia/Dubai',
        'Asia/Riyadh',
        'Asia/Riyadh',
        'Europe/London',
        'UTC',
      ])
    })

    it('refuses a zone that is no IANA name, in the reader’s language', async () => {
      const host = await aHost(ctx)
      for (const timeZone of ['Mars/Olympus_Mons', 'Arab Standard Time', 'asia/riyadh', '+03:00']) {
        const response = await host.send('POST', '/api/property', aPropertyFields({ timeZone }))
        expect([timeZone, response.statusCode]).toEqual([timeZone, 400])
        const message = 'Time zone must be a time zone name such as Asia/Riyadh'
        expect(response.json()).toEqual({ message, fields: { timeZone: message } })
      }
      const arabic = await host.send('POST', '/api/property', aPropertyFields({ timeZone: 'Nowhere' }), 'ar')
      expect(arabic.statusCode).toBe(400)
      const arabicMessage = 'يجب أن تكون المنطقة الزمنية اسم منطقة زمنية مثل Asia/Riyadh'
      expect(arabic.json()).toEqual({ message: arabicMessage, fields: { timeZone: arabicMessage } })
      const { id } = (await host.send('POST', '/api/property', aPropertyFields())).json<Property>()
      const patch = await host.send('PATCH', `/api/property/${id}`, aPropertyFields({ timeZone: 'Nowhere' }))
      expect(patch.statusCode).toBe(400)
      expect(await zoneOf(ctx.db, id)).toBe('Asia/Riyadh')
    })

    it('keeps the zone when an update names none, and changes it when one does', async () => {
      const host = await aHost(ctx)
      const { id } = (await host.send('POST', '/api/property', aPropertyFields())).json<Property>()
      const kept = await host.send('PATCH', `/api/property/${id}`, aPropertyFields({ country: 'Egypt' }))
      expect(kept.json<Property>()).toMatchObject({ country: 'Egypt', timeZone: 'Asia/Riyadh' })
      const changed = await host.send(
        'PATCH',
        `/api/property/${id}`,
        aPropertyFields({ timeZone: 'Africa/Cairo' }),
      )
      expect(changed.json<Property>().timeZone).toBe('Africa/Cairo')
      expect(await zoneOf(ctx.db, id)).toBe('Africa/Cairo')
    })

    it("lets an admin set a user's property zone through the same form", async () => {
      const host = await aHost(ctx)
      const admin = await aUser(ctx.db, { isAdmin: true })
      const cookie = await signIn(ctx.app, admin.email)
      const send = (method: 'POST' | 'PATCH', url: string, fields: Record<string, string>) =>
        sendPropertyForm(ctx.app, method, url, propertyForm(fields), { cookie })
      const created = await send(
        'POST',
        `/api/admin/user/${host.owner.id}/property`,
        aPropertyFields({ country: 'Qatar' }),
      )
      expect(created.statusCode).toBe(201)
      const { id, timeZone } = created.json<Property>()
      expect(timeZone).toBe('Asia/Qatar')
      const updated = await send(
        'PATCH',
        `/api/admin/property/${id}`,
        aPropertyFields({ timeZone: 'Asia/Kuwait' }),
      )
      expect(updated.json<Property>().timeZone).toBe('Asia/Kuwait')
      const refused = await send(
        'PATCH',
        `/api/admin/property/${id}`,
        aPropertyFields({ timeZone: 'Kuwait' }),
      )
      expect(refused.statusCode).toBe(400)
    })

    it("dates a Google export's timed stays by their check-in day in each property's zone", async () => {
      const route = `/${randomUUID()}.ics`
      feeds.serveFixture(route, GOOGLE)
      const owner = await aUser(ctx.db)
      const riyadh = await aPropertyRow(ctx.db, owner.id, { timeZone: 'Asia/Riyadh' })
      const losAngeles = await aPropertyRow(ctx.db, owner.id, { timeZone: 'America/Los_Angeles' })
      const riyadhFeed = await aCalendarRow(ctx.db, riyadh.id, feeds.url(route), 'Other')
      const losAngelesFeed = await aCalendarRow(ctx.db, losAngeles.id, feeds.url(route), 'Other')
      const outcomes = await ctx.app.syncCalendarsNow([riyadhFeed, losAngelesFeed])
      expect(outcomes.map((outcome) => outcome.result)).toEqual(['imported', 'imported'])

      expect(await staysOf(ctx.db, riyadhFeed)).toEqual([
        'Confirmed - Noura Al-Harbi: 2030-12-05 → 2030-12-08',
        // DTSTART:20301209T223000Z is 01:30 on the 10th in Riyadh.
        'Confirmed - James Whitfield: 2030-12-10 → 2030-12-12',
        // DTSTART;TZID=Europe/London:20301215T230000 is 02:00 on the 16th in Riyadh.
        'Confirmed - Oliver Grant: 2030-12-16 → 2030-12-18',
        'Confirmed - Huda Qasim: 2030-12-20 → 2030-12-23',
      ])
      expect(await staysOf(ctx.db, losAngelesFeed)).toEqual([
        'Confirmed - Noura Al-Harbi: 2030-12-05 → 2030-12-08',
        'Confirmed - James Whitfield: 2030-12-09 → 2030-12-12',
        'Confirmed - Oliver Grant: 2030-12-15 → 2030-12-18',
        // An all-day stay is the same wherever the property is.
        'Confirmed - Huda Qasim: 2030-12-20 → 2030-12-23',
      ])

      // The calendar screen reads the private export feed: the Riyadh days, as dates.
      const exported = (await ctx.app.inject({ url: `/api/calendar/${riyadh.exportToken}.ics` })).body
      expect(exported).toContain('DTSTART;VALUE=DATE:20301210\r\nDTEND;VALUE=DATE:20301212')
    })

    it("reads the feeds again when the host changes the property's zone, with no news of it", async () => {
      const route = `/${randomUUID()}.ics`
      feeds.serveFixture(route, GOOGLE, { etag: true })
      const host = await aHost(ctx)
      const links = JSON.stringify([{ platformName: 'Other', urlPath: feeds.url(route) }])
      const fields = aPropertyFields({ timeZone: 'America/Los_Angeles', externalCalendars: links })
      const property = (await host.send('POST', '/api/property', fields)).json<Property>()
      const calendarId = property.externalCalendars[0]!.id
      const james = async () => (await staysOf(ctx.db, calendarId)).find((stay) => stay.includes('James'))
      // Adding the link syncs it at once.
      await until(async () => (await james()) === 'Confirmed - James Whitfield: 2030-12-09 → 2030-12-12')

      const patched = await host.send('PATCH', `/api/property/${property.id}`, {
        ...fields,
        timeZone: 'Asia/Riyadh',
      })
      expect(patched.statusCode).toBe(200)
      // The feed has not changed (its server would answer 304), yet its stays move to Riyadh's days.
      await until(async () => (await james()) === 'Confirmed - James Whitfield: 2030-12-10 → 2030-12-12')
      expect(await staysOf(ctx.db, calendarId)).toContain('Confirmed - Oliver Grant: 2030-12-16 → 2030-12-18')
      const notices = await ctx.db
        .selectFrom('notifications')
        .select('kind')
        .where('user_id', '=', host.owner.id)
        .execute()
      expect(notices.filter((notice) => notice.kind === 'changed')).toEqual([])
    })

    it("judges a guest's last and next stay by today where the stay's property is", async () => {
      const owner = await aUser(ctx.db)
      const riyadh = await aPropertyRow(ctx.db, owner.id, { timeZone: 'Asia/Riyadh' })
      const losAngeles = await aPropertyRow(ctx.db, owner.id, { timeZone: 'America/Los_Angeles' })
      // Both check in on the 10th, which has begun in Riyadh and not yet in Los Angeles.
      const reem = await aQuietCalendar(ctx.db, riyadh.id)
      const mark = await aQuietCalendar(ctx.db, losAngeles.id)
      await aStay(ctx.db, reem, '2026-12-10', '2026-12-12', { guestName: 'Reem Saad' })
      await aStay(ctx.db, mark, '2026-12-10', '2026-12-12', { guestName: 'Mark Lee' })
      const viewer = await ctx.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', owner.id)
        .executeTakeFirstOrThrow()
      const guests = await ctx.app.guests.list(viewer, LATE_ON_THE_9TH)
      expect(guests.map(({ name, lastStay, nextStay }) => ({ name, lastStay, nextStay }))).toEqual([
        { name: 'Mark Lee', lastStay: null, nextStay: '2026-12-10' },
        { name: 'Reem Saad', lastStay: '2026-12-10', nextStay: null },
      ])
    })

    it("dates an owner's figures by where their properties are, and one property's by its own zone", async () => {
      const owner = await aUser(ctx.db)
      const riyadh = await aPropertyRow(ctx.db, owner.id, { timeZone: 'Asia/Riyadh' })
      await aPropertyRow(ctx.db, owner.id, { timeZone: 'Asia/Riyadh' })
      const losAngeles = await aPropertyRow(ctx.db, owner.id, { timeZone: 'America/Los_Angeles' })
      const stamped = await ctx.db
        .selectFrom('users')
        .select(['id', 'data_version'])
        .where('id', '=', owner.id)
        .executeTakeFirstOrThrow()
      expect(await ctx.app.statistics.ownerToday(await readerOf(ctx.db, stamped), LATE_ON_THE_9TH)).toBe(
        '2026-12-10',
      )
      expect(await ctx.app.statistics.propertyToday(owner.id, riyadh.id, LATE_ON_THE_9TH)).toBe('2026-12-10')
      expect(await ctx.app.statistics.propertyToday(owner.id, losAngeles.id, LATE_ON_THE_9TH)).toBe(
        '2026-12-09',
      )
      const stranger = await aUser(ctx.db)
      await expect(
        ctx.app.statistics.propertyToday(stranger.id, riyadh.id, LATE_ON_THE_9TH),
      ).rejects.toMatchObject({
        statusCode: 404,
      })
    })

    it("shows a property's statistics for this month where the property is", async () => {
      const host = await aHost(ctx)
      const riyadh = await aPropertyRow(ctx.db, host.owner.id, { timeZone: 'Asia/Riyadh', costPerNight: 100 })
      const utc = await aPropertyRow(ctx.db, host.owner.id, { timeZone: 'UTC', costPerNight: 100 })
      // Most of the owner's properties are in Riyadh: the dashboard's month is Riyadh's.
      await aPropertyRow(ctx.db, host.owner.id, { timeZone: 'Asia/Riyadh' })
      for (const property of [riyadh, utc])
        await aStay(ctx.db, await aQuietCalendar(ctx.db, property.id), '2026-12-01', '2026-12-03')
      // 22:30 UTC on 30 November: December has begun in Riyadh, not in UTC.
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T22:30:00Z') })
      try {
        const figures = async (propertyId: string) =>
          (
            await ctx.app.inject({
              url: `/api/property/${propertyId}/statistics`,
              headers: { cookie: host.cookie },
            })
          ).json<{ bookedNights: number; revenue: number }>()
        expect(await figures(riyadh.id)).toMatchObject({ bookedNights: 2, revenue: 200 })
        expect(await figures(utc.id)).toMatchObject({ bookedNights: 0, revenue: 0 })
        // Both stays earn in Riyadh's December, the owner's this month.
        const dashboard = await ctx.app.inject({
          url: '/api/dashboard/statistics',
          headers: { cookie: host.cookie },
        })
        expect(dashboard.json()).toMatchObject({ monthlyRevenue: { current: 400 } })
      } finally {
        vi.useRealTimers()
      }
    })
  },
  { env: { SYNC_ALLOW_HOSTS: '127.0.0.1' } },
)

/** Polls `check` until it holds (a sync started by a request runs after the answer). */
async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time')
    await sleep(25)
  }
}

const postgresUrl = process.env.TEST_DATABASE_URL

for (const engine of ['sqlite', 'postgres'] as const) {
  const skipped = whySkipped(engine)
  describe.skipIf(skipped !== null)(`migration 0009 [${engine}${skipped ? `: ${skipped}` : ''}]`, () => {
    it("gives every existing property its country's zone, UTC when the country is not known", async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-tz-'))
      const schema = `test_${randomBytes(6).toString('hex')}`
      const database = await openDatabase(
        engine === 'sqlite'
          ? { engine, file: path.join(dataDir, 'manzil.db') }
          : { engine, url: postgresUrl!, schema },
      )
      try {
        const migrator = new Migrator({
          db: database.db,
          provider: { getMigrations: async () => migrations },
          ...(engine === 'postgres' ? { migrationTableSchema: schema } : {}),
        })
        const before = await migrator.migrateTo('0008_manual_stays_and_echoes')
        expect(before.error).toBeUndefined()
        const now = new Date().toISOString()
        await sql`insert into users (id, email, password_hash, created_at, updated_at)
          values ('owner', 'owner@example.com', 'x', ${now}, ${now})`.execute(database.db)
        const countries = ['Saudi', 'KSA', 'السعودية', 'UAE', 'Egypt', 'USA', 'Narnia']
        for (const [index, country] of countries.entries())
          await sql`insert into properties (id, owner_id, name, country, city, address, capacity, export_token, created_at, updated_at)
            values (${`p${index}`}, 'owner', 'Flat', ${country}, 'City', 'Street 1', 2, ${`token-${index}`}, ${now}, ${now})`.execute(
            database.db,
          )

        const after = await migrator.migrateToLatest()
        expect(after.error).toBeUndefined()
        expect(after.results?.map((result) => result.migrationName)).toContain('0009_property_time_zones')
        const rows = await database.db
          .selectFrom('properties')
          .select(['country', 'time_zone'])
          .orderBy('id')
          .execute()
        expect(rows.map((row) => `${row.country}: ${row.time_zone}`)).toEqual([
          'Saudi: Asia/Riyadh',
          'KSA: Asia/Riyadh',
          'السعودية: Asia/Riyadh',
          'UAE: Asia/Dubai',
          'Egypt: Africa/Cairo',
          'USA: America/New_York',
          'Narnia: UTC',
        ])
      } finally {
        await database.close()
        if (engine === 'postgres') {
          const client = new pg.Client({ connectionString: postgresUrl })
          await client.connect()
          await client.query(`drop schema if exists "${schema}" cascade`)
          await client.end()
        }
        fs.rmSync(dataDir, { recursive: true, force: true })
      }
    })
  })
}
