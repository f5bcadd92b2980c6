import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import ICAL from 'ical.js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { addDays } from '../../src/domain/dates.ts'
import { CHURN_SYNCS } from '../../server/sync/churn.ts'
import { conflictsFor } from '../../server/sync/conflicts.ts'
import { backoffDelayMs, MAX_BACKOFF_FACTOR, SLOW_ANSWER_MS } from '../../server/sync/syncCalendar.ts'
import {
  calendarOf,
  readFixture,
  readFixtureBytes,
  startFeedServer,
  type FeedServer,
} from '../fixtures/feedServer.ts'
import { aCalendarRow, aPropertyRow, aUser, signIn } from './builders.ts'
import { aPropertyFields, propertyForm, sendPropertyForm } from './multipart.ts'
import { describeEachDatabase, type TestContext } from './harness.ts'
import { createNotification } from '../../server/notification/store.ts'

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())

const AIRBNB_RESERVED = '1418fb94e984-8b2c7a1d5e3f4b6a9c0d1e2f3a4b5c6d@airbnb.com'

/** The sync engine's view of one test's world, on the suite's database. */
function syncWorld(ctx: TestContext) {
  const db = () => ctx.db
  return {
    sync: async (calendarId: string) => {
      const [outcome] = await ctx.app.syncCalendarsNow([calendarId])
      if (!outcome) throw new Error('the calendar was not synced')
      return outcome
    },
    bookingsOf: (calendarId: string) =>
      db()
        .selectFrom('bookings')
        .selectAll()
        .where('calendar_id', '=', calendarId)
        .orderBy('start_date')
        .orderBy('uid')
        .execute(),
    calendar: (calendarId: string) =>
      db()
        .selectFrom('external_calendars')
        .selectAll()
        .where('id', '=', calendarId)
        .executeTakeFirstOrThrow(),
    notificationsOf: (userId: string) =>
      db().selectFrom('notifications').selectAll().where('user_id', '=', userId).execute(),
    /** A new owner, property and calendar linked to a fixture served at a route of its own. */
    linked(
      fixture: string,
      options: { platform?: string; etag?: boolean; lastModified?: boolean; notifications?: boolean } = {},
    ) {
      return this.linkedTo(readFixture(fixture), options)
    },
    /** The same for a body of its own: text (sent as UTF-8), or bytes sent as `contentType` says. */
    async linkedTo(
      body: string | Uint8Array,
      options: {
        platform?: string
        etag?: boolean
        lastModified?: boolean
        notifications?: boolean
        contentType?: string
      } = {},
    ) {
      const route = `/${randomUUID()}.ics`
      feeds.serve(route, body, {
        etag: options.etag,
        lastModified: options.lastModified,
        contentType: options.contentType,
      })
      const owner = await aUser(db())
      if (options.notifications === false)
        await db().updateTable('users').set({ notifications_enabled: 0 }).where('id', '=', owner.id).execute()
      const property = await aPropertyRow(db(), owner.id)
      const calendarId = await aCalendarRow(db(), property.id, feeds.url(route), options.platform)
      return { route, owner, property, calendarId }
    },
  }
}

describeEachDatabase(
  'feed sync',
  (ctx) => {
    const world = syncWorld(ctx)

    it('imports every stay of a feed, classified, and silently the first time', async () => {
      const { calendarId, owner } = await world.linked('airbnb.ics')
      expect(await world.sync(calendarId)).toMatchObject({ result: 'imported', added: 3 })
      const bookings = await world.bookingsOf(calendarId)
      expect(
        bookings.map(({ start_date, end_date, status, guest_name, kind, platform }) => ({
          start_date,
          end_date,
          status,
          guest_name,
          kind,
          platform,
        })),
      ).toEqual([
        {
          start_date: '2030-03-10',
          end_date: '2030-03-15',
          status: 'Reserved',
          guest_name: 'Blocked',
          kind: 'booking',
          platform: 'Airbnb',
        },
        {
          start_date: '2030-04-01',
          end_date: '2030-04-06',
          status: 'Reserved',
          guest_name: 'Blocked',
          kind: 'booking',
          platform: 'Airbnb',
        },
        {
          start_date: '2030-04-20',
          end_date: '2030-05-01',
          status: 'Blocked',
          guest_name: 'Blocked',
          kind: 'block',
          platform: 'Airbnb',
        },
      ])
      expect(bookings[0]?.description).toContain('HMQ4XK2Z9P')
      const calendar = await world.calendar(calendarId)
      expect(calendar).toMatchObject({ last_error: null, failure_count: 0, lease_until: null })
      expect(calendar.first_synced_at).not.toBeNull()
      expect(calendar.etag).not.toBeNull()
      expect(await world.notificationsOf(owner.id)).toEqual([])
    })

    it('names the guest and status from " - " summaries and keeps the link\'s platform', async () => {
      const { calendarId } = await world.linked('vrbo.ics', { platform: 'Vrbo' })
      await world.sync(calendarId)
      expect(
        (await world.bookingsOf(calendarId)).map((b) => [b.status, b.guest_name, b.kind, b.platform]),
      ).toEqual([
        ['Reserved', 'Layla Haddad', 'booking', 'Vrbo'],
        ['Blocked', 'Blocked', 'block', 'Vrbo'],
      ])
    })

    it('reads a name whose line is folded inside a character, as Gathern folds at 75 octets', async () => {
      // The fold splits a two-byte letter of the name (and one of the description) in two.
      const { calendarId } = await world.linkedTo(readFixtureBytes('gathern-folded.ics'), {
        platform: 'Gathern',
      })
      expect(await world.sync(calendarId)).toMatchObject({ result: 'imported', added: 2 })
      const [reserved] = await world.bookingsOf(calendarId)
      expect(reserved).toMatchObject({
        status: 'Reserved',
        guest_name: 'عبدالرحمن بن عبدالعزيز القحطاني',
        platform: 'Gathern',
        description:
          'حجز مؤكد عبر جاذر إن - رقم الحجز 7731942 - عدد الضيوف 4 - الوصول بعد الساعة الرابعة عصرا',
      })
    })

    it.each(['text/calendar; charset=iso-8859-1', 'text/calendar;charset="ISO-8859-1"'])(
      'reads a Latin-1 feed served as %s',
      async (contentType) => {
        const text = calendarOf([
          {
            uid: 'latin1@example.com',
            start: '2030-06-01',
            end: '2030-06-04',
            summary: 'Reserved - José Müller',
          },
        ])
        const { calendarId } = await world.linkedTo(Buffer.from(text, 'latin1'), { contentType })
        expect(await world.sync(calendarId)).toMatchObject({ result: 'imported', added: 1 })
        expect((await world.bookingsOf(calendarId))[0]?.guest_name).toBe('José Müller')
      },
    )

    // Gurmukhi letters are U+0Axx: in UTF-16 their bytes next to a space include 0A 20, a line
    // fold's LF and space if the bytes were unfolded as bytes rather than as UTF-16 code units.
    it.each([
      ['UTF-16LE', 'text/calendar'],
      ['UTF-16BE', 'text/calendar; charset=utf-8'],
    ])(
      'reads a %s feed by its byte-order mark (served as %s), folded in code units',
      async (encoding, contentType) => {
        const arabic = 'SUMMARY:Reserved - عبدالرحمن بن عبدالعزيز القحطاني'
        const text = `\ufeff${calendarOf([
          {
            uid: 'punjabi@example.com',
            start: '2030-06-01',
            end: '2030-06-04',
            summary: 'Reserved - ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ ਠਾਕੁਰ',
          },
          { uid: 'arabic@example.com', start: '2030-07-01', end: '2030-07-04', summary: 'Reserved - x' },
        ]).replace('SUMMARY:Reserved - x', `${arabic.slice(0, 30)}\r\n ${arabic.slice(30)}`)}`
        const littleEndian = Buffer.from(text, 'utf16le')
        const body = encoding === 'UTF-16LE' ? littleEndian : Buffer.from(littleEndian).swap16()
        const { calendarId } = await world.linkedTo(body, { contentType })
        expect(await world.sync(calendarId)).toMatchObject({ result: 'imported', added: 2 })
        expect((await world.bookingsOf(calendarId)).map((booking) => booking.guest_name)).toEqual([
          'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ ਠਾਕੁਰ',
          'عبدالرحمن بن عبدالعزيز القحطاني',
        ])
      },
    )

    it('re-fetches an unchanged feed conditionally and writes nothing', async () => {
      const { calendarId, route } = await world.linked('airbnb.ics')
      await world.sync(calendarId)
      const before = await world.bookingsOf(calendarId)
      const first = await world.calendar(calendarId)
      await sleep(5)
      expect(await world.sync(calendarId)).toMatchObject({ result: 'unchanged' })
      const [, second] = feeds.requestsTo(route)
      expect(second?.headers['if-none-match']).toBe(first.etag)
      expect(second?.status).toBe(304)
      expect(await world.bookingsOf(calendarId)).toEqual(before)
      const after = await world.calendar(calendarId)
      expect(after.last_synced_at! > first.last_synced_at!).toBe(true)
      expect(after.content_hash).toBe(first.content_hash)
    })

    it('knows an export with no validators that changed only when it was written as unchanged, and a changed stay as news', async () => {
      const exported = (stamp: string, end: string) =>
        calendarOf([{ uid: 'stamped@airbnb.com', start: '2030-06-01', end, summary: 'Reserved' }])
          .replace(/DTSTAMP:[^\r\n]*/g, `DTSTAMP:${stamp}`)
          .replace('BEGIN:VEVENT', `BEGIN:VEVENT\r\nLAST-MODIFIED:${stamp}\r\nSEQUENCE:${stamp.slice(9, 13)}`)
      const { calendarId, route, owner } = await world.linkedTo(exported('20261130T080000Z', '2030-06-04'), {
        etag: false,
      })
      expect(await world.sync(calendarId)).toMatchObject({ result: 'imported', added: 1 })
      const before = await world.bookingsOf(calendarId)

      feeds.serve(route, exported('20261130T081500Z', '2030-06-04'), { etag: false })
      expect(await world.sync(calendarId)).toMatchObject({ result: 'unchanged' })
      expect(feeds.requestsTo(route).at(-1)?.status).toBe(200)
      expect(await world.bookingsOf(calendarId)).toEqual(before)

      feeds.serve(route, exported('20261130T083000Z', '2030-06-05'), { etag: false })
      expect(await world.sync(calendarId)).toMatchObject({ result: 'imported', added: 0 })
      expect((await world.bookingsOf(calendarId)).map((stay) => stay.end_date)).toEqual(['2030-06-05'])
      expect((await world.notificationsOf(owner.id)).map((notice) => notice.kind)).toEqual(['changed'])
    })

    it('re-fetches a feed that gives only Last-Modified with If-Modified-Since', async () => {
      const { calendarId, route } = await world.linked('vrbo.ics', {
        etag: false,
        lastModified: true,
        platform: 'Vrbo',
      })
      await world.sync(calendarId)
      const first = await world.calendar(calendarId)
      expect(first.etag).toBeNull()
      expect(first.last_modified).not.toBeNull()
      const before = await world.bookingsOf(calendarId)
      expect(await world.sync(calendarId)).toMatchObject({ result: 'unchanged' })
      const [, second] = feeds.requestsTo(route)
      expect(second?.headers['if-modified-since']).toBe(first.last_modified)
      expect(second?.headers['if-none-match']).toBeUndefined()
      expect(second?.status).toBe(304)
      expect(await world.bookingsOf(calendarId)).toEqual(before)
      // Once the feed changes, its date moves on and the new text is fetched and imported.
      feeds.addEvent(route, {
        uid: 'later@vrbo.com',
        start: '2030-09-01',
        end: '2030-09-05',
        summary: 'Reserved',
      })
      expect(await world.sync(calendarId)).toMatchObject({ result: 'imported', added: 1 })
      expect(feeds.requestsTo(route).at(-1)?.status).toBe(200)
    })

    it('recognises an unchanged feed without validators by its hash', async () => {
      const { calendarId, route } = await world.linked('booking.ics', {
        etag: false,
        platform: 'Booking.com',
      })
      await world.sync(calendarId)
      const before = await world.bookingsOf(calendarId)
      await sleep(5)
      expect(await world.sync(calendarId)).toMatchObject({ result: 'unchanged' })
      expect(feeds.requestsTo(route).map((request) => request.status)).toEqual([200, 200])
      expect(await world.bookingsOf(calendarId)).toEqual(before)
    })

    it('writes only what changed when the text changed but the stays did not', async () => {
      const { calendarId, route } = await world.linked('airbnb.ics')
      await world.sync(calendarId)
      const before = await world.bookingsOf(calendarId)
      // Airbnb stamps every download anew, and here its exporter's name changed too: the text
      // is new beyond its stamps, so it is read, and its stays are the same.
      feeds.serve(
        route,
        (await fetch(feeds.url(route)).then((r) => r.text()))
          .replaceAll('20261120T081512Z', '20261121T000000Z')
          .replace(/^PRODID[;:].*$/m, 'PRODID:-//Airbnb Inc//Hosting Calendar 1.1//EN'),
      )
      await sleep(5)
      expect(await world.sync(calendarId)).toMatchObject({ result: 'imported', added: 0, cancelled: 0 })
      expect(await world.bookingsOf(calendarId)).toEqual(before)
    })

    it('tells nothing new of a stay without a UID when only its DTSTAMP changes', async () => {
      const { calendarId: airbnb, property, owner } = await world.linked('airbnb.ics')
      await world.sync(airbnb)
      const route = `/${randomUUID()}.ics`
      // A Vrbo stay sharing 12 to 15 March 2030 with Airbnb's, written without a UID.
      // Each download stamped anew, and written by another version of the exporter, so that the
      // text is new beyond its stamps and is read again.
      const stampedAt = (dtstamp: string) =>
        calendarOf([{ uid: 'none', start: '2030-03-12', end: '2030-03-16', summary: 'Reserved - Sam Lee' }])
          .replace('UID:none\r\n', '')
          .replace('DTSTAMP:20261120T081512Z', `DTSTAMP:${dtstamp}`)
          .replace('PRODID:-//Test//Feed//EN', `PRODID:-//Test//Feed ${dtstamp}//EN`)
      feeds.serve(route, stampedAt('20261120T081512Z'))
      const vrbo = await aCalendarRow(ctx.db, property.id, feeds.url(route), 'Vrbo')
      await world.sync(vrbo)
      const announced = await world.notificationsOf(owner.id)
      expect(announced.map((notification) => notification.kind)).toEqual(['conflict'])
      const stored = await world.bookingsOf(vrbo)

      // The platform stamps each download anew.
      feeds.serve(route, stampedAt('20261121T000000Z'))
      const outcome = await world.sync(vrbo)
      // The same notifications (their mail may have gone out since).
      expect((await world.notificationsOf(owner.id)).map((notification) => notification.id)).toEqual(
        announced.map((notification) => notification.id),
      )
      expect(outcome).toMatchObject({ result: 'imported', added: 0, cancelled: 0 })
      expect(await world.bookingsOf(vrbo)).toEqual(stored)
    })

    it('tells nothing new when two events sharing a UID swap places in the feed', async () => {
      const { calendarId, route, owner } = await world.linked('empty.ics')
      const january = { uid: 'dup', start: '2030-01-10', end: '2030-01-12', summary: 'Reserved - Lina' }
      const february = { uid: 'dup', start: '2030-02-10', end: '2030-02-12', summary: 'Reserved - Omar' }
      feeds.serve(route, calendarOf([january, february]))
      await world.sync(calendarId)
      const stored = await world.bookingsOf(calendarId)
      expect(stored.map(({ uid, start_date }) => [uid, start_date])).toEqual([
        ['dup', '2030-01-10'],
        ['dup#2030-02-10', '2030-02-10'],
      ])

      feeds.serve(route, calendarOf([february, january]))
      const outcome = await world.sync(calendarId)
      expect(await world.notificationsOf(owner.id)).toEqual([])
      expect(outcome).toMatchObject({ result: 'imported', added: 0, cancelled: 0 })
      expect(await world.bookingsOf(calendarId)).toEqual(stored)
    })

    it('announces each new booking after the first import in a notification of its own, once', async () => {
      const { calendarId, route, owner } = await world.linked('airbnb.ics')
      await world.sync(calendarId)
      feeds.addEvent(route, {
        uid: 'new-1@airbnb.com',
        start: '2030-08-01',
        end: '2030-08-05',
        summary: 'Reserved',
      })
      feeds.addEvent(route, {
        uid: 'new-2@airbnb.com',
        start: '2030-09-01',
        end: '2030-09-03',
        summary: 'Reserved',
      })
      expect(await world.sync(calendarId)).toMatchObject({ result: 'imported', added: 2 })
      await world.sync(calendarId)
      const notifications = await world.notificationsOf(owner.id)
      expect(notifications.map((notification) => [notification.kind, notification.title])).toEqual([
        ['new', null],
        ['new', null],
      ])
      const stays = notifications.map((notification) => {
        const data = JSON.parse(notification.data)
        expect(data).toMatchObject({
          kind: 'new',
          platformName: 'Airbnb',
          propertyName: 'Villa Rawdah',
          conflict: false,
        })
        return new ICAL.Component(ICAL.parse(data.ical))
          .getAllSubcomponents('vevent')
          .map((vevent) => new ICAL.Event(vevent))
          .map((event) => [event.startDate.toString(), event.endDate.toString(), event.summary])
      })
      expect(stays.sort()).toEqual([
        [['2030-08-01', '2030-08-05', 'Reserved']],
        [['2030-09-01', '2030-09-03', 'Reserved']],
      ])
    })

    it('imports silently again when the link changes', async () => {
      const { calendarId, owner } = await world.linked('airbnb.ics')
      await world.sync(calendarId)
      const route = `/${randomUUID()}.ics`
      feeds.serveFixture(route, 'vrbo.ics')
      // What the property service does to a changed link.
      await ctx.db
        .updateTable('external_calendars')
        .set({ url: feeds.url(route), etag: null, last_modified: null, content_hash: null })
        .where('id', '=', calendarId)
        .execute()
      expect(await world.sync(calendarId)).toMatchObject({ added: 2, cancelled: 3 })
      expect(await world.notificationsOf(owner.id)).toEqual([])
    })

    it('stores the facts of a notice, in no language: the reader words them', async () => {
      const { calendarId, route, owner, property } = await world.linked('airbnb.ics')
      await ctx.db.updateTable('users').set({ language: 'ar' }).where('id', '=', owner.id).execute()
      await world.sync(calendarId)
      feeds.addEvent(route, {
        uid: 'lucas@airbnb.com',
        start: '2030-08-01',
        end: '2030-08-04',
        summary: 'Confirmed - Lucas Martin',
      })
      await world.sync(calendarId)
      const [notice] = await world.notificationsOf(owner.id)
      expect(notice?.title).toBeNull()
      const stay = (await world.bookingsOf(calendarId)).find((row) => row.uid === 'lucas@airbnb.com')
      expect(JSON.parse(notice!.data)).toMatchObject({
        kind: 'new',
        platformName: 'Airbnb',
        propertyName: 'Villa Rawdah',
        propertyId: property.id,
        stay: {
          id: stay?.id,
          guestName: 'Lucas Martin',
          status: 'Confirmed',
          start: '2030-08-01',
          end: '2030-08-04',
          platform: 'Airbnb',
          kind: 'booking',
        },
      })
    })

    it('stays quiet for an owner whose notifications are off', async () => {
      const { calendarId, route, owner } = await world.linked('airbnb.ics', { notifications: false })
      await world.sync(calendarId)
      feeds.addEvent(route, {
        uid: 'quiet@airbnb.com',
        start: '2030-08-01',
        end: '2030-08-05',
        summary: 'Reserved',
      })
      expect(await world.sync(calendarId)).toMatchObject({ added: 1 })
      expect(await world.notificationsOf(owner.id)).toEqual([])
    })

    it('cancels a booking that left the feed, keeps it, and restores it with one notice when it returns', async () => {
      const { calendarId, route, owner } = await world.linked('airbnb.ics')
      await world.sync(calendarId)
      const original = (await world.bookingsOf(calendarId)).find((b) => b.uid === AIRBNB_RESERVED)
      feeds.dropEvent(route, AIRBNB_RESERVED)
      expect(await world.sync(calendarId)).toMatchObject({ cancelled: 1 })
      let row = (await world.bookingsOf(calendarId)).find((b) => b.uid === AIRBNB_RESERVED)
      expect(row?.cancelled_at).not.toBeNull()
      feeds.addEvent(route, {
        uid: AIRBNB_RESERVED,
        start: '2030-03-10',
        end: '2030-03-15',
        summary: 'Reserved',
      })
      await world.sync(calendarId)
      row = (await world.bookingsOf(calendarId)).find((b) => b.uid === AIRBNB_RESERVED)
      expect(row).toMatchObject({
        id: original?.id,
        cancelled_at: null,
        first_seen_at: original?.first_seen_at,
      })
      const notices = await world.notificationsOf(owner.id)
      expect(notices.map((notification) => notification.kind)).toEqual(['cancelled', 'new'])
      expect(JSON.parse(notices[1]!.data)).toMatchObject({ kind: 'new', restored: true })
    })

    it('moves a booking whose dates changed, keeping its id', async () => {
      const { calendarId, route } = await world.linked('airbnb.ics')
      await world.sync(calendarId)
      const before = (await world.bookingsOf(calendarId)).find((b) => b.uid === AIRBNB_RESERVED)
      feeds.moveEvent(route, AIRBNB_RESERVED, '2030-03-11', '2030-03-17')
      await world.sync(calendarId)
      const after = (await world.bookingsOf(calendarId)).find((b) => b.uid === AIRBNB_RESERVED)
      expect(after).toMatchObject({ id: before?.id, start_date: '2030-03-11', end_date: '2030-03-17' })
    })

    it('leaves stays that are over alone when the platform stops listing them', async () => {
      const { calendarId, route } = await world.linked('airbnb.ics')
      feeds.addEvent(route, {
        uid: 'past@airbnb.com',
        start: '2026-01-01',
        end: '2026-01-04',
        summary: 'Reserved',
      })
      await world.sync(calendarId)
      feeds.dropEvent(route, 'past@airbnb.com')
      expect(await world.sync(calendarId)).toMatchObject({ cancelled: 0 })
      expect(
        (await world.bookingsOf(calendarId)).find((b) => b.uid === 'past@airbnb.com')?.cancelled_at,
      ).toBeNull()
    })

    it('finds bookings from two platforms sharing nights, and says so when a new one clashes', async () => {
      const { calendarId: airbnb, property, owner } = await world.linked('airbnb.ics')
      const vrboRoute = `/${randomUUID()}.ics`
      feeds.serveFixture(vrboRoute, 'vrbo.ics')
      const vrbo = await aCalendarRow(ctx.db, property.id, feeds.url(vrboRoute), 'Vrbo')
      const bookingRoute = `/${randomUUID()}.ics`
      feeds.serveFixture(bookingRoute, 'booking.ics')
      const booking = await aCalendarRow(ctx.db, property.id, feeds.url(bookingRoute), 'Booking.com')
      await ctx.app.syncCalendarsNow([airbnb, vrbo, booking])

      const airbnbStay = (await world.bookingsOf(airbnb)).find((b) => b.start_date === '2030-03-10')
      const vrboStay = (await world.bookingsOf(vrbo)).find((b) => b.start_date === '2030-03-12')
      // Booking.com's closures share no night with them.
      expect([...(await conflictsFor(ctx.db, [property.id]))].sort()).toEqual(
        [airbnbStay?.id, vrboStay?.id].sort(),
      )

      feeds.addEvent(vrboRoute, {
        uid: 'clash',
        start: '2030-04-03',
        end: '2030-04-08',
        summary: 'Reserved - Sam Lee',
      })
      await world.sync(vrbo)
      const clash = (await world.notificationsOf(owner.id))
        .map((notification) => JSON.parse(notification.data))
        .find((data) => data.kind === 'conflict' && data.stay?.start === '2030-04-03')
      expect(clash).toMatchObject({ kind: 'conflict', platformName: 'Vrbo', conflict: true })
      expect(clash.ical).toContain('X-MANZIL-CONFLICT:TRUE')
    })

    it.each([
      ['a truncated feed', 'truncated.ics', 'sync.errors.notCalendar'],
      ['a page that is not iCalendar', 'not-ical.html', 'sync.errors.notCalendar'],
      // Read as empty, it would cancel every stay the link held.
      ['a feed whose dates are all unreadable', 'unreadable-dates.ics', 'sync.errors.unreadableEvents'],
    ])('keeps the known bookings when %s arrives, and records why', async (_, fixture, error) => {
      const { calendarId, route } = await world.linked('airbnb.ics')
      await world.sync(calendarId)
      const before = await world.bookingsOf(calendarId)
      feeds.serveFixture(route, fixture)
      expect(await world.sync(calendarId)).toMatchObject({ result: 'failed', error })
      expect(await world.bookingsOf(calendarId)).toEqual(before)
      expect(await world.calendar(calendarId)).toMatchObject({ last_error: error, failure_count: 1 })
      // Healthy again: the error goes, the count restarts.
      feeds.serveFixture(route, 'airbnb.ics')
      await world.sync(calendarId)
      expect(await world.calendar(calendarId)).toMatchObject({ last_error: null, failure_count: 0 })
    })

    it('records an HTTP failure on the calendar and in the audit log', async () => {
      const { calendarId, property } = await world.linked('airbnb.ics')
      await ctx.db
        .updateTable('external_calendars')
        .set({ url: feeds.url('/status/500') })
        .where('id', '=', calendarId)
        .execute()
      expect(await world.sync(calendarId)).toMatchObject({
        result: 'failed',
        error: 'sync.errors.httpStatus',
      })
      const audit = await ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('kind', '=', 'sync.failed')
        .where('subject_id', '=', property.id)
        .execute()
      expect(audit).toHaveLength(1)
      expect(audit[0]?.message).toBe(
        "Syncing the Airbnb calendar failed: The calendar's server refused the request",
      )
      expect(JSON.parse(audit[0]!.data!)).toMatchObject({
        calendarId,
        error: 'sync.errors.httpStatus',
        detail: expect.stringContaining('HTTP 500'),
        failures: 1,
      })
    })

    it('backs a failing feed off exponentially, up to eight intervals', async () => {
      const { calendarId } = await world.linked('airbnb.ics')
      await ctx.db
        .updateTable('external_calendars')
        .set({ url: feeds.url('/status/503') })
        .where('id', '=', calendarId)
        .execute()
      const interval = ctx.config.syncIntervalMinutes * 60_000
      const factors: number[] = []
      for (let attempt = 1; attempt <= 5; attempt++) {
        const started = Date.now()
        await world.sync(calendarId)
        const delay = Date.parse((await world.calendar(calendarId)).next_sync_at) - started
        factors.push(delay / interval)
      }
      const expected = [1, 2, 4, 8, 8]
      factors.forEach((factor, index) => {
        // Jitter draws each delay from the last quarter of its span.
        expect(factor).toBeGreaterThanOrEqual(expected[index]! * 0.75 - 0.001)
        expect(factor).toBeLessThanOrEqual(expected[index]! + 0.001)
      })
      expect((await world.calendar(calendarId)).failure_count).toBe(5)
      expect(backoffDelayMs(50, 15, () => 0)).toBe(MAX_BACKOFF_FACTOR * 15 * 60_000)
    })

    it('fetches a feed that answers slowly after two intervals instead of one', async () => {
      const { calendarId } = await world.linked('airbnb.ics')
      await ctx.db
        .updateTable('external_calendars')
        .set({ url: feeds.url(`/slow?ms=${SLOW_ANSWER_MS + 300}`) })
        .where('id', '=', calendarId)
        .execute()
      const started = Date.now()
      expect(await world.sync(calendarId)).toMatchObject({ result: 'imported' })
      const delay = Date.parse((await world.calendar(calendarId)).next_sync_at) - started
      const interval = ctx.config.syncIntervalMinutes * 60_000
      expect(delay / interval).toBeGreaterThanOrEqual(2 * 0.75 - 0.001)
      expect(delay / interval).toBeLessThanOrEqual(2 + 0.001)
    })

    it('refuses a feed larger than 5 MiB', async () => {
      const { calendarId } = await world.linked('airbnb.ics')
      await ctx.db
        .updateTable('external_calendars')
        .set({ url: feeds.url('/huge') })
        .where('id', '=', calendarId)
        .execute()
      expect(await world.sync(calendarId)).toMatchObject({ result: 'failed', error: 'sync.errors.tooLarge' })
    })

    it('imports an empty calendar as no bookings', async () => {
      const { calendarId } = await world.linked('empty.ics')
      expect(await world.sync(calendarId)).toMatchObject({ result: 'imported', added: 0 })
      expect((await world.calendar(calendarId)).first_synced_at).not.toBeNull()
    })

    it("syncs the caller's calendars, and only those, on POST /api/notification/trigger", async () => {
      const mine = await world.linked('airbnb.ics')
      const secondRoute = `/${randomUUID()}.ics`
      feeds.serveFixture(secondRoute, 'not-ical.html')
      const broken = await aCalendarRow(ctx.db, mine.property.id, feeds.url(secondRoute), 'Vrbo')
      const theirs = await world.linked('booking.ics')
      const cookie = await signIn(ctx.app, mine.owner.email)
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/notification/trigger',
        headers: { cookie },
      })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ message: 'Synced 1 calendar', synced: 1, failed: 1 })
      expect((await world.bookingsOf(mine.calendarId)).length).toBe(3)
      expect((await world.calendar(broken)).last_error).toBe('sync.errors.notCalendar')
      expect((await world.calendar(theirs.calendarId)).last_synced_at).toBeNull()
      expect((await ctx.app.inject({ method: 'POST', url: '/api/notification/trigger' })).statusCode).toBe(
        401,
      )
    })

    it('keeps the price a stay was first seen at: a new price moves no month already earned', async () => {
      const { calendarId, route, owner, property } = await world.linked('airbnb.ics')
      const cookie = await signIn(ctx.app, owner.email)
      const revenueOf = async (start: string, end: string) =>
        (
          await ctx.app.inject({
            url: `/api/property/${property.id}/statistics/period?start=${start}&end=${end}`,
            headers: { cookie },
          })
        ).json().revenue
      await world.sync(calendarId)
      // 10 to 15 March 2030: 5 nights at the property's 500.
      expect(await revenueOf('2030-03-01', '2030-03-31')).toBe(2500)

      const repriced = await sendPropertyForm(
        ctx.app,
        'PATCH',
        `/api/property/${property.id}`,
        propertyForm(aPropertyFields({ costPerNight: '900' })),
        { cookie },
      )
      expect(repriced.statusCode).toBe(200)
      feeds.addEvent(route, {
        uid: 'june@airbnb.com',
        start: '2030-06-01',
        end: '2030-06-04',
        summary: 'Reserved',
      })
      await world.sync(calendarId)
      expect(await revenueOf('2030-03-01', '2030-03-31')).toBe(2500)
      expect(await revenueOf('2030-06-01', '2030-06-30')).toBe(2700)
    })

    it('leaves a calendar that is being synced elsewhere to its lease holder', async () => {
      const { calendarId } = await world.linked('airbnb.ics')
      const held = new Date(Date.now() + 60_000).toISOString()
      await ctx.db
        .updateTable('external_calendars')
        .set({ lease_until: held })
        .where('id', '=', calendarId)
        .execute()
      expect(await ctx.app.syncCalendarsNow([calendarId])).toEqual([])
      expect((await world.calendar(calendarId)).last_synced_at).toBeNull()
    })
  },
  { env: { SYNC_ALLOW_HOSTS: '127.0.0.1' } },
)

const HOUR_MS = 60 * 60_000
/** How far the suite's clock is ahead of the system's. */
let clockAhead = 0
const wait = (ms: number) => (clockAhead += ms)

describeEachDatabase(
  'a feed that keeps changing',
  (ctx) => {
    const world = syncWorld(ctx)
    const kindsOf = async (userId: string) =>
      (await world.notificationsOf(userId))
        .sort((a, b) => (a.created_at < b.created_at ? -1 : 1))
        .map((notification) => notification.kind)
    const unstableOnPage = async (owner: { email: string }, propertyId: string) => {
      const cookie = await signIn(ctx.app, owner.email)
      const response = await ctx.app.inject({ url: `/api/property/${propertyId}`, headers: { cookie } })
      return (response.json() as { externalCalendars: { unstable: boolean }[] }).externalCalendars[0]
        ?.unstable
    }
    const reserved = { uid: AIRBNB_RESERVED, start: '2030-03-10', end: '2030-03-15', summary: 'Reserved' }

    it('is marked unstable after a few flips, tells it once, and then announces none of its flips', async () => {
      const { calendarId, route, owner, property } = await world.linked('airbnb.ics')
      await world.sync(calendarId)
      for (let flip = 0; flip < 6; flip++) {
        wait(30 * 60_000)
        if (flip % 2 === 0) feeds.dropEvent(route, AIRBNB_RESERVED)
        else feeds.addEvent(route, reserved)
        await world.sync(calendarId)
      }
      const kinds = await kindsOf(owner.id)
      expect(kinds.length).toBeLessThanOrEqual(CHURN_SYNCS + 1)
      expect(kinds).toEqual(['cancelled', 'new', 'unstable'])
      const [unstable] = (await world.notificationsOf(owner.id)).filter((each) => each.kind === 'unstable')
      expect(JSON.parse(unstable!.data)).toMatchObject({ kind: 'unstable', platformName: 'Airbnb' })
      expect((await world.calendar(calendarId)).unstable_since).not.toBeNull()
      expect(await unstableOnPage(owner, property.id)).toBe(true)
    })

    it('still announces a double booking on an unstable link, and not its new sale', async () => {
      const { calendarId, route, owner, property } = await world.linked('airbnb.ics')
      await world.sync(calendarId)
      for (let flip = 0; flip < CHURN_SYNCS; flip++) {
        wait(30 * 60_000)
        if (flip % 2 === 0) feeds.dropEvent(route, AIRBNB_RESERVED)
        else feeds.addEvent(route, reserved)
        await world.sync(calendarId)
      }
      const vrboRoute = `/${randomUUID()}.ics`
      feeds.serve(
        vrboRoute,
        calendarOf([{ uid: 'v1', start: '2030-06-01', end: '2030-06-05', summary: 'Reserved - Sam Lee' }]),
      )
      await world.sync(await aCalendarRow(ctx.db, property.id, feeds.url(vrboRoute), 'Vrbo'))
      wait(30 * 60_000)
      feeds.addEvent(route, {
        uid: 'clash@airbnb.com',
        start: '2030-06-03',
        end: '2030-06-07',
        summary: 'Reserved',
      })
      await world.sync(calendarId)
      expect(await kindsOf(owner.id)).toEqual(['cancelled', 'new', 'unstable', 'conflict'])
    })

    it('is stable again after a quiet day, and announces its changes again', async () => {
      const { calendarId, route, owner, property } = await world.linked('airbnb.ics')
      await world.sync(calendarId)
      for (let flip = 0; flip < CHURN_SYNCS + 1; flip++) {
        wait(30 * 60_000)
        if (flip % 2 === 0) feeds.dropEvent(route, AIRBNB_RESERVED)
        else feeds.addEvent(route, reserved)
        await world.sync(calendarId)
      }
      wait(25 * HOUR_MS)
      expect(await world.sync(calendarId)).toMatchObject({ result: 'unchanged' })
      expect((await world.calendar(calendarId)).unstable_since).toBeNull()
      expect(await unstableOnPage(owner, property.id)).toBe(false)
      feeds.dropEvent(route, AIRBNB_RESERVED)
      await world.sync(calendarId)
      expect((await kindsOf(owner.id)).at(-1)).toBe('cancelled')
    })

    it('never marks a feed with occasional changes and a stream of new sales', async () => {
      const { calendarId, route, owner } = await world.linked('airbnb.ics')
      await world.sync(calendarId)
      for (let sale = 0; sale < 6; sale++) {
        wait(20 * 60_000)
        feeds.addEvent(route, {
          uid: `sale-${sale}@airbnb.com`,
          start: `2030-06-1${sale}`,
          end: `2030-06-1${sale + 1}`,
          summary: 'Reserved',
        })
        await world.sync(calendarId)
      }
      for (let change = 0; change < 3; change++) {
        wait(7 * HOUR_MS)
        feeds.moveEvent(route, `sale-${change}@airbnb.com`, `2030-07-1${change}`, `2030-07-1${change + 1}`)
        await world.sync(calendarId)
      }
      expect((await world.calendar(calendarId)).unstable_since).toBeNull()
      expect(await kindsOf(owner.id)).toEqual([...Array(6).fill('new'), 'changed', 'changed', 'changed'])
    })

    it('tells more news than an account keeps as one notice that the link is unstable', async () => {
      const { calendarId, route, owner } = await world.linked('airbnb.ics')
      const keep = ctx.config.notificationsPerUser
      const sales = Array.from({ length: keep + 1 }, (_, sale) => `many-${sale}@airbnb.com`)
      for (const [sale, uid] of sales.entries())
        feeds.addEvent(route, {
          uid,
          start: addDays('2031-01-01', sale * 2),
          end: addDays('2031-01-01', sale * 2 + 1),
          summary: 'Reserved',
        })
      await world.sync(calendarId)
      for (const uid of sales) feeds.dropEvent(route, uid)
      await world.sync(calendarId)
      // One more than kept would have been written, and the oldest of them pruned at once.
      expect(await kindsOf(owner.id)).toEqual(['unstable'])
    })

    it("keeps an owner's newest notifications only, pruned right after a sync adds to them", async () => {
      const { calendarId, route, owner } = await world.linked('airbnb.ics')
      await world.sync(calendarId)
      const keep = ctx.config.notificationsPerUser
      for (let old = 0; old < keep + 5; old++)
        await createNotification(ctx.db, {
          userId: owner.id,
          title: `old ${old}`,
          data: { ical: '', platformName: 'Airbnb', propertyName: 'Villa' },
          now: new Date(Date.now() - (keep + 5 - old) * 60_000).toISOString(),
        })
      feeds.dropEvent(route, AIRBNB_RESERVED)
      await world.sync(calendarId)
      const kept = await world.notificationsOf(owner.id)
      expect(kept).toHaveLength(keep)
      expect(kept.map((each) => each.kind)).toContain('cancelled')
      expect(kept.map((each) => each.title)).not.toContain('old 5')
      expect(kept.map((each) => each.title)).toContain('old 6')
    })
  },
  {
    env: { SYNC_ALLOW_HOSTS: '127.0.0.1', NOTIFICATIONS_PER_USER: '10' },
    clock: () => new Date(Date.now() + clockAhead),
  },
)
