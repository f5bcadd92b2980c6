import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { composeNoticeMail } from '../../server/mail/notices.ts'
import { startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { post } from './accounts.ts'
import { aDoubleBookingFeed, aNotice, aPropertyRow, aUser, signIn, uniqueEmail } from './builders.ts'
import { describeEachDatabase, type TestContext } from './harness.ts'
import { codeIn, startMailbox } from './mailbox.ts'
import { aProperty } from './multipart.ts'

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())
const mailbox = await startMailbox()
afterAll(() => mailbox.stop())

const settle = () => new Promise((resolve) => setTimeout(resolve, 200))

/** Resolves once `done` holds, checking every 50 ms for at most 20 s. */
async function waitFor(done: () => Promise<boolean>) {
  for (const deadline = Date.now() + 20_000; !(await done());) {
    if (Date.now() > deadline) throw new Error('not within 20 s')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Each test starts with nothing due but its own calendars. */
const nothingDue = (ctx: TestContext) =>
  ctx.db.updateTable('external_calendars').set({ next_sync_at: '9999-12-31T00:00:00.000Z' }).execute()

describeEachDatabase(
  'notice mail in a sync round',
  (ctx) => {
    it("mails an owner one mail of a round's conflicts, however many feeds found them", async () => {
      await nothingDue(ctx)
      const owner = await aUser(ctx.db)
      // Fifteen properties, each with an Airbnb reservation and a Booking.com closure on one of its nights.
      for (let i = 1; i <= 15; i++) {
        const property = await aPropertyRow(ctx.db, owner.id, { name: `Villa ${i}` })
        await aDoubleBookingFeed(ctx.db, feeds, property.id)
      }

      expect(await ctx.app.syncScheduler.runDue()).toBe(30)
      const mail = await mailbox.waitForMail(owner.email)
      expect(mail.subject).toBe('15 double bookings at your properties')
      expect(mail.text.match(/^• Double booking at Villa \d+: /gm)).toHaveLength(15)
      await settle()
      expect(mailbox.unread(owner.email)).toBe(0)
    })

    it('counts ten properties added in a row as one mail round', async () => {
      await nothingDue(ctx)
      const owner = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, owner.email)
      // Each property's Airbnb reservation and Booking.com closure share a night: its links'
      // first imports, which adding them starts at once, each find a double booking.
      for (let i = 1; i <= 10; i++) {
        const links = (['airbnb-december.ics', 'booking-december.ics'] as const).map((fixture) => {
          const route = `/${randomUUID()}.ics`
          feeds.serveFixture(route, fixture)
          return feeds.url(route)
        })
        await aProperty(ctx.app, cookie, {
          name: `Villa ${i}`,
          externalCalendars: JSON.stringify([
            { platformName: 'Airbnb', urlPath: links[0] },
            { platformName: 'Booking.com', urlPath: links[1] },
          ]),
        })
      }
      const announced = () =>
        ctx.db
          .selectFrom('notifications')
          .select('id')
          .where('user_id', '=', owner.id)
          .where('kind', '=', 'conflict')
          .execute()
      await waitFor(async () => (await announced()).length === 10)
      await settle()
      expect(mailbox.unread(owner.email)).toBe(0)

      await ctx.app.syncScheduler.runDue()
      expect((await mailbox.waitForMail(owner.email)).subject).toBe('10 double bookings at your properties')
      await settle()
      expect(mailbox.unread(owner.email)).toBe(0)
      const budget = await ctx.db
        .selectFrom('users')
        .select('notice_mails_sent')
        .where('id', '=', owner.id)
        .executeTakeFirstOrThrow()
      expect(budget.notice_mails_sent).toBe(1)
    })
  },
  { env: { SYNC_ALLOW_HOSTS: '127.0.0.1', SMTP_URL: mailbox.smtpUrl } },
)

const HOUR_MS = 60 * 60_000
let now = Date.now()

describeEachDatabase(
  "an account's hourly budget of notice mail",
  (ctx) => {
    it('holds back the notice mail past the hourly budget, and mails it in the next hour', async () => {
      now = Date.parse('2030-06-01T08:00:00.000Z')
      const at = (ms: number) => {
        now = Date.parse('2030-06-01T08:00:00.000Z') + ms
        return new Date(now).toISOString()
      }
      const [host, other] = [await aUser(ctx.db), await aUser(ctx.db)]
      const round = () => ctx.app.syncScheduler.runDue()
      const waiting = async () =>
        (
          await ctx.db
            .selectFrom('notifications')
            .select('id')
            .where('user_id', '=', host.id)
            .where('mailed_at', 'is', null)
            .execute()
        ).length

      // Three mails an hour: the first round takes two of them.
      await aNotice(ctx.db, host.id, 'conflict', at(0))
      await aNotice(ctx.db, host.id, 'new', at(0))
      await round()
      expect((await mailbox.waitForMail(host.email)).subject).toBe('Double booking at Villa Rawdah')
      expect((await mailbox.waitForMail(host.email)).subject).toBe('1 booking change at your properties')

      // The hour's last mail carries everything waiting.
      await aNotice(ctx.db, host.id, 'conflict', at(10 * 60_000))
      await aNotice(ctx.db, host.id, 'new', at(10 * 60_000))
      await round()
      const last = await mailbox.waitForMail(host.email)
      expect(last.subject).toBe('2 booking changes at your properties')
      expect(last.text).toContain('• Double booking at Villa Rawdah: Sara on Airbnb')
      expect(last.text).toContain('• New booking at Villa Rawdah: Sara on Airbnb')
      expect(last.text).toContain('One of these stays has to be moved or cancelled.')

      // Past the budget, notices wait in the outbox; another account's mail does not.
      await aNotice(ctx.db, host.id, 'conflict', at(20 * 60_000))
      await aNotice(ctx.db, host.id, 'new', at(20 * 60_000))
      await aNotice(ctx.db, other.id, 'new', at(20 * 60_000))
      await round()
      expect((await mailbox.waitForMail(other.email)).subject).toBe('1 booking change at your properties')
      at(HOUR_MS - 1000)
      await round()
      await settle()
      expect(mailbox.unread(host.email)).toBe(0)
      expect(await waiting()).toBe(2)

      // A new hour: the waiting notices go, conflicts first.
      at(HOUR_MS)
      await round()
      expect((await mailbox.waitForMail(host.email)).subject).toBe('Double booking at Villa Rawdah')
      expect((await mailbox.waitForMail(host.email)).subject).toBe('1 booking change at your properties')
      expect(await waiting()).toBe(0)
      await settle()
      expect(mailbox.unread(host.email)).toBe(0)
    })
  },
  { env: { SMTP_URL: mailbox.smtpUrl, MAIL_NOTICES_PER_HOUR: '3' }, clock: () => new Date(now) },
)

const busyRelay = await startMailbox({ msPerMail: 100 })
afterAll(() => busyRelay.stop())

describeEachDatabase(
  'codes before notices',
  (ctx) => {
    it('sends a registration code ahead of the notice mails waiting for a busy mail server', async () => {
      const host = uniqueEmail('host')
      const notice = composeNoticeMail(
        'en',
        host,
        [
          {
            kind: 'new',
            data: { kind: 'new', ical: '', platformName: 'Airbnb', propertyName: 'Villa Rawdah' },
          },
        ],
        ctx.config.publicUrl,
      )
      const notices = Array.from({ length: 30 }, () => ctx.app.mailer.send(notice, 'notice'))
      const email = uniqueEmail('guest')
      expect((await post(ctx.app, '/api/auth/register/send-code', { email })).statusCode).toBe(200)
      expect(codeIn(await busyRelay.waitForMail(email))).toMatch(/^\d{6}$/)
      // The code waited for the notices already at the server (two), not for the queue: the
      // queue drains in three seconds, and the margin is for a slow machine.
      expect(busyRelay.unread(host)).toBeLessThan(15)
      await Promise.all(notices)
      expect(busyRelay.unread(host)).toBe(30)
    })
  },
  { env: { SMTP_URL: busyRelay.smtpUrl } },
)
