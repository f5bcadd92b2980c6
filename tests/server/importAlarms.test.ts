import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { addDays } from '../../src/domain/dates.ts'
import type { Notification } from '../../contract/notification.ts'
import { aStay } from './bookingBuilders.ts'
import { aHostWithPlatformLinks } from './importHost.ts'
import { aTeamMember, aUser, signIn } from './builders.ts'
import { aCalendarRow } from './bookingBuilders.ts'
import { calendarOf, startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { openEventStream, originOf, type EventStream } from './eventStream.ts'
import { describeEachDatabase, startSecondProcess, type TestContext } from './harness.ts'
import { startMailbox } from './mailbox.ts'

const mailbox = await startMailbox()
afterAll(() => mailbox.stop())
let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())

const START = new Date()
let elapsedMs = 0
const HOUR_MS = 3_600_000
const MINUTE_MS = 60_000
const at = (ms: number) => new Date(START.getTime() + ms).toISOString()
const today = START.toISOString().slice(0, 10)

/** No alarm of the suite's earlier tests is judged again in a later one: their links are gone. */
const forgetEarlierHosts = (ctx: TestContext) => ctx.db.deleteFrom('platform_feeds').execute()

async function aHostWithLinks(ctx: TestContext) {
  await forgetEarlierHosts(ctx)
  const host = await aHostWithPlatformLinks(ctx)
  const { property, cookie } = host
  // The links are shown, at the start of the test's time.
  await host.internal()
  await ctx.db
    .updateTable('platform_feeds')
    .set({ link_since: at(0) })
    .where('property_id', '=', property.id)
    .execute()
  /** A sale on the platform, made at the present moment of the test. */
  const sells = async (calendar: typeof host.airbnb, start: string, end: string) => {
    const id = await aStay(ctx.db, calendar, start, end)
    await ctx.db
      .updateTable('bookings')
      .set({ taken_at: at(elapsedMs) })
      .where('id', '=', id)
      .execute()
  }
  const notices = async () => {
    const answer = await ctx.app.inject({ url: '/api/notification/list', headers: { cookie } })
    expect(answer.statusCode).toBe(200)
    return (answer.json() as Notification[]).filter((notice) => notice.data.kind !== undefined).reverse()
  }
  /** The link of another platform, shown at the start of the test's time. */
  const links = async (platformName: string) => {
    const calendar = await aCalendarRow(ctx.db, property.id, platformName)
    await host.internal()
    await ctx.db
      .updateTable('platform_feeds')
      .set({ link_since: at(0) })
      .where('property_id', '=', property.id)
      .where('platform_name', '=', platformName)
      .execute()
    return calendar
  }
  /** Each platform imports its feed at each of these minutes into the test, in turn. */
  const importsAt = async (minutes: readonly number[], ...platforms: string[]) => {
    for (const minute of minutes) {
      elapsedMs = minute * MINUTE_MS
      for (const platform of platforms) await host.imports(platform)
    }
  }
  return { ...host, sells, notices, links, importsAt }
}

/** The notices an open stream carries within `ms`, heartbeats left out. */
async function noticesOn(stream: EventStream, ms: number) {
  const frames: unknown[] = []
  const until = Date.now() + ms
  for (;;) {
    const left = until - Date.now()
    if (left <= 0) return frames
    const frame = await stream.next(left).catch(() => null)
    if (frame === null) return frames
    if (frame.event === 'notification') frames.push(JSON.parse(frame.data ?? '{}'))
  }
}

/** Judges at `ms` into the test. */
const judgeAt = async (ctx: TestContext, ms: number) => {
  elapsedMs = ms
  expect(await ctx.app.importAlarms.judge()).toBe(true)
}

describeEachDatabase(
  'alarms about the platforms’ imports',
  (ctx) => {
    it('alarms once a link no platform fetched a day after it was shown, and clears it when one does', async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      await judgeAt(ctx, 23 * HOUR_MS)
      expect(await host.notices()).toEqual([])

      await judgeAt(ctx, 25 * HOUR_MS)
      await judgeAt(ctx, 26 * HOUR_MS)
      const alarms = await host.notices()
      expect(alarms.map((notice) => [notice.data.kind, notice.data.platformName]).sort()).toEqual([
        ['never-imported', 'Airbnb'],
        ['never-imported', 'Vrbo'],
      ])
      expect(alarms.every((notice) => notice.readAt === null)).toBe(true)

      await host.imports('Airbnb')
      await judgeAt(ctx, 27 * HOUR_MS)
      const after = await host.notices()
      expect(after).toHaveLength(2)
      expect(after.find((notice) => notice.data.platformName === 'Airbnb')!.readAt).not.toBeNull()
      expect(after.find((notice) => notice.data.platformName === 'Vrbo')!.readAt).toBeNull()
    })

    it('alarms nights sold elsewhere still not imported after 6 hours while the platform’s habit is unknown, naming the nights and platforms in one notice', async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      await host.imports('Airbnb')
      await host.imports('Vrbo')
      elapsedMs = 10 * MINUTE_MS
      await host.sells(host.airbnb, addDays(today, 10), addDays(today, 12))
      await judgeAt(ctx, 6 * HOUR_MS)
      expect(await host.notices()).toEqual([])

      await judgeAt(ctx, 6 * HOUR_MS + 11 * MINUTE_MS)
      await judgeAt(ctx, 7 * HOUR_MS)
      const [alarm, ...more] = await host.notices()
      expect(more).toEqual([])
      expect(alarm!.data).toMatchObject({
        kind: 'at-risk',
        propertyId: host.property.id,
        atRisk: [
          {
            platformName: 'Vrbo',
            start: addDays(today, 10),
            end: addDays(today, 12),
            since: at(10 * MINUTE_MS),
          },
        ],
      })

      // Vrbo imports the nights: the alarm is over, and is not raised again.
      await host.imports('Vrbo')
      await judgeAt(ctx, 8 * HOUR_MS)
      const [cleared] = await host.notices()
      expect(cleared!.readAt).not.toBeNull()
      await judgeAt(ctx, 9 * HOUR_MS)
      expect(await host.notices()).toHaveLength(1)
    })

    it('alarms a sale still not imported, never a host’s or a platform’s block, which stay marked at risk', async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      await host.imports('Airbnb')
      await host.imports('Vrbo')
      elapsedMs = 10 * MINUTE_MS
      const blocked = await ctx.app.inject({
        method: 'POST',
        url: `/api/property/${host.property.id}/stay`,
        headers: { cookie: host.cookie, origin: ctx.config.publicUrl },
        payload: { start: addDays(today, 4), end: addDays(today, 6), kind: 'block' },
      })
      expect(blocked.statusCode).toBe(201)
      const closure = await aStay(ctx.db, host.airbnb, addDays(today, 8), addDays(today, 9), {
        kind: 'block',
      })
      await ctx.db
        .updateTable('bookings')
        .set({ taken_at: at(elapsedMs) })
        .where('id', '=', closure)
        .execute()
      await judgeAt(ctx, 7 * HOUR_MS)
      expect(await host.notices()).toEqual([])
      expect(
        (await host.internal())('Vrbo').atRisk.map((run) => [run.start, run.since, run.acknowledged]),
      ).toEqual([
        [addDays(today, 4), at(10 * MINUTE_MS), false],
        [addDays(today, 8), at(10 * MINUTE_MS), false],
      ])

      // A sale past the same threshold alarms, naming its nights alone.
      elapsedMs = 8 * HOUR_MS
      await host.sells(host.airbnb, addDays(today, 12), addDays(today, 13))
      await judgeAt(ctx, 14 * HOUR_MS + MINUTE_MS)
      await judgeAt(ctx, 15 * HOUR_MS)
      const [alarm, ...more] = await host.notices()
      expect(more).toEqual([])
      expect(alarm!.data.atRisk).toEqual([
        { platformName: 'Vrbo', start: addDays(today, 12), end: addDays(today, 13), since: at(8 * HOUR_MS) },
      ])
    })

    it('alarms after twice the platform’s median interval once it is known, and not for nights the host closed by hand', async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      await host.importsAt([0, 60, 120], 'Vrbo', 'Airbnb')
      elapsedMs = 130 * MINUTE_MS
      await host.sells(host.airbnb, addDays(today, 3), addDays(today, 5))
      await judgeAt(ctx, 130 * MINUTE_MS + 119 * MINUTE_MS)
      expect(await host.notices()).toEqual([])
      await judgeAt(ctx, 130 * MINUTE_MS + 121 * MINUTE_MS)
      expect((await host.notices()).map((notice) => notice.data.kind)).toEqual(['at-risk'])

      // A later sale the host says they closed on Vrbo by hand raises nothing.
      elapsedMs = 5 * HOUR_MS
      await host.sells(host.airbnb, addDays(today, 20), addDays(today, 21))
      elapsedMs = 5 * HOUR_MS + MINUTE_MS
      await ctx.app.imports.acknowledge(host.property.id, 'Vrbo')
      await judgeAt(ctx, 9 * HOUR_MS)
      expect(await host.notices()).toHaveLength(1)
    })

    it('keeps a sale’s date, its one alarm and the host’s “I closed them” when its summary changes at a sync', async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      const route = `/${randomUUID()}.ics`
      const sale = { uid: `${randomUUID()}@airbnb.com`, start: addDays(today, 10), end: addDays(today, 12) }
      feeds.serve(route, calendarOf([{ ...sale, summary: 'Reserved' }]))
      await ctx.db
        .updateTable('external_calendars')
        .set({ url: feeds.url(route) })
        .where('id', '=', host.airbnb.id)
        .execute()
      await host.imports('Vrbo')
      elapsedMs = 10 * MINUTE_MS
      await ctx.app.syncCalendarsNow([host.airbnb.id])
      const vrbo = async () => (await host.internal())('Vrbo').atRisk
      expect(await vrbo()).toMatchObject([{ start: sale.start, since: at(10 * MINUTE_MS) }])
      await judgeAt(ctx, 7 * HOUR_MS)
      const atRisk = async () => (await host.notices()).filter((notice) => notice.data.kind === 'at-risk')
      expect(await atRisk()).toHaveLength(1)

      // The guest's name comes with a later sync: the stay is rewritten, its nights are not.
      elapsedMs = 8 * HOUR_MS
      feeds.serve(route, calendarOf([{ ...sale, summary: 'Reserved - Layla H' }]))
      await ctx.app.syncCalendarsNow([host.airbnb.id])
      expect(await vrbo()).toMatchObject([
        { start: sale.start, since: at(10 * MINUTE_MS), acknowledged: false },
      ])
      await judgeAt(ctx, 8 * HOUR_MS + 5 * MINUTE_MS)
      await judgeAt(ctx, 15 * HOUR_MS)
      const [alarm, ...more] = await atRisk()
      expect(more).toEqual([])
      expect(alarm!.readAt).toBeNull()

      // Closed by hand, and renamed again: still acknowledged, and never raised again.
      elapsedMs = 16 * HOUR_MS
      await ctx.app.imports.acknowledge(host.property.id, 'Vrbo')
      elapsedMs = 17 * HOUR_MS
      feeds.serve(route, calendarOf([{ ...sale, summary: 'Reserved - Layla Haddad' }]))
      await ctx.app.syncCalendarsNow([host.airbnb.id])
      expect(await vrbo()).toMatchObject([{ since: at(10 * MINUTE_MS), acknowledged: true }])
      await judgeAt(ctx, 30 * HOUR_MS)
      expect(await atRisk()).toHaveLength(1)
    })

    it('keeps an alarm raised while its nights are at risk, however the platform’s median moves', async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      await host.importsAt([0, 60, 120], 'Vrbo')
      elapsedMs = 130 * MINUTE_MS
      await host.sells(host.airbnb, addDays(today, 3), addDays(today, 5))
      await judgeAt(ctx, 130 * MINUTE_MS + 121 * MINUTE_MS)
      expect((await host.notices()).map((notice) => [notice.data.kind, notice.readAt])).toEqual([
        ['at-risk', null],
      ])
      // Fetches of days ago come into the week measured: Vrbo's median is ten hours now.
      const { id: feedId } = await ctx.db
        .selectFrom('platform_feeds')
        .select('id')
        .where('property_id', '=', host.property.id)
        .where('platform_name', '=', 'Vrbo')
        .executeTakeFirstOrThrow()
      await ctx.db
        .insertInto('feed_fetches')
        .values(
          [-40, -30, -20, -10].map((hours) => ({
            feed_id: feedId,
            minute: at(hours * HOUR_MS).slice(0, 16),
            fetched_at: at(hours * HOUR_MS),
            status: 200,
            bytes: 10,
            user_agent: 'Vrbo',
          })),
        )
        .execute()
      expect((await host.internal())('Vrbo').medianIntervalMinutes).toBe(600)
      await judgeAt(ctx, 5 * HOUR_MS)
      await judgeAt(ctx, 21 * HOUR_MS)
      expect((await host.notices()).map((notice) => [notice.data.kind, notice.readAt])).toEqual([
        ['at-risk', null],
      ])
      await host.imports('Vrbo')
      await judgeAt(ctx, 22 * HOUR_MS)
      expect((await host.notices())[0]!.readAt).not.toBeNull()
    })

    it('tells a sale at risk on several platforms in one notice naming them all, whichever is late first', async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      await host.links('Booking.com')
      // Vrbo imports hourly (an alarm after 2 hours), Booking.com's habit is unknown (6 hours).
      await host.importsAt([0, 60, 120], 'Vrbo')
      await host.imports('Booking.com')
      elapsedMs = 130 * MINUTE_MS
      await host.sells(host.airbnb, addDays(today, 3), addDays(today, 5))
      await judgeAt(ctx, 130 * MINUTE_MS + 121 * MINUTE_MS)
      await judgeAt(ctx, 130 * MINUTE_MS + 6 * HOUR_MS + MINUTE_MS)
      await judgeAt(ctx, 12 * HOUR_MS)
      const [alarm, ...more] = await host.notices()
      expect(more).toEqual([])
      expect(alarm!.data).toMatchObject({ kind: 'at-risk' })
      expect(
        (alarm!.data.atRisk as { platformName: string; start: string }[])
          .map((run) => [run.platformName, run.start])
          .sort(),
      ).toEqual([
        ['Booking.com', addDays(today, 3)],
        ['Vrbo', addDays(today, 3)],
      ])
      // One platform imports: the other still misses the nights, and the notice stays.
      await host.imports('Vrbo')
      await judgeAt(ctx, 13 * HOUR_MS)
      expect((await host.notices())[0]!.readAt).toBeNull()
      await host.imports('Booking.com')
      await judgeAt(ctx, 14 * HOUR_MS)
      expect((await host.notices())[0]!.readAt).not.toBeNull()
      expect(await host.notices()).toHaveLength(1)
    })

    it('judges a platform no more once its link is removed, and ends its alarms', async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      await judgeAt(ctx, 25 * HOUR_MS)
      expect(await host.notices()).toHaveLength(2)
      const removed = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/property/${host.property.id}/calendar/external/${host.vrbo.id}`,
        headers: { cookie: host.cookie, origin: ctx.config.publicUrl },
      })
      expect(removed.statusCode).toBe(204)
      await judgeAt(ctx, 26 * HOUR_MS)
      const notices = await host.notices()
      expect(notices.find((notice) => notice.data.platformName === 'Vrbo')!.readAt).not.toBeNull()
      expect(notices.find((notice) => notice.data.platformName === 'Airbnb')!.readAt).toBeNull()
      const exposure = await host.exposure()
      expect(
        exposure.properties.flatMap((property) => property.platforms.map((feed) => feed.platformName)),
      ).toEqual(['Airbnb'])
    })

    it('alarms a platform that stopped importing for longer than a day and four intervals, once, until it imports again', async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      await host.importsAt([0, 60, 120, 240], 'Airbnb', 'Vrbo')
      const lastImport = at(240 * MINUTE_MS)
      await host.imports('Vrbo')
      await judgeAt(ctx, 240 * MINUTE_MS + 23 * HOUR_MS)
      expect(await host.notices()).toEqual([])
      elapsedMs = 240 * MINUTE_MS + 24 * HOUR_MS
      await host.imports('Vrbo')
      await judgeAt(ctx, 240 * MINUTE_MS + 25 * HOUR_MS)
      await judgeAt(ctx, 240 * MINUTE_MS + 30 * HOUR_MS)
      const alarms = await host.notices()
      expect(alarms.map((notice) => notice.data)).toEqual([
        expect.objectContaining({ kind: 'silent', platformName: 'Airbnb', lastFetchedAt: lastImport }),
      ])

      await host.imports('Airbnb')
      await judgeAt(ctx, 240 * MINUTE_MS + 31 * HOUR_MS)
      expect((await host.notices())[0]!.readAt).not.toBeNull()
    })

    it('raises each alarm once whichever of several processes judges, one pass at a time', async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      elapsedMs = 25 * HOUR_MS
      const second = await startSecondProcess(ctx, { clock: ctx.app.clock })
      try {
        const judges = [ctx.app.importAlarms, second.importAlarms, ctx.app.importAlarms]
        const passes = await Promise.all(judges.map((judge) => judge.judge()))
        expect(passes.filter(Boolean).length).toBeGreaterThanOrEqual(1)
        for (const judge of judges) expect(await judge.judge()).toBe(true)
      } finally {
        await second.close()
      }
      expect((await host.notices()).map((notice) => notice.data.kind)).toEqual([
        'never-imported',
        'never-imported',
      ])
    })

    it('mails the alarms in a digest of their own, and tells an owner with notifications off nothing', async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      await judgeAt(ctx, 25 * HOUR_MS)
      await ctx.app.syncScheduler.runDue()
      const mail = await mailbox.waitForMail(host.owner.email)
      expect(mail.subject).toBe('2 warnings about your platforms’ imports')
      expect(mail.text).toMatch(/Airbnb has never imported your availability link for Dune House/)

      const quiet = await aHostWithLinks(ctx)
      await ctx.db
        .updateTable('users')
        .set({ notifications_enabled: 0 })
        .where('id', '=', quiet.owner.id)
        .execute()
      await judgeAt(ctx, 25 * HOUR_MS)
      expect(await quiet.notices()).toEqual([])
    })

    it('tells an alarm live once on an open stream, and not again at the next passes while it lasts', async () => {
      if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' })
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      await host.imports('Airbnb')
      await host.imports('Vrbo')
      elapsedMs = 10 * MINUTE_MS
      await host.sells(host.airbnb, addDays(today, 10), addDays(today, 12))
      const stream = await openEventStream(`${originOf(ctx.app)}/api/notification/sse`, host.cookie)
      try {
        expect((await stream.next())?.comment).toBe('connected')
        await judgeAt(ctx, 6 * HOUR_MS + 11 * MINUTE_MS)
        const [alarm] = await host.notices()
        expect(await noticesOn(stream, 1500)).toEqual([
          expect.objectContaining({
            id: alarm!.id,
            kind: 'at-risk',
            propertyId: host.property.id,
            atRisk: [expect.objectContaining({ platformName: 'Vrbo', start: addDays(today, 10) })],
          }),
        ])
        // The nights are still not on Vrbo at the next passes: nothing is told again.
        await judgeAt(ctx, 6 * HOUR_MS + 16 * MINUTE_MS)
        await judgeAt(ctx, 7 * HOUR_MS)
        expect(await noticesOn(stream, 1000)).toEqual([])
        expect(await host.notices()).toHaveLength(1)
      } finally {
        stream.close()
      }
    })

    it('keeps an alarm past a spent hour of mail for the next digest, mailed once, not dropped', async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      await host.imports('Airbnb')
      await host.imports('Vrbo')
      elapsedMs = 10 * MINUTE_MS
      await host.sells(host.airbnb, addDays(today, 10), addDays(today, 12))
      // The owner was sent the hour's last notice mail 20 minutes before the alarm is raised.
      await ctx.db
        .updateTable('users')
        .set({
          notice_mails_sent: ctx.config.mailNoticesPerHour,
          notice_mails_since: at(6 * HOUR_MS - 9 * MINUTE_MS),
        })
        .where('id', '=', host.owner.id)
        .execute()
      const outbox = () =>
        ctx.db
          .selectFrom('notifications')
          .select('mailed_at')
          .where('user_id', '=', host.owner.id)
          .where('kind', '=', 'at-risk')
          .execute()
      await judgeAt(ctx, 6 * HOUR_MS + 11 * MINUTE_MS)
      await ctx.app.syncScheduler.runDue()
      await judgeAt(ctx, 6 * HOUR_MS + 16 * MINUTE_MS)
      await ctx.app.syncScheduler.runDue()
      await expect(mailbox.waitForMail(host.owner.email, 1000)).rejects.toThrow()
      expect(await outbox()).toEqual([{ mailed_at: null }])

      // The hour is over: the next digest carries the alarm, and no later one again.
      await judgeAt(ctx, 6 * HOUR_MS + 52 * MINUTE_MS)
      await ctx.app.syncScheduler.runDue()
      const mail = await mailbox.waitForMail(host.owner.email)
      expect(mail.subject).toBe('1 warning about your platforms’ imports')
      expect(mail.text).toContain('Dune House')
      expect(await outbox()).toEqual([{ mailed_at: at(6 * HOUR_MS + 52 * MINUTE_MS) }])
      await judgeAt(ctx, 7 * HOUR_MS)
      await ctx.app.syncScheduler.runDue()
      await expect(mailbox.waitForMail(host.owner.email, 1000)).rejects.toThrow()
      expect(await host.notices()).toHaveLength(1)
    })

    it('tells each co-host too, never a cleaner, and clears every copy when the condition ends', async () => {
      elapsedMs = 0
      const host = await aHostWithLinks(ctx)
      const member = async (role: 'cohost' | 'cleaner') => {
        const user = await aUser(ctx.db)
        await aTeamMember(ctx.db, { propertyId: host.property.id, user, role, invitedBy: host.owner.id })
        const cookie = await signIn(ctx.app, user.email)
        return async () => {
          const answer = await ctx.app.inject({ url: '/api/notification/list', headers: { cookie } })
          return (answer.json() as Notification[]).filter((notice) => notice.data.kind !== undefined)
        }
      }
      const cohostNotices = await member('cohost')
      const cleanerNotices = await member('cleaner')
      await judgeAt(ctx, 25 * HOUR_MS)
      await judgeAt(ctx, 26 * HOUR_MS)
      const told = await cohostNotices()
      expect(told.map((notice) => [notice.data.kind, notice.data.platformName]).sort()).toEqual([
        ['never-imported', 'Airbnb'],
        ['never-imported', 'Vrbo'],
      ])
      expect(await host.notices()).toHaveLength(2)
      expect(await cleanerNotices()).toEqual([])

      await host.imports('Airbnb')
      await judgeAt(ctx, 27 * HOUR_MS)
      for (const notices of [await cohostNotices(), await host.notices()]) {
        expect(notices.find((notice) => notice.data.platformName === 'Airbnb')!.readAt).not.toBeNull()
        expect(notices.find((notice) => notice.data.platformName === 'Vrbo')!.readAt).toBeNull()
      }
      // Cleared before its digest went: neither listener's copy waits in the mail outbox.
      const waiting = await ctx.db
        .selectFrom('notifications')
        .select('data')
        .where('kind', '=', 'never-imported')
        .where('mailed_at', 'is', null)
        .execute()
      expect(waiting.map((row) => (JSON.parse(row.data) as { platformName: string }).platformName)).toEqual([
        'Vrbo',
        'Vrbo',
      ])
    })
  },
  {
    clock: () => new Date(START.getTime() + elapsedMs),
    env: { SMTP_URL: mailbox.smtpUrl, SYNC_ALLOW_HOSTS: '127.0.0.1' },
  },
)
