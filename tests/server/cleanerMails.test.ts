import { afterAll, expect, it } from 'vitest'
import type { CleanerLink } from '../../contract/turnover.ts'
import { post } from './accounts.ts'
import { aCalendarRow, aStay, type CalendarRef } from './bookingBuilders.ts'
import { aPropertyRow, aUser, signIn } from './builders.ts'
import { describeEachDatabase } from './harness.ts'
import { linkIn, startMailbox, type ReceivedMail } from './mailbox.ts'

const mailbox = await startMailbox()
afterAll(() => mailbox.stop())

// Noon UTC on 1 May 2030: the 1st in Riyadh.
const START = new Date('2030-05-01T12:00:00Z')
const HOUR_MS = 60 * 60_000
const DAY_MS = 24 * HOUR_MS
let elapsedMs = 0
const now = () => new Date(START.getTime() + elapsedMs).toISOString()

const GUEST = 'Layla Haddad'
let addresses = 0
const anAddress = () => `cleaner-${++addresses}-${Date.now()}@example.com`

describeEachDatabase(
  'a cleaner’s change mails',
  (ctx) => {
    async function aHost(language: 'en' | 'ar' = 'en') {
      const owner = await aUser(ctx.db, { name: 'Nora Al-Saud' })
      const cookie = await signIn(ctx.app, owner.email)
      const { id } = await aPropertyRow(ctx.db, owner.id, { name: 'Palm Loft', timeZone: 'Asia/Riyadh' })
      const calendar = await aCalendarRow(ctx.db, id, 'Airbnb')
      const email = anAddress()
      const link = (body: object) => post(ctx.app, '/api/turnover/link', body, { cookie })
      const created = await link({ name: 'Fatima', propertyIds: [id], email, language })
      return { owner, cookie, property: id, calendar, email, link, created }
    }

    /** A stay as a sync stores it a minute later: its row changed at the server's time. */
    async function aStayNow(calendar: CalendarRef, start: string, end: string) {
      elapsedMs += 60_000
      const stay = await aStay(ctx.db, calendar, start, end, { guestName: GUEST })
      await ctx.db.updateTable('bookings').set({ updated_at: now() }).where('id', '=', stay).execute()
      return stay
    }
    /** A minute later, a stay's dates change or it is cancelled. */
    async function change(
      stay: string,
      values: { start_date?: string; end_date?: string; cancelled_at?: string },
    ) {
      elapsedMs += 60_000
      await ctx.db
        .updateTable('bookings')
        .set({ ...values, updated_at: now() })
        .where('id', '=', stay)
        .execute()
    }

    const confirm = (token: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/cleaning/confirm/${token}` })

    async function confirmed(language: 'en' | 'ar' = 'en') {
      const host = await aHost(language)
      expect(host.created.statusCode).toBe(201)
      const mail = await mailbox.waitForMail(host.email)
      const token = new URL(linkIn(mail)).pathname.split('/').at(-1)!
      expect((await confirm(token)).statusCode).toBe(200)
      return { ...host, confirmation: mail, token }
    }

    /** One sync round's end, then every mail it sent to `to`. */
    async function roundMails(to: string): Promise<ReceivedMail[]> {
      await ctx.app.syncScheduler.runDue()
      const mails: ReceivedMail[] = []
      while (mailbox.unread(to) > 0) mails.push(await mailbox.waitForMail(to))
      return mails
    }

    it('asks the address first, and mails nothing before it is confirmed', async () => {
      elapsedMs = 0
      const host = await aHost()
      expect(host.created.json<CleanerLink>().emailConfirmed).toBe(false)
      const mail = await mailbox.waitForMail(host.email)
      expect(mail.subject).toBe('Confirm your cleaning schedule e-mails from Manzil')
      expect(mail.text).toContain('Nora Al-Saud would like Manzil to e-mail')
      expect(mail.text).toContain('“Fatima”')
      const address = new URL(linkIn(mail))
      expect(address.pathname).toMatch(/^\/confirm-cleaning-mail\/[\w-]{43}$/)

      await aStayNow(host.calendar, '2030-04-28', '2030-05-04')
      expect(await roundMails(host.email)).toEqual([])

      expect((await confirm('not-a-token')).statusCode).toBe(404)
      const token = address.pathname.split('/').at(-1)!
      const answer = await confirm(token)
      expect(answer.json()).toEqual({ name: 'Fatima', email: host.email })
      // A second visit confirms nothing new and tells the same.
      expect((await confirm(token)).json()).toEqual({ name: 'Fatima', email: host.email })
      const [listed] = (
        await ctx.app.inject({ method: 'GET', url: '/api/turnover/link', headers: { cookie: host.cookie } })
      ).json<CleanerLink[]>()
      expect(listed?.emailConfirmed).toBe(true)
      // What was there when the address was confirmed is what it is told against.
      expect(await roundMails(host.email)).toEqual([])
    })

    it('mails one round’s added, moved and cancelled cleanings once, before → after, without a guest’s name', async () => {
      elapsedMs = 0
      const host = await confirmed()
      const moving = await aStayNow(host.calendar, '2030-05-01', '2030-05-04')
      const cancelling = await aStayNow(host.calendar, '2030-05-06', '2030-05-08')
      expect((await roundMails(host.email)).map((mail) => mail.subject)).toEqual([
        '2 changes to your cleanings (Fatima)',
      ])

      elapsedMs = HOUR_MS / 2
      await change(moving, { end_date: '2030-05-05' })
      await change(cancelling, { cancelled_at: now() })
      await aStayNow(host.calendar, '2030-05-09', '2030-05-12')
      const [mail, ...more] = await roundMails(host.email)
      expect(more).toEqual([])
      expect(mail?.subject).toBe('3 changes to your cleanings (Fatima)')
      const lines = mail!.text.split('\n').filter((line) => line.startsWith('- '))
      expect(lines).toEqual([
        '- Cleaning moved at Palm Loft: from Sat 4 May 11:00 to Sun 5 May 11:00',
        '- Cleaning cancelled at Palm Loft: Wed 8 May, check-out 11:00',
        '- New cleaning at Palm Loft: Sun 12 May, check-out 11:00',
      ])
      expect(mail!.text).toMatch(/Your schedule: http:\/\/\S+\/cleaner\/[\w-]{43}/)
      for (const text of [mail!.text, mail!.html]) {
        expect(text).not.toContain(GUEST)
        expect(text).not.toContain('Airbnb')
      }
      // Told once: the next round has nothing to say.
      expect(await roundMails(host.email)).toEqual([])
    })

    it('leaves out cleanings after 14 days, and those the passing days bring in', async () => {
      elapsedMs = 0
      const host = await confirmed()
      await aStayNow(host.calendar, '2030-05-20', '2030-05-25')
      expect(await roundMails(host.email)).toEqual([])
      // Twelve days on, the 25th is within 14 days: it came with the days, nothing changed.
      elapsedMs = 12 * DAY_MS
      expect(await roundMails(host.email)).toEqual([])
      // A stay moved from beyond the window into it is told, as a move.
      const far = await aStayNow(host.calendar, '2030-06-10', '2030-06-14')
      expect(await roundMails(host.email)).toEqual([])
      await change(far, { start_date: '2030-05-13', end_date: '2030-05-15' })
      const [mail] = await roundMails(host.email)
      expect(mail?.text).toContain('New cleaning at Palm Loft: Wed 15 May, check-out 11:00')
    })

    it('waits for the owner’s mail budget, then tells everything in one mail; a link past the budget is refused', async () => {
      elapsedMs = 0
      const host = await confirmed()
      await ctx.db
        .updateTable('users')
        .set({ notice_mails_sent: 3, notice_mails_since: now() })
        .where('id', '=', host.owner.id)
        .execute()
      await aStayNow(host.calendar, '2030-05-02', '2030-05-05')
      expect(await roundMails(host.email)).toEqual([])
      const refused = await host.link({ name: 'Salma', propertyIds: [host.property], email: anAddress() })
      expect(refused.statusCode).toBe(429)
      // The hour was spent a minute ago: 59 minutes to wait.
      expect(refused.headers['retry-after']).toBe(String(59 * 60))
      expect(refused.json().message).toMatch(/this account’s e-mails for this hour/)
      await aStayNow(host.calendar, '2030-05-07', '2030-05-09')
      elapsedMs = HOUR_MS + 1
      const [mail, ...more] = await roundMails(host.email)
      expect(more).toEqual([])
      expect(mail?.subject).toBe('2 changes to your cleanings (Fatima)')
    })

    it('writes in the link’s language, and a revoked link’s confirmation no longer works', async () => {
      elapsedMs = 2 * DAY_MS
      const host = await confirmed('ar')
      expect(host.confirmation.subject).toBe('أكِّد رسائل جدول التنظيف من منزل')
      await aStayNow(host.calendar, '2030-05-05', '2030-05-07')
      const [mail] = await roundMails(host.email)
      expect(mail?.subject).toBe('تغيير واحد على مواعيد التنظيف (Fatima)')
      expect(mail?.text).toContain('تنظيف جديد في Palm Loft')
      expect(mail?.html).toContain('dir="rtl"')
      const id = host.created.json<CleanerLink>().id
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/turnover/link/${id}`,
        headers: { cookie: host.cookie },
      })
      expect((await confirm(host.token)).statusCode).toBe(404)
    })
  },
  {
    clock: () => new Date(START.getTime() + elapsedMs),
    env: { SMTP_URL: mailbox.smtpUrl, MAIL_NOTICES_PER_HOUR: '3' },
  },
)
