import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { createNoticeMail } from '../../server/notification/outbox.ts'
import { createSyncScheduler } from '../../server/sync/scheduler.ts'
import { startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { post } from './accounts.ts'
import { aCalendarRow, aNotice, aPropertyRow, aUser, signIn, STRONG_PASSWORD } from './builders.ts'
import { describeEachDatabase, type TestContext } from './harness.ts'
import { startMailbox } from './mailbox.ts'

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())
const mailbox = await startMailbox()
afterAll(() => mailbox.stop())

type Internal = { url: string; platforms: { platformName: string; url: string }[] }

/** A signed-in host with one property and its Airbnb link, due now, served locally. */
async function aHost(ctx: TestContext) {
  const owner = await aUser(ctx.db)
  const cookie = await signIn(ctx.app, owner.email)
  const property = await aPropertyRow(ctx.db, owner.id)
  const route = `/${randomUUID()}.ics`
  feeds.serveFixture(route, 'airbnb.ics')
  const calendarId = await aCalendarRow(ctx.db, property.id, feeds.url(route), 'Airbnb')
  return { ...owner, cookie, property, route, calendarId }
}

describeEachDatabase(
  'a deactivated account',
  (ctx) => {
    let adminCookie = ''
    const adminAction = (userId: string, action: 'deactivate' | 'reactivate', reason = 'Unpaid') =>
      post(ctx.app, `/api/admin/user/${userId}/${action}`, { reason }, { cookie: adminCookie })
    const deactivate = async (userId: string) => {
      expect((await adminAction(userId, 'deactivate')).statusCode).toBe(200)
    }
    const reactivate = async (userId: string) => {
      const response = await adminAction(userId, 'reactivate', 'Paid')
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ id: userId, accountState: 'active' })
    }

    beforeAll(async () => {
      const admin = await aUser(ctx.db, { isAdmin: true })
      adminCookie = await signIn(ctx.app, admin.email)
    })

    beforeEach(async () => {
      // Each test starts with nothing due but its own calendars.
      await ctx.db
        .updateTable('external_calendars')
        .set({ next_sync_at: '9999-12-31T00:00:00.000Z' })
        .execute()
    })

    it('has none of its feeds fetched, on schedule or on request, until it is active again', async () => {
      const host = await aHost(ctx)
      await deactivate(host.id)
      const scheduler = createSyncScheduler(ctx.app)
      try {
        expect(await scheduler.runDue()).toBe(0)
        expect(await ctx.app.syncCalendarsNow([host.calendarId])).toEqual([])
        // Its own Sync now: the deactivation ended its session.
        expect(
          (await post(ctx.app, '/api/notification/trigger', undefined, { cookie: host.cookie })).statusCode,
        ).toBe(401)
        expect(feeds.requestsTo(host.route)).toHaveLength(0)

        await reactivate(host.id)
        expect(await scheduler.runDue()).toBe(1)
        expect(feeds.requestsTo(host.route)).toHaveLength(1)
      } finally {
        await scheduler.stop()
      }
    })

    it('answers 404 for its private feed and each platform feed until it is active again', async () => {
      const host = await aHost(ctx)
      const internal = await ctx.app.inject({
        url: `/api/property/${host.property.id}/calendar/internal`,
        headers: { cookie: host.cookie },
      })
      const { url, platforms } = internal.json<Internal>()
      const links = [url, ...platforms.map((platform) => platform.url)]
      expect(platforms).toHaveLength(1)
      const statuses = async () =>
        Promise.all(
          links.map(async (link) => (await ctx.app.inject({ url: new URL(link).pathname })).statusCode),
        )
      expect(await statuses()).toEqual([200, 200])

      await deactivate(host.id)
      expect(await statuses()).toEqual([404, 404])

      await reactivate(host.id)
      expect(await statuses()).toEqual([200, 200])
    })

    it('is mailed no notice, neither while deactivated nor all at once when active again', async () => {
      const [active, deactivated] = [await aHost(ctx), await aHost(ctx)]
      for (const host of [active, deactivated]) {
        await aNotice(ctx.db, host.id, 'conflict')
        await aNotice(ctx.db, host.id, 'new')
      }
      await deactivate(deactivated.id)
      const mail = createNoticeMail(ctx.app)

      await mail.sendWaiting()
      expect((await mailbox.waitForMail(active.email)).subject).toBe('Double booking at Villa Rawdah')
      expect((await mailbox.waitForMail(active.email)).subject).toBe('1 booking change at your properties')
      expect(mailbox.unread(deactivated.email)).toBe(0)

      await reactivate(deactivated.id)
      await aNotice(ctx.db, active.id, 'new')
      await mail.sendWaiting()
      // The round's digest reached the active host, and nothing reached the reactivated one.
      await mailbox.waitForMail(active.email)
      expect(mailbox.unread(deactivated.email)).toBe(0)
    })

    it('is reactivated by an admin with a reason, logged, and signs in again', async () => {
      const host = await aHost(ctx)
      expect((await adminAction(host.id, 'reactivate', 'Paid')).statusCode).toBe(409)
      await deactivate(host.id)
      expect((await adminAction(host.id, 'reactivate', '  ')).statusCode).toBe(400)
      expect(
        (await post(ctx.app, '/api/auth/login', { email: host.email, password: STRONG_PASSWORD })).statusCode,
      ).toBe(403)

      await reactivate(host.id)
      expect(
        (await post(ctx.app, '/api/auth/login', { email: host.email, password: STRONG_PASSWORD })).statusCode,
      ).toBe(200)
      const log = await ctx.app.inject({
        url: '/api/admin/log/list?kind=admin.user-reactivated',
        headers: { cookie: adminCookie },
      })
      expect(log.json<{ items: { subjectId: string; message: string }[] }>().items).toContainEqual(
        expect.objectContaining({ subjectId: host.id, message: expect.stringContaining('Paid') }),
      )
      // Only admins reactivate.
      expect((await post(ctx.app, `/api/admin/user/${host.id}/reactivate`, { reason: 'x' })).statusCode).toBe(
        401,
      )
    })
  },
  { env: { SYNC_ALLOW_HOSTS: '127.0.0.1', SMTP_URL: mailbox.smtpUrl } },
)
