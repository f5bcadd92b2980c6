import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createNotification } from '../../server/notification/store.ts'
import { startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { aCalendarRow, aPropertyRow, aUser, signIn } from './builders.ts'
import { openEventStream, originOf, type EventStream } from './eventStream.ts'
import { describeEachDatabase, startSecondProcess } from './harness.ts'

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())

const data = {
  ical: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
  platformName: 'Airbnb',
  propertyName: 'Villa Rawdah',
}

describeEachDatabase(
  'notification stream',
  (ctx) => {
    const streams: EventStream[] = []
    const open = async (cookie?: string, app = ctx.app) => {
      const stream = await openEventStream(`${originOf(app)}/api/notification/sse`, cookie)
      streams.push(stream)
      return stream
    }
    /** A signed-in user with an open stream, past its opening comment. */
    const listening = async (app = ctx.app) => {
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      const stream = await open(cookie, app)
      expect(await stream.next()).toEqual({ comment: 'connected' })
      return { user, cookie, stream }
    }
    const notify = async (userId: string, app = ctx.app) => {
      const id = await createNotification(ctx.db, {
        userId,
        title: 'New booking',
        data,
        now: new Date().toISOString(),
      })
      await app.notifications.announce(userId, [id])
      return id
    }

    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    })
    afterAll(() => streams.forEach((stream) => stream.close()))

    it('opens a text/event-stream for a signed-in user only', async () => {
      const { stream } = await listening()
      expect(stream.response.status).toBe(200)
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
      expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform')
      expect((await open()).response.status).toBe(401)
    })

    it("delivers a new booking's notification as an event the moment the feed has it", async () => {
      const { user, stream } = await listening()
      const route = `/${randomUUID()}.ics`
      feeds.serveFixture(route, 'airbnb.ics')
      const property = await aPropertyRow(ctx.db, user.id, { name: 'Villa Rawdah' })
      const calendarId = await aCalendarRow(ctx.db, property.id, feeds.url(route))
      await ctx.app.syncCalendarsNow([calendarId])
      feeds.addEvent(route, {
        uid: 'live@airbnb.com',
        start: '2030-08-01',
        end: '2030-08-04',
        summary: 'Reserved',
      })
      await ctx.app.syncCalendarsNow([calendarId])

      const frame = await stream.next()
      expect(frame?.event).toBe('notification')
      const event = JSON.parse(frame!.data!)
      const [stored] = await ctx.db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute()
      expect(event).toEqual({
        id: stored?.id,
        title: null,
        kind: 'new',
        ical: expect.stringContaining('DTSTART;VALUE=DATE:20300801'),
        platformName: 'Airbnb',
        propertyName: 'Villa Rawdah',
        propertyId: property.id,
        conflict: false,
        stay: {
          id: (
            await ctx.db
              .selectFrom('bookings')
              .select('id')
              .where('uid', '=', 'live@airbnb.com')
              .executeTakeFirst()
          )?.id,
          guestName: 'Blocked',
          start: '2030-08-01',
          end: '2030-08-04',
          platform: 'Airbnb',
          kind: 'booking',
          status: 'Reserved',
        },
        createdAt: stored?.created_at,
      })
    })

    it('sends heartbeats as comments', async () => {
      const { stream } = await listening()
      await ctx.app.notifications.hub.beat()
      expect(await stream.next()).toEqual({ comment: 'heartbeat' })
    })

    it("never sends one user's notifications to another's stream", async () => {
      const alice = await listening()
      const bob = await listening()
      await notify(alice.user.id)
      expect((await alice.stream.next())?.event).toBe('notification')
      await ctx.app.notifications.hub.beat()
      // Bob's next frame is the heartbeat: nothing of Alice's came before it.
      expect(await bob.stream.next()).toEqual({ comment: 'heartbeat' })
    })

    it('ends the stream when its session signs out', async () => {
      const { cookie, stream, user } = await listening()
      const other = await open(cookie)
      await other.next()
      const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })
      expect(logout.statusCode).toBe(200)
      expect(await stream.next()).toBeNull()
      expect(await other.next()).toBeNull()
      expect(ctx.app.notifications.hub.streamsOf(user.id)).toBe(0)
    })

    it('ends the stream at the next heartbeat when the session ended elsewhere', async () => {
      const { user, stream } = await listening()
      await ctx.db.deleteFrom('sessions').where('user_id', '=', user.id).execute()
      await ctx.app.notifications.hub.beat()
      expect(await stream.next()).toEqual({ comment: 'heartbeat' })
      expect(await stream.next()).toBeNull()
    })

    it('closes open streams so that the server can close', async () => {
      const app = await startSecondProcess(ctx)
      const { stream } = await listening(app)
      const closing = Date.now()
      await app.close()
      expect(Date.now() - closing).toBeLessThan(2000)
      expect(await stream.next()).toBeNull()
    })

    it.skipIf(ctx.engine !== 'postgres')(
      'carries an event raised in one server process to a stream held by another',
      async () => {
        const other = await startSecondProcess(ctx)
        try {
          const { user, stream } = await listening(other)
          const id = await notify(user.id, ctx.app)
          const frame = await stream.next()
          expect(frame?.event).toBe('notification')
          expect(JSON.parse(frame!.data!)).toMatchObject({ id, ...data, title: 'New booking' })
        } finally {
          await other.close()
        }
      },
    )

    it.skipIf(ctx.engine !== 'postgres')(
      "carries a booking one process's sync found to the owner's stream on another",
      async () => {
        const other = await startSecondProcess(ctx)
        try {
          const { user, stream } = await listening(other)
          const route = `/${randomUUID()}.ics`
          feeds.serveFixture(route, 'vrbo.ics')
          const property = await aPropertyRow(ctx.db, user.id, { name: 'Corniche Loft' })
          const calendarId = await aCalendarRow(ctx.db, property.id, feeds.url(route), 'Vrbo')
          await ctx.app.syncCalendarsNow([calendarId])
          feeds.addEvent(route, {
            uid: 'far@vrbo.com',
            start: '2030-09-01',
            end: '2030-09-05',
            summary: 'Reserved',
          })
          expect(await ctx.app.syncCalendarsNow([calendarId])).toMatchObject([
            { result: 'imported', added: 1 },
          ])
          const frame = await stream.next()
          expect(frame?.event).toBe('notification')
          expect(JSON.parse(frame!.data!)).toMatchObject({
            platformName: 'Vrbo',
            propertyName: 'Corniche Loft',
            ical: expect.stringContaining('DTSTART;VALUE=DATE:20300901'),
          })
        } finally {
          await other.close()
        }
      },
    )
  },
  { env: { SYNC_ALLOW_HOSTS: '127.0.0.1' } },
)
