import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { aUser, signIn } from './builders.ts'
import { aCalendarRow, aPropertyRow, aStay } from './bookingBuilders.ts'
import { describeEachDatabase } from './harness.ts'

describeEachDatabase('guest list', (ctx) => {
  let host = ''
  let otherHost = ''
  let admin = ''

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 2, 10, 12) }) // 10 March 2026
    const owner = await aUser(ctx.db)
    host = await signIn(ctx.app, owner.email)
    const other = await aUser(ctx.db)
    otherHost = await signIn(ctx.app, other.email)
    admin = await signIn(ctx.app, (await aUser(ctx.db, { isAdmin: true })).email)

    const villa = await aCalendarRow(
      ctx.db,
      await aPropertyRow(ctx.db, owner.id, { costPerNight: 500 }),
      'Airbnb',
    )
    const room = await aCalendarRow(
      ctx.db,
      await aPropertyRow(ctx.db, owner.id, { costPerNight: 120 }),
      'Gathern',
    )
    await aStay(ctx.db, villa, '2026-02-01', '2026-02-03', { guestName: 'Sara Ali' }) // 2 × 500
    await aStay(ctx.db, room, '2026-03-20', '2026-03-25', { guestName: 'sara ali' }) // 5 × 120
    await aStay(ctx.db, room, '2026-03-08', '2026-03-09', { guestName: 'Omar' }) // 1 × 120
    await aStay(ctx.db, villa, '2026-03-12', '2026-03-14', { guestName: 'Ghost', cancelled: true })
    await aStay(ctx.db, villa, '2026-04-01', '2026-04-05', { kind: 'block' })
    await aStay(ctx.db, villa, '2026-04-10', '2026-04-11') // "Reserved - Guest": the builder's default name
    await aStay(ctx.db, room, '2026-04-12', '2026-04-13', { guestName: 'Blocked' })

    const theirs = await aCalendarRow(ctx.db, await aPropertyRow(ctx.db, other.id, { costPerNight: 80 }))
    await aStay(ctx.db, theirs, '2026-03-01', '2026-03-04', { guestName: 'Lina' }) // 3 × 80
  })

  afterAll(() => {
    vi.useRealTimers()
  })

  const list = async (cookie: string) => {
    const response = await ctx.app.inject({ url: '/api/guest/list', headers: { cookie } })
    expect(response.statusCode).toBe(200)
    return response.json<{ name: string }[]>()
  }

  it("lists the guests of the host's own bookings", async () => {
    expect(await list(host)).toEqual([
      {
        name: 'Guest',
        email: null,
        phone: null,
        totalBookings: 1,
        lastStay: null,
        nextStay: '2026-04-10',
        totalSpent: 500,
      },
      {
        name: 'Omar',
        email: null,
        phone: null,
        totalBookings: 1,
        lastStay: '2026-03-08',
        nextStay: null,
        totalSpent: 120,
      },
      {
        name: 'sara ali',
        email: null,
        phone: null,
        totalBookings: 2,
        lastStay: '2026-02-01',
        nextStay: '2026-03-20',
        totalSpent: 1600,
      },
    ])
  })

  it("shows another host only their own guests, and an admin everyone's", async () => {
    expect((await list(otherHost)).map((guest) => guest.name)).toEqual(['Lina'])
    expect((await list(admin)).map((guest) => guest.name)).toEqual(['Guest', 'Lina', 'Omar', 'sara ali'])
  })

  it('answers 401 without a session', async () => {
    expect((await ctx.app.inject({ url: '/api/guest/list' })).statusCode).toBe(401)
  })
})
