import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { addDays, type DateOnly } from '../../src/domain/dates.ts'
import { DELETE_BATCH } from '../../server/db/batchedDelete.ts'
import {
  CANCELLED_KEPT_MS,
  CANCELLED_KEPT_PER_LINK,
  pruneCancelledSurplus,
} from '../../server/sync/retention.ts'
import { calendarOf, startFeedServer, type FeedServer, type StayEvent } from '../fixtures/feedServer.ts'
import { aCalendarRow as aLinkedCalendar, aPropertyRow, aUser } from './builders.ts'
import { aCalendarRow, aStay } from './bookingBuilders.ts'
import { describeEachDatabase, type TestContext } from './harness.ts'

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())

const HOUR_MS = 60 * 60_000
const DAY_MS = 24 * HOUR_MS
/** How far the suite's clock is ahead of the system's. */
let clockAhead = 0
const today = () => new Date(Date.now() + clockAhead).toISOString().slice(0, 10)

const STAYS = 500
const SYNCS = 20

/**
 * STAYS two-night sales three days apart, from `from` on, each under a UID of this
 * version: a feed that re-issues every UID each time it is fetched.
 */
const rotated = (from: DateOnly, version: number, count = STAYS): StayEvent[] =>
  Array.from({ length: count }, (_, index) => ({
    uid: `v${version}-${index}@rotating.example`,
    start: addDays(from, 3 * index),
    end: addDays(from, 3 * index + 2),
    summary: `Reserved - Guest ${index}`,
  }))

const countOf = async (ctx: TestContext, table: 'bookings' | 'notifications', column: string, id: string) => {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(column as 'id', '=', id)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

describeEachDatabase(
  'a feed that re-issues its UIDs at every fetch',
  (ctx) => {
    it(`keeps one row per stay and tells no news over ${SYNCS} syncs`, async () => {
      const owner = await aUser(ctx.db)
      const property = await aPropertyRow(ctx.db, owner.id)
      const route = `/${randomUUID()}.ics`
      const from = addDays(today(), -300)
      feeds.serve(route, calendarOf(rotated(from, 0)))
      const calendarId = await aLinkedCalendar(ctx.db, property.id, feeds.url(route), 'Vrbo')
      for (let version = 0; version <= SYNCS; version++) {
        feeds.serve(route, calendarOf(rotated(from, version)))
        const [outcome] = await ctx.app.syncCalendarsNow([calendarId])
        expect(outcome?.result).toBe('imported')
        clockAhead += 15 * 60_000
      }
      expect(await countOf(ctx, 'bookings', 'calendar_id', calendarId)).toBe(STAYS)
      expect(await countOf(ctx, 'notifications', 'user_id', owner.id)).toBe(0)
    })

    it('tells one unstable notice, not a notice a stay, for a feed whose stays are new at every fetch', async () => {
      const owner = await aUser(ctx.db)
      const property = await aPropertyRow(ctx.db, owner.id)
      const route = `/${randomUUID()}.ics`
      const from = addDays(today(), 10)
      feeds.serve(route, calendarOf(rotated(from, 0)))
      const calendarId = await aLinkedCalendar(ctx.db, property.id, feeds.url(route), 'Vrbo')
      for (let version = 0; version <= 3; version++) {
        // Each version's stays a night later: no stay goes on in another.
        feeds.serve(route, calendarOf(rotated(addDays(from, version), version)))
        await ctx.app.syncCalendarsNow([calendarId])
        clockAhead += 15 * 60_000
      }
      const kinds = await ctx.db
        .selectFrom('notifications')
        .select('kind')
        .where('user_id', '=', owner.id)
        .execute()
      expect(kinds.map((row) => row.kind)).toEqual(['unstable'])
    })

    it('keeps the history a link first brought, not the past stays a feed makes up at every later fetch', async () => {
      const owner = await aUser(ctx.db)
      const property = await aPropertyRow(ctx.db, owner.id)
      const route = `/${randomUUID()}.ics`
      // Ninety stays, all over by a month ago; each fetch a night later, under new UIDs.
      const pastStays = 90
      const from = addDays(today(), -300)
      const calendarId = await aLinkedCalendar(ctx.db, property.id, feeds.url(route), 'Vrbo')
      for (let version = 0; version <= 6; version++) {
        feeds.serve(route, calendarOf(rotated(addDays(from, version), version, pastStays)))
        await ctx.app.syncCalendarsNow([calendarId])
        clockAhead += 15 * 60_000
      }
      const uids = await ctx.db
        .selectFrom('bookings')
        .select('uid')
        .where('calendar_id', '=', calendarId)
        .execute()
      const versions = new Set(uids.map((row) => row.uid.slice(0, row.uid.indexOf('-'))))
      // The first import's and the latest fetch's; before, all seven fetches' 630 rows.
      expect(uids).toHaveLength(2 * pastStays)
      expect([...versions].sort()).toEqual(['v0', 'v6'])
    })

    it(`keeps at most ${CANCELLED_KEPT_PER_LINK} cancelled stays a link, for a feed that moves every stay at each fetch`, async () => {
      const owner = await aUser(ctx.db)
      const property = await aPropertyRow(ctx.db, owner.id)
      const route = `/${randomUUID()}.ics`
      const from = addDays(today(), 10)
      const calendarId = await aLinkedCalendar(ctx.db, property.id, feeds.url(route), 'Vrbo')
      const syncs = Math.ceil(CANCELLED_KEPT_PER_LINK / STAYS) + 2
      for (let version = 0; version <= syncs; version++) {
        feeds.serve(route, calendarOf(rotated(addDays(from, version), version)))
        await ctx.app.syncCalendarsNow([calendarId])
        clockAhead += 15 * 60_000
      }
      const cancelled = () =>
        ctx.db
          .selectFrom('bookings')
          .select(['uid', 'cancelled_at'])
          .where('calendar_id', '=', calendarId)
          .where('cancelled_at', 'is not', null)
          .orderBy('cancelled_at')
          .execute()
      expect(await cancelled()).toHaveLength(syncs * STAYS)
      await pruneCancelledSurplus(ctx.db)
      const kept = await cancelled()
      expect(kept).toHaveLength(CANCELLED_KEPT_PER_LINK)
      // The latest cancelled are kept: they are the ones that may still come back.
      expect(kept.at(-1)!.uid.startsWith(`v${syncs - 1}-`)).toBe(true)
      expect(await countOf(ctx, 'bookings', 'calendar_id', calendarId)).toBe(CANCELLED_KEPT_PER_LINK + STAYS)
    })
  },
  { env: { SYNC_ALLOW_HOSTS: '127.0.0.1' }, clock: () => new Date(Date.now() + clockAhead) },
)

const RETENTION_NOW = new Date()
const cancelledAgo = (ms: number) => new Date(RETENTION_NOW.getTime() - ms).toISOString()

describeEachDatabase(
  'cancelled stays',
  (ctx) => {
    it('are deleted in batches once they are past restoring, leaving recent ones and every stay statistics count', async () => {
      const owner = await aUser(ctx.db)
      const property = await aPropertyRow(ctx.db, owner.id)
      const calendar = await aCalendarRow(ctx.db, property.id, 'Vrbo')
      const other = await aCalendarRow(ctx.db, property.id, 'Airbnb')
      const day = RETENTION_NOW.toISOString().slice(0, 10)
      const old: string[] = []
      for (let index = 0; index < 2 * DELETE_BATCH.stays + 10; index++)
        old.push(
          await aStay(ctx.db, calendar, addDays(day, index), addDays(day, index + 1), { cancelled: true }),
        )
      await ctx.db
        .updateTable('bookings')
        .set({ cancelled_at: cancelledAgo(CANCELLED_KEPT_MS + HOUR_MS) })
        .where('id', 'in', old)
        .execute()
      const recent = await aStay(ctx.db, calendar, addDays(day, 5), addDays(day, 7), { cancelled: true })
      await ctx.db
        .updateTable('bookings')
        .set({ cancelled_at: cancelledAgo(CANCELLED_KEPT_MS - HOUR_MS) })
        .where('id', '=', recent)
        .execute()
      const lastYear = await aStay(ctx.db, calendar, addDays(day, -400), addDays(day, -395))
      const upcoming = await aStay(ctx.db, other, addDays(day, 3), addDays(day, 6))
      const [first, second] = [old[3]!, upcoming].sort()
      await ctx.db
        .insertInto('announced_conflicts')
        .values({ first_id: first!, second_id: second!, created_at: cancelledAgo(10 * DAY_MS) })
        .execute()

      ctx.app.retention.start()
      const left = () =>
        ctx.db.selectFrom('bookings').select('id').where('property_id', '=', property.id).execute()
      for (let tries = 0; tries < 200 && (await left()).length > 3; tries++) await sleep(50)
      expect((await left()).map((row) => row.id).sort()).toEqual([recent, lastYear, upcoming].sort())
      expect(
        await ctx.db.selectFrom('announced_conflicts').selectAll().where('first_id', '=', first!).execute(),
      ).toEqual([])
    })
  },
  { clock: () => RETENTION_NOW },
)
