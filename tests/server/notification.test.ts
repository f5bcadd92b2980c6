import { expect, it } from 'vitest'
import { createNotification } from '../../server/notification/service.ts'
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
