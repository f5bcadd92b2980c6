import { afterAll, beforeAll, expect, it } from 'vitest'
import { calendarOf, startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { aUser, signIn } from './builders.ts'
import { describeEachDatabase } from './harness.ts'
import { startMailbox } from './mailbox.ts'
import { aHost, datesOf } from './platformHost.ts'

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())
const mailbox = await startMailbox()
afterAll(() => mailbox.stop())

/** A clock that moves on a second each time it is read. */
function tickingClock() {
  let now = Date.now()
  return () => new Date((now += 1000))
}

describeEachDatabase(
  'double bookings',
  (ctx) => {
    it('flags a Booking.com closure that shares a night with an Airbnb reservation, and counts it as a sale', async () => {
      const host = await aHost(ctx, feeds, {
        Airbnb: 'airbnb-december.ics',
        'Booking.com': 'booking-december.ics',
      })
      await host.sync('Airbnb', 'Booking.com')

      const events = await host.privateFeed()
      const clashing = events.filter((event) => event['X-MANZIL-CONFLICT'] === 'TRUE')
      expect(
        clashing.map((event) => `${event['X-MANZIL-PLATFORM']} ${event.DTSTART} → ${event.DTEND}`).sort(),
      ).toEqual(['Airbnb 2030-12-05 → 2030-12-09', 'Booking.com 2030-12-07 → 2030-12-08'])
      const closure = events.find((event) => event['X-MANZIL-PLATFORM'] === 'Booking.com')
      expect(closure?.['X-MANZIL-KIND']).toBe('booking')
      // Each night counts once: the Airbnb stay, first seen, earns 5–8 December; the closure's
      // night is one of them. Two bookings all the same.
      expect(await host.period('2030-12-01', '2030-12-10')).toMatchObject({
        bookings: 2,
        bookedNights: 4,
        revenue: 400,
      })
    })

    it('mails the conflict at once, naming the property, both platforms and the nights, and announces it once', async () => {
      const host = await aHost(ctx, feeds, {
        Airbnb: 'airbnb-december.ics',
        'Booking.com': 'booking-december.ics',
      })
      await host.sync('Airbnb', 'Booking.com')
      const mail = await mailbox.waitForMail(host.owner.email)
      expect(mail.subject).toBe('Double booking at Villa Rawdah')
      expect(mail.text).toContain('from 2030-12-07 to 2030-12-08')
      expect(mail.text).toMatch(/Booking\.com and Airbnb|Airbnb and Booking\.com/)
      // Neither feed names its guest: both are sales, never "Blocked"; Booking.com's is its
      // reservation written as closed nights, never an unknown guest.
      expect(mail.text).toContain('Unknown guest on Airbnb')
      expect(mail.text).toContain(
        'Booking.com reservation, closed in its calendar from 2030-12-07 to 2030-12-08',
      )
      expect(mail.text).not.toContain('Blocked')
      const conflicts = (await host.notices()).filter((notice) => notice.kind === 'conflict')
      expect(conflicts).toHaveLength(1)
      expect(conflicts[0]).toMatchObject({
        title: null,
        data: {
          kind: 'conflict',
          conflict: true,
          nights: { start: '2030-12-07', end: '2030-12-08' },
        },
      })
      // What tells the reader's words that Booking.com's sale was written as a closure.
      const { stay: first, other: second } = conflicts[0]!.data
      expect(
        [first, second].map(({ platform, kind, status }) => `${platform} ${kind} ${status}`).sort(),
      ).toEqual(['Airbnb booking Reserved', 'Booking.com booking Not available'])
      // Both stays are named by their ids, which open them on the calendar.
      const stays = await host.stays()
      const named = [conflicts[0]!.data.stay.id, conflicts[0]!.data.other.id].map((id) =>
        stays.find((stay) => stay.id === id),
      )
      // Its mail opens both stays on the calendar.
      const { stay, other } = conflicts[0]!.data
      expect(mail.text).toContain(`/calendar?stay=${stay.id}&stay=${other.id}`)
      expect(named.map((stay) => `${stay?.platform} ${stay?.start_date}`).sort()).toEqual([
        'Airbnb 2030-12-05',
        'Booking.com 2030-12-07',
      ])

      // The same feeds read again, from scratch (what a restart or another process does), and a
      // stay of the pair that changes: the pair was announced already.
      await ctx.db
        .updateTable('external_calendars')
        .set({ content_hash: null, etag: null })
        .where('property_id', '=', host.property.id)
        .execute()
      feeds.serve(
        host.routes['Booking.com']!,
        calendarOf([
          {
            uid: '7b1e4f9a2c8d3e6f0a5b9c2d7e1f4a8b@booking.com',
            start: '2030-12-07',
            end: '2030-12-08',
            summary: 'CLOSED - Not available',
          },
        ]),
      )
      await host.sync('Airbnb', 'Booking.com')
      expect((await host.notices()).filter((notice) => notice.kind === 'conflict')).toHaveLength(1)
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(mailbox.unread(host.owner.email)).toBe(0)
    })

    it('mails the conflicts one sync finds as one mail, listing at most twenty', async () => {
      const nights = Array.from({ length: 23 }, (_, i) => `2031-0${1 + Math.floor(i / 9)}-${10 + (i % 9)}`)
      const next = (night: string) => `${night.slice(0, 8)}${Number(night.slice(8)) + 1}`
      const host = await aHost(ctx, feeds, {
        Airbnb: nights.map((night, i) => ({
          uid: `a${i}`,
          start: night,
          end: next(night),
          summary: 'Reserved',
        })),
        'Booking.com': [],
      })
      await host.sync('Airbnb', 'Booking.com')
      feeds.serve(
        host.routes['Booking.com']!,
        calendarOf(
          nights.map((night, i) => ({
            uid: `b${i}`,
            start: night,
            end: next(night),
            summary: 'CLOSED - Not available',
          })),
        ),
      )
      await host.sync('Booking.com')

      const mail = await mailbox.waitForMail(host.owner.email)
      expect(mail.subject).toBe('23 double bookings at your properties')
      expect(mail.text).toContain('These nights are sold twice:')
      expect(mail.text.match(/^• Double booking at Villa Rawdah: /gm)).toHaveLength(20)
      expect(mail.text).toContain('…and 3 more in your calendar')
      expect(mail.text).toContain('One of these stays has to be moved or cancelled.')
      expect((await host.notices()).filter((notice) => notice.kind === 'conflict')).toHaveLength(23)
      await new Promise((resolve) => setTimeout(resolve, 200))
      // The closures are new bookings too: the round's digest lists twenty of them as well.
      const digest = await mailbox.waitForMail(host.owner.email)
      expect(digest.subject).toBe('23 booking changes at your properties')
      expect(digest.text.match(/^• New booking at Villa Rawdah: /gm)).toHaveLength(20)
      expect(digest.text).toContain('…and 3 more in your calendar')
      expect(mailbox.unread(host.owner.email)).toBe(0)
    })

    it('announces at most a hundred new conflicts a sync, and marks every clashing stay', async () => {
      const host = await aHost(ctx, feeds, {
        Airbnb: [{ uid: 'a1', start: '2031-01-01', end: '2031-12-31', summary: 'Reserved' }],
        'Booking.com': [],
      })
      await host.sync('Airbnb', 'Booking.com')
      const day = (n: number) => new Date(Date.UTC(2031, 0, 1 + n)).toISOString().slice(0, 10)
      feeds.serve(
        host.routes['Booking.com']!,
        calendarOf(
          Array.from({ length: 150 }, (_, i) => ({
            uid: `b${i}`,
            start: day(2 * i),
            end: day(2 * i + 1),
            summary: 'CLOSED - Not available',
          })),
        ),
      )
      await host.sync('Booking.com')

      expect((await host.notices()).filter((notice) => notice.kind === 'conflict')).toHaveLength(100)
      expect((await mailbox.waitForMail(host.owner.email)).subject).toBe(
        '100 double bookings at your properties',
      )
      expect(
        (await host.privateFeed()).filter((event) => event['X-MANZIL-CONFLICT'] === 'TRUE'),
      ).toHaveLength(151)
      await mailbox.waitForMail(host.owner.email) // the round's digest of the new closures
    })

    it('takes a closure as an echo when each of its nights was exported to that platform before it appeared', async () => {
      const host = await aHost(ctx, feeds, {
        Airbnb: [{ uid: 'a1', start: '2030-12-05', end: '2030-12-09', summary: 'Reserved' }],
        'Booking.com': [],
      })
      await host.sync('Airbnb', 'Booking.com')
      // Booking.com imports its feed, then closes those nights in its own export.
      expect(datesOf(await host.platformFeed('Booking.com'))).toEqual(['2030-12-05 → 2030-12-09'])
      feeds.serve(
        host.routes['Booking.com']!,
        calendarOf([
          { uid: 'b1', start: '2030-12-05', end: '2030-12-09', summary: 'CLOSED - Not available' },
        ]),
      )
      await host.sync('Booking.com')

      const echo = (await host.privateFeed()).find((event) => event['X-MANZIL-PLATFORM'] === 'Booking.com')
      expect(echo).toMatchObject({ 'X-MANZIL-ECHO': 'TRUE', 'X-MANZIL-KIND': 'block' })
      expect((await host.privateFeed()).some((event) => event['X-MANZIL-CONFLICT'])).toBe(false)
      // Counted once, where it was sold; never sent back to anyone.
      expect(await host.period('2030-12-01', '2030-12-10')).toMatchObject({
        bookings: 1,
        bookedNights: 4,
        revenue: 400,
      })
      expect(await host.platformFeed('Airbnb')).toEqual([])
      expect((await host.notices()).filter((notice) => notice.kind === 'conflict')).toEqual([])

      // An echo stays one until it changes, even when the stay it mirrors is gone.
      feeds.serve(host.routes.Airbnb!, calendarOf([]))
      await host.sync('Airbnb')
      expect((await host.stays()).find((stay) => stay.uid === 'b1')).toMatchObject({ echo: 1, kind: 'block' })
      // Changed to take a night Manzil never exported: a closure of Booking.com's own, a sale.
      feeds.serve(
        host.routes['Booking.com']!,
        calendarOf([
          { uid: 'b1', start: '2030-12-04', end: '2030-12-09', summary: 'CLOSED - Not available' },
        ]),
      )
      await host.sync('Booking.com')
      expect((await host.stays()).find((stay) => stay.uid === 'b1')).toMatchObject({
        echo: 0,
        kind: 'booking',
      })
    })

    it('judges a changed closure night by night: its own nights stay its own, nights new to it are judged now', async () => {
      const host = await aHost(ctx, feeds, {
        Airbnb: [{ uid: 'a1', start: '2030-12-05', end: '2030-12-09', summary: 'Reserved' }],
        'Booking.com': [
          { uid: 'b1', start: '2030-12-07', end: '2030-12-08', summary: 'CLOSED - Not available' },
          { uid: 'b2', start: '2030-12-20', end: '2030-12-22', summary: 'CLOSED - Not available' },
        ],
      })
      await host.sync('Airbnb', 'Booking.com')
      // Booking.com imports its feed: the Airbnb nights, 5-8 December, are now exported to it.
      expect(datesOf(await host.platformFeed('Booking.com'))).toEqual(['2030-12-05 → 2030-12-09'])
      // b1 now reaches over the 8th, which Booking.com was served as taken; b2 lies only on
      // nights it was served as taken: those nights are Manzil's export coming back.
      feeds.serve(
        host.routes['Booking.com']!,
        calendarOf([
          { uid: 'b1', start: '2030-12-07', end: '2030-12-09', summary: 'CLOSED - Not available' },
          { uid: 'b2', start: '2030-12-05', end: '2030-12-07', summary: 'CLOSED - Not available' },
        ]),
      )
      await host.sync('Booking.com')

      const stays = await host.stays()
      // b1 still sells the 7th, which it had before the export: a sale, in conflict.
      expect(stays.find((stay) => stay.uid === 'b1')).toMatchObject({
        echo: 0,
        echo_runs: '2030-12-08/2030-12-09',
        kind: 'booking',
      })
      expect(stays.find((stay) => stay.uid === 'b2')).toMatchObject({ echo: 1, kind: 'block' })
      const booking = (await host.privateFeed()).filter(
        (event) => event['X-MANZIL-PLATFORM'] === 'Booking.com',
      )
      expect(
        booking.map((event) => [
          event.DTSTART,
          event['X-MANZIL-CONFLICT'] ?? '',
          event['X-MANZIL-ECHO'] ?? '',
          event['X-MANZIL-ECHO-NIGHTS'] ?? '',
        ]),
      ).toEqual([
        ['2030-12-05', '', 'TRUE', ''],
        ['2030-12-07', 'TRUE', '', '2030-12-08/2030-12-09'],
      ])
      // Airbnb's four nights and Booking.com's one, the 7th counted once.
      expect(await host.period('2030-12-01', '2030-12-31')).toMatchObject({ bookings: 2, bookedNights: 4 })
    })

    it('takes a block one night longer than was exported as an echo on the exported night only', async () => {
      const host = await aHost(ctx, feeds, {
        Airbnb: [{ uid: 'a1', start: '2030-12-05', end: '2030-12-09', summary: 'Reserved' }],
        Vrbo: [{ uid: 'v0', start: '2030-12-20', end: '2030-12-22', summary: 'Blocked' }],
      })
      await host.sync('Airbnb', 'Vrbo')
      await host.platformFeed('Vrbo')
      feeds.serve(
        host.routes.Vrbo!,
        calendarOf([
          { uid: 'v0', start: '2030-12-20', end: '2030-12-22', summary: 'Blocked' },
          { uid: 'v1', start: '2030-12-08', end: '2030-12-10', summary: 'Blocked' },
        ]),
      )
      await host.sync('Vrbo')
      const vrbo = (await host.privateFeed()).filter((event) => event['X-MANZIL-PLATFORM'] === 'Vrbo')
      expect(
        vrbo.map((event) => [
          event.DTSTART,
          event['X-MANZIL-CONFLICT'] ?? '',
          event['X-MANZIL-ECHO'] ?? '',
          event['X-MANZIL-ECHO-NIGHTS'] ?? '',
        ]),
      ).toEqual([
        ['2030-12-08', '', '', '2030-12-08/2030-12-09'],
        ['2030-12-20', '', '', ''],
      ])
      // The 9th is Vrbo's own block: every other platform gets it, Vrbo's own feed does not.
      expect(datesOf(await host.platformFeed('Airbnb'))).toEqual([
        '2030-12-09 → 2030-12-10',
        '2030-12-20 → 2030-12-22',
      ])
      // A block is no sale: it earns nothing.
      expect(await host.period('2030-12-01', '2030-12-31')).toMatchObject({ bookings: 1, revenue: 400 })
    })

    it('is a conflict when a block appeared before its nights were exported', async () => {
      const host = await aHost(ctx, feeds, {
        Airbnb: [{ uid: 'a1', start: '2030-12-05', end: '2030-12-09', summary: 'Reserved' }],
        Vrbo: [{ uid: 'v1', start: '2030-12-07', end: '2030-12-09', summary: 'Blocked' }],
      })
      await host.sync('Airbnb', 'Vrbo')
      await host.platformFeed('Vrbo')
      await host.sync('Vrbo')
      const vrbo = (await host.privateFeed()).filter((event) => event['X-MANZIL-PLATFORM'] === 'Vrbo')
      expect(vrbo.map((event) => [event.DTSTART, event['X-MANZIL-CONFLICT'] ?? ''])).toEqual([
        ['2030-12-07', 'TRUE'],
      ])
    })

    it('announces a stay whose dates moved and one that was cancelled, and mails them as one digest', async () => {
      const host = await aHost(ctx, feeds, {
        Airbnb: [
          { uid: 'a1', start: '2030-11-01', end: '2030-11-05', summary: 'Reserved - Sarah M' },
          { uid: 'a2', start: '2030-11-10', end: '2030-11-12', summary: 'Reserved - Omar K' },
        ],
        Vrbo: [],
      })
      await host.sync('Airbnb', 'Vrbo')
      feeds.serve(
        host.routes.Airbnb!,
        calendarOf([{ uid: 'a1', start: '2030-11-02', end: '2030-11-06', summary: 'Reserved - Sarah M' }]),
      )
      feeds.serve(
        host.routes.Vrbo!,
        calendarOf([{ uid: 'v1', start: '2030-11-20', end: '2030-11-23', summary: 'Reserved - Lee' }]),
      )
      await host.sync('Airbnb', 'Vrbo')
      const notices = await host.notices()
      expect(notices.map((notice) => notice.kind).sort()).toEqual(['cancelled', 'changed', 'new'])
      expect(notices.find((notice) => notice.kind === 'changed')?.data).toMatchObject({
        stay: { guestName: 'Sarah M', start: '2030-11-02', end: '2030-11-06', platform: 'Airbnb' },
        previous: { start: '2030-11-01', end: '2030-11-05' },
      })
      expect(notices.find((notice) => notice.kind === 'cancelled')?.data.stay).toMatchObject({
        guestName: 'Omar K',
      })
      const idOf = (uid: string) => stays.find((stay) => stay.uid === uid)?.id
      const stays = await host.stays()
      expect(notices.map((notice) => [notice.kind, notice.data.stay.id]).sort()).toEqual([
        ['cancelled', idOf('a2')],
        ['changed', idOf('a1')],
        ['new', idOf('v1')],
      ])

      const digest = await mailbox.waitForMail(host.owner.email)
      expect(digest.subject).toBe('3 booking changes at your properties')
      expect(digest.text).toContain(
        'Dates changed at Villa Rawdah: Sarah M on Airbnb, 2030-11-02 to 2030-11-06 (was 2030-11-01 to 2030-11-05)',
      )
      expect(digest.text).toContain('Cancelled at Villa Rawdah: Omar K on Airbnb')
      expect(digest.text).toContain('New booking at Villa Rawdah: Lee on Vrbo')
      // The next round has nothing new to tell.
      await host.sync('Airbnb', 'Vrbo')
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(mailbox.unread(host.owner.email)).toBe(0)
      expect(await host.notices()).toHaveLength(3)
    })

    it('finds a clash between two feeds that change at the same moment, once', async () => {
      const host = await aHost(ctx, feeds, { Airbnb: [], 'Booking.com': [] })
      await host.sync('Airbnb', 'Booking.com')
      feeds.serve(
        host.routes.Airbnb!,
        calendarOf([{ uid: 'a1', start: '2030-10-01', end: '2030-10-04', summary: 'Reserved' }]),
      )
      feeds.serve(
        host.routes['Booking.com']!,
        calendarOf([
          { uid: 'b1', start: '2030-10-03', end: '2030-10-05', summary: 'CLOSED - Not available' },
        ]),
      )
      await Promise.all([host.sync('Airbnb'), host.sync('Booking.com')])
      expect((await host.notices()).filter((notice) => notice.kind === 'conflict')).toHaveLength(1)
      // Beside the digest of the two new stays, one mail of the conflict.
      const subjects = [(await mailbox.waitForMail(host.owner.email)).subject]
      while (mailbox.unread(host.owner.email) > 0 || subjects.length < 2)
        subjects.push((await mailbox.waitForMail(host.owner.email)).subject)
      expect(subjects.filter((subject) => subject === 'Double booking at Villa Rawdah')).toHaveLength(1)
    })

    it('takes a night resold after a cancellation as a sale, whether the resale arrives later or in the same sync', async () => {
      for (const sameSync of [false, true]) {
        const host = await aHost(ctx, feeds, {
          Airbnb: [{ uid: 'a1', start: '2031-01-01', end: '2031-01-05', summary: 'Reserved' }],
          'Booking.com': [],
          Vrbo: [],
        })
        await host.sync('Airbnb', 'Booking.com', 'Vrbo')
        await host.platformFeed('Booking.com')
        feeds.serve(
          host.routes['Booking.com']!,
          calendarOf([
            { uid: 'b1', start: '2031-01-01', end: '2031-01-05', summary: 'CLOSED - Not available' },
          ]),
        )
        await host.sync('Booking.com')
        expect((await host.stays()).find((stay) => stay.uid === 'b1')).toMatchObject({ echo: 1 })
        // Airbnb cancels; Booking.com imports the nights as free, then sells 2-5 January itself.
        feeds.serve(host.routes.Airbnb!, calendarOf([]))
        await host.sync('Airbnb')
        expect(await host.platformFeed('Booking.com')).toEqual([])
        if (!sameSync) {
          feeds.serve(host.routes['Booking.com']!, calendarOf([]))
          await host.sync('Booking.com')
        }
        feeds.serve(
          host.routes['Booking.com']!,
          calendarOf([
            { uid: 'b2', start: '2031-01-02', end: '2031-01-05', summary: 'CLOSED - Not available' },
          ]),
        )
        await host.sync('Booking.com')

        const resale = (await host.stays()).find((stay) => stay.uid === 'b2')
        expect(resale).toMatchObject({ echo: 0, echo_runs: null, kind: 'booking', cancelled_at: null })
        expect(datesOf(await host.platformFeed('Airbnb'))).toEqual(['2031-01-02 → 2031-01-05'])
        expect(datesOf(await host.platformFeed('Vrbo'))).toEqual(['2031-01-02 → 2031-01-05'])
        const news = (await host.notices()).filter((notice) => notice.kind === 'new')
        expect(news.map((notice) => notice.data.stay)).toMatchObject([
          { platform: 'Booking.com', start: '2031-01-02' },
        ])
        // Airbnb then sells the 3rd again: a double booking.
        feeds.serve(
          host.routes.Airbnb!,
          calendarOf([{ uid: 'a2', start: '2031-01-03', end: '2031-01-04', summary: 'Reserved' }]),
        )
        await host.sync('Airbnb')
        expect((await host.notices()).filter((notice) => notice.kind === 'conflict')).toHaveLength(1)
      }
    })

    it('carries a sale merged with imported nights under a new UID on, as the same stay', async () => {
      const host = await aHost(ctx, feeds, {
        Airbnb: [{ uid: 'a1', start: '2031-02-05', end: '2031-02-08', summary: 'Reserved' }],
        'Booking.com': [
          { uid: 'b1', start: '2031-02-07', end: '2031-02-10', summary: 'CLOSED - Not available' },
        ],
      })
      await host.sync('Airbnb', 'Booking.com')
      const sale = (await host.stays()).find((stay) => stay.uid === 'b1')!
      expect((await host.notices()).map((notice) => notice.kind)).toEqual(['conflict'])
      // Booking.com imports the Airbnb nights and exports them merged with its sale.
      expect(datesOf(await host.platformFeed('Booking.com'))).toEqual(['2031-02-05 → 2031-02-08'])
      feeds.serve(
        host.routes['Booking.com']!,
        calendarOf([
          { uid: 'm1', start: '2031-02-05', end: '2031-02-10', summary: 'CLOSED - Not available' },
        ]),
      )
      await host.sync('Booking.com')

      const merged = (await host.stays()).find((stay) => stay.uid === 'm1')
      expect(merged).toMatchObject({
        id: sale.id,
        first_seen_at: sale.first_seen_at,
        echo: 0,
        echo_runs: '2031-02-05/2031-02-07',
        kind: 'booking',
        cancelled_at: null,
      })
      expect((await host.stays()).filter((stay) => stay.uid === 'b1')).toEqual([])
      // No false cancellation, no new sale, no second announcement of the clash.
      expect((await host.notices()).map((notice) => notice.kind)).toEqual(['conflict'])
      // Booking.com sells the 7th to the 9th: three nights, the 7th counted once.
      expect(await host.period('2031-02-01', '2031-02-28')).toMatchObject({ bookings: 2, bookedNights: 5 })
      // And it splits the run again: still the same sale.
      feeds.serve(
        host.routes['Booking.com']!,
        calendarOf([
          { uid: 's1', start: '2031-02-05', end: '2031-02-07', summary: 'CLOSED - Not available' },
          { uid: 's2', start: '2031-02-07', end: '2031-02-10', summary: 'CLOSED - Not available' },
        ]),
      )
      await host.sync('Booking.com')
      expect((await host.notices()).map((notice) => notice.kind)).toEqual(['conflict'])
      const stays = await host.stays()
      expect(stays.find((stay) => stay.uid === 's1')).toMatchObject({ echo: 1 })
      expect(stays.find((stay) => stay.uid === 's2')).toMatchObject({
        echo: 0,
        echo_runs: null,
        kind: 'booking',
      })
    })
  },
  {
    env: { SMTP_URL: mailbox.smtpUrl, SYNC_ALLOW_HOSTS: '127.0.0.1' },
    // Every reading of the server's time is a second after the last, so a platform's fetch and a
    // sync that follows it are never at the same instant.
    clock: tickingClock(),
  },
)

describeEachDatabase(
  'manual stays',
  (ctx) => {
    const aStay = {
      start: '2030-12-01',
      end: '2030-12-04',
      kind: 'booking',
      guestName: 'Nora',
      note: 'Paid in cash',
    }

    it('adds a direct booking that every feed shows at once and that clashes like any stay', async () => {
      const host = await aHost(ctx, feeds, {
        Airbnb: [{ uid: 'a1', start: '2030-12-03', end: '2030-12-06', summary: 'Reserved' }],
      })
      await host.sync('Airbnb')
      const created = await host.inject('POST', `/api/property/${host.property.id}/stay`, aStay)
      expect(created.statusCode).toBe(201)
      expect(created.json()).toEqual({
        id: expect.any(String),
        propertyId: host.property.id,
        start: '2030-12-01',
        end: '2030-12-04',
        kind: 'booking',
        guestName: 'Nora',
        note: 'Paid in cash',
        platform: 'Manual',
        nightlyPrice: 100,
        conflict: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      })
      const manual = (await host.privateFeed()).find((event) => event['X-MANZIL-PLATFORM'] === 'Manual')
      expect(manual).toMatchObject({
        UID: `${created.json().id}@manzil`,
        'X-MANZIL-GUEST': 'Nora',
        'X-MANZIL-KIND': 'booking',
        'X-MANZIL-CONFLICT': 'TRUE',
        DESCRIPTION: 'Paid in cash',
      })
      // Airbnb is told the nights, not who stays.
      expect(datesOf(await host.platformFeed('Airbnb'))).toEqual(['2030-12-01 → 2030-12-04'])
      // A direct booking earns the property's price.
      expect(await host.period('2030-12-01', '2030-12-02')).toMatchObject({ revenue: 200, bookings: 1 })
    })

    it('edits and deletes a manual stay, and only its owner can', async () => {
      const host = await aHost(ctx, feeds, {
        Airbnb: [{ uid: 'a1', start: '2030-12-10', end: '2030-12-12', summary: 'Reserved' }],
      })
      await host.sync('Airbnb')
      const { id } = (await host.inject('POST', `/api/property/${host.property.id}/stay`, aStay)).json()
      const url = `/api/property/${host.property.id}/stay/${id}`
      const edited = await host.inject('PATCH', url, { kind: 'block', end: '2030-12-08' })
      expect(edited.json()).toMatchObject({
        kind: 'block',
        guestName: null,
        start: '2030-12-01',
        end: '2030-12-08',
      })
      expect(
        (await host.privateFeed()).find((event) => event['X-MANZIL-PLATFORM'] === 'Manual'),
      ).toMatchObject({
        SUMMARY: 'Blocked',
        'X-MANZIL-KIND': 'block',
      })

      const stranger = await signIn(ctx.app, (await aUser(ctx.db)).email)
      const asStranger = (method: 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
        ctx.app.inject({ method, url: path, headers: { cookie: stranger }, ...(payload ? { payload } : {}) })
      expect((await asStranger('PATCH', url, { note: 'mine' })).statusCode).toBe(404)
      expect((await asStranger('DELETE', url)).statusCode).toBe(404)
      expect((await asStranger('POST', `/api/property/${host.property.id}/stay`, aStay)).statusCode).toBe(404)
      // A stay a feed brought is the feed's to change.
      const fromFeed = (await host.stays()).find((stay) => stay.uid === 'a1')!
      expect(
        (await host.inject('DELETE', `/api/property/${host.property.id}/stay/${fromFeed.id}`)).statusCode,
      ).toBe(404)

      expect((await host.inject('DELETE', url)).statusCode).toBe(204)
      expect((await host.privateFeed()).map((event) => event['X-MANZIL-PLATFORM'])).toEqual(['Airbnb'])
      expect((await host.inject('DELETE', url)).statusCode).toBe(404)
    })

    it("takes a booking's price per night or for the whole stay, counts it as revenue and refuses one out of bounds", async () => {
      const host = await aHost(ctx, feeds, {})
      const stays = `/api/property/${host.property.id}/stay`
      const perNight = await host.inject('POST', stays, { ...aStay, price: { per: 'night', amount: 350 } })
      expect(perNight.json().nightlyPrice).toBe(350)
      // A total is shared by the stay's three nights; revenue counts the total, not the default 100.
      const total = await host.inject('POST', stays, {
        ...aStay,
        start: '2031-01-10',
        end: '2031-01-13',
        price: { per: 'stay', amount: 1000 },
      })
      expect(total.statusCode).toBe(201)
      expect(total.json().nightlyPrice).toBeCloseTo(1000 / 3)
      expect((await host.period('2030-12-01', '2030-12-31')).revenue).toBe(1050)
      expect(Math.round((await host.period('2031-01-01', '2031-01-31')).revenue)).toBe(1000)
      // No price at all: the stay earns nothing; a block never does.
      const none = await host.inject('PATCH', `${stays}/${perNight.json().id}`, { price: null })
      expect(none.json().nightlyPrice).toBeNull()
      expect((await host.period('2030-12-01', '2030-12-31')).revenue).toBe(0)
      const priced = await host.inject('PATCH', `${stays}/${perNight.json().id}`, {
        price: { per: 'night', amount: 120.5 },
      })
      expect(priced.json().nightlyPrice).toBe(120.5)
      const block = await host.inject('PATCH', `${stays}/${perNight.json().id}`, { kind: 'block' })
      expect(block.json().nightlyPrice).toBeNull()

      const refused = (price: unknown, language = 'en') =>
        ctx.app.inject({
          method: 'POST',
          url: stays,
          headers: { cookie: host.cookie, 'accept-language': language },
          payload: { ...aStay, price },
        })
      for (const price of [
        { per: 'night', amount: -1 },
        { per: 'night', amount: 1_000_001 },
        { per: 'stay', amount: 1e12 },
        { per: 'week', amount: 10 },
        { per: 'night', amount: '10' },
      ]) {
        const answer = await refused(price)
        expect(answer.statusCode, JSON.stringify(price)).toBe(400)
      }
      const negative = await refused({ per: 'night', amount: -5 })
      expect(negative.json().message).toBe(
        'The price must be a number from 0 up, with at most two decimals, and not above the limit',
      )
      expect((await refused({ per: 'night', amount: -5 }, 'ar')).json().message).toBe(
        'يجب أن يكون السعر رقمًا من صفر فأكثر، بخانتين عشريتين على الأكثر، وألا يتجاوز الحد',
      )
    })

    it('refuses a stay that ends on or before it starts or lasts over 365 nights, in the reader language, and more than one stay a request', async () => {
      const host = await aHost(ctx, feeds, {})
      const create = (payload: object, language = 'en') =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/property/${host.property.id}/stay`,
          headers: { cookie: host.cookie, 'accept-language': language },
          payload,
        })
      const same = await create({ ...aStay, end: aStay.start })
      expect(same.statusCode).toBe(400)
      expect(same.json().message).toBe('The check-out day must come after the check-in day')
      expect((await create({ ...aStay, end: '2030-11-30' }, 'ar')).json().message).toBe(
        'يجب أن يأتي يوم المغادرة بعد يوم الوصول',
      )
      const long = await create({ ...aStay, start: '2030-01-01', end: '2031-01-02' })
      expect(long.statusCode).toBe(400)
      expect(long.json().message).toBe('A stay entered by hand can last 365 nights at most')
      expect((await create({ ...aStay, start: '2030-01-01', end: '2031-01-02' }, 'ar')).json().message).toBe(
        'يمكن أن تمتد الإقامة المُدخلة يدويًا ٣٦٥ ليلة على الأكثر',
      )
      expect((await create({ ...aStay, start: '2030-01-01', end: '2031-01-01' })).statusCode).toBe(201)
      // One request enters one stay: a list of them is no stay.
      const before = (await host.stays()).length
      expect((await create([aStay, { ...aStay, start: '2030-03-01', end: '2030-03-04' }])).statusCode).toBe(
        400,
      )
      expect(await host.stays()).toHaveLength(before)
      expect((await create({ ...aStay, start: '2030-02-30' })).statusCode).toBe(400)
      expect((await create({ ...aStay, kind: 'holiday' })).statusCode).toBe(400)
    })
  },
  { env: { SYNC_ALLOW_HOSTS: '127.0.0.1' } },
)
