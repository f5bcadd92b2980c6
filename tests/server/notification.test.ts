import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { expect, it } from 'vitest'
import { DELETE_BATCH } from '../../server/db/batchedDelete.ts'
import { createNotification } from '../../server/notification/store.ts'
import { aUser, signIn } from './builders.ts'
import { describeEachDatabase } from './harness.ts'

const data = {
  ical: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
  platformName: 'Airbnb',
  propertyName: 'Villa Rawdah',
}

describeEachDatabase('notifications', (ctx) => {
  it("lists the caller's notifications, newest first", async () => {
    const owner = await aUser(ctx.db)
    const other = await aUser(ctx.db)
    const older = await createNotification(ctx.db, {
      userId: owner.id,
      title: 'First',
      data,
      now: '2030-01-01T10:00:00.000Z',
    })
    const newer = await createNotification(ctx.db, {
      userId: owner.id,
      title: 'Second',
      data: { ...data, conflict: true },
      now: '2030-01-02T10:00:00.000Z',
    })
    await createNotification(ctx.db, {
      userId: other.id,
      title: 'Not yours',
      data,
      now: '2030-01-03T10:00:00.000Z',
    })
    const cookie = await signIn(ctx.app, owner.email)
    const response = await ctx.app.inject({ url: '/api/notification/list', headers: { cookie } })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([
      {
        id: newer,
        title: 'Second',
        data: { ...data, conflict: true },
        readAt: null,
        createdAt: '2030-01-02T10:00:00.000Z',
      },
      { id: older, title: 'First', data, readAt: null, createdAt: '2030-01-01T10:00:00.000Z' },
    ])
  })

  it("marks a notification read once, and only the owner's", async () => {
    const owner = await aUser(ctx.db)
    const other = await aUser(ctx.db)
    const id = await createNotification(ctx.db, {
      userId: owner.id,
      title: null,
      data,
      now: new Date().toISOString(),
    })
    const read = (cookie: string, notificationId = id) =>
      ctx.app.inject({ method: 'POST', url: `/api/notification/${notificationId}/read`, headers: { cookie } })
    expect((await read(await signIn(ctx.app, other.email))).statusCode).toBe(404)
    const cookie = await signIn(ctx.app, owner.email)
    const first = await read(cookie)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ id, title: null, readAt: expect.any(String) })
    expect((await read(cookie)).json().readAt).toBe(first.json().readAt)
    expect((await read(cookie, 'no-such-id')).statusCode).toBe(404)
  })

  it('refuses the notification routes without a session', async () => {
    expect((await ctx.app.inject({ url: '/api/notification/list' })).statusCode).toBe(401)
    expect((await ctx.app.inject({ url: '/api/notification/sse' })).statusCode).toBe(401)
  })
})

const RETENTION_NOW = new Date('2031-01-01T00:00:00.000Z')
const DAY_MS = 24 * 60 * 60_000

describeEachDatabase(
  'notification retention',
  (ctx) => {
    it('deletes the notifications older than the retention, a batch at a time, and keeps the rest', async () => {
      const owner = await aUser(ctx.db)
      const aged = (days: number, index: number) => ({
        id: randomUUID(),
        user_id: owner.id,
        title: `${days} days`,
        data: JSON.stringify(data),
        read_at: null,
        created_at: new Date(RETENTION_NOW.getTime() - days * DAY_MS - index).toISOString(),
        kind: null,
        mailed_at: null,
      })
      const old = Array.from({ length: 2 * DELETE_BATCH.rows + 50 }, (_, index) => aged(31, index))
      for (let from = 0; from < old.length; from += 200)
        await ctx.db
          .insertInto('notifications')
          .values(old.slice(from, from + 200))
          .execute()
      await ctx.db
        .insertInto('notifications')
        .values([aged(29, 0), aged(1, 0)])
        .execute()
      ctx.app.retention.start()
      const left = () =>
        ctx.db.selectFrom('notifications').select('title').where('user_id', '=', owner.id).execute()
      for (let tries = 0; tries < 200 && (await left()).length > 2; tries++) await sleep(50)
      expect((await left()).map((row) => row.title).sort()).toEqual(['1 days', '29 days'])
    })
  },
  { env: { NOTIFICATION_RETENTION_DAYS: '30' }, clock: () => RETENTION_NOW },
)
