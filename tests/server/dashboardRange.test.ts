import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { aUser, signIn } from './builders.ts'
import { aCalendarRow, aPropertyRow, aStay } from './bookingBuilders.ts'
import { describeEachDatabase } from './harness.ts'

/** A local noon, so the server's "today" is this date in any TZ the tests run in. */
const localNoon = (year: number, month: number, day: number) => new Date(year, month - 1, day, 12)

describeEachDatabase('the dashboard statistics for a picked period', (ctx) => {
  let host = ''

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: localNoon(2024, 3, 13) })
    const owner = await aUser(ctx.db)
    host = await signIn(ctx.app, owner.email)

    const flat = await aPropertyRow(ctx.db, owner.id, { costPerNight: 200, createdAt: localNoon(2024, 1, 5) })
    const studio = await aPropertyRow(ctx.db, owner.id, {
      costPerNight: 150,
      createdAt: localNoon(2024, 3, 1),
    })
    const flatAirbnb = await aCalendarRow(ctx.db, flat, 'Airbnb')
    const flatBooking = await aCalendarRow(ctx.db, flat, 'Booking.com')
    const studioVrbo = await aCalendarRow(ctx.db, studio, 'Vrbo')

    await aStay(ctx.db, flatAirbnb, '2024-01-30', '2024-02-02') // Jan 30, 31; Feb 1
    await aStay(ctx.db, studioVrbo, '2024-02-20', '2024-02-23') // Feb 20, 21, 22
    await aStay(ctx.db, flatAirbnb, '2024-02-28', '2024-03-03') // Feb 28, 29; Mar 1, 2
    await aStay(ctx.db, flatBooking, '2024-03-02', '2024-03-05', { kind: 'block' }) // Mar 2 again, 3, 4
    await aStay(ctx.db, studioVrbo, '2024-03-09', '2024-03-12') // Mar 9, 10, 11
    await aStay(ctx.db, flatAirbnb, '2024-03-11', '2024-03-13') // Mar 11, 12
    await aStay(ctx.db, studioVrbo, '2024-03-05', '2024-03-08', { cancelled: true })

    // Another host's nights do not count.
    const other = await aUser(ctx.db)
    const theirs = await aCalendarRow(ctx.db, await aPropertyRow(ctx.db, other.id, { costPerNight: 999 }))
    await aStay(ctx.db, theirs, '2024-02-01', '2024-03-20')
  })

  afterAll(() => {
    vi.useRealTimers()
  })

  const get = (query: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url: `/api/dashboard/statistics?${query}`, headers: { cookie: host, ...headers } })

  it('compares ten days with the ten days just before them', async () => {
    const response = await get('start=2024-03-01&end=2024-03-10')
    expect(response.statusCode).toBe(200)
    // 1–10 March: flat booked 1, 2 (2 × 200) and blocked 3, 4; studio booked 9, 10 (2 × 150).
    //   Revenue 700; occupied 6 of 2 × 10 nights = 30 %; 2 bookings.
    // 20–29 February: flat 28, 29 (2 × 200); studio 20, 21, 22 (3 × 150).
    //   Revenue 850; occupied 5 of 20 = 25 %; 2 bookings.
    // 700 / 850 − 1 = −17.65 %; 30 / 25 − 1 = +20 %. The studio was added on 1 March.
    expect(response.json()).toEqual({
      monthlyRevenue: { current: 700, percentDiffLastMonth: -17.65 },
      propertyCount: { total: 2, thisMonthIncrease: 1 },
      platformConnections: 3,
      syncingConnections: 3,
      occupancyRate: { current: 30, percentDiffLastMonth: 20 },
      activeBookings: { prevWeek: 2, currWeek: 2 },
    })
  })

  it('compares a whole month with the whole month before it', async () => {
    const response = await get('start=2024-02-01&end=2024-02-29')
    // February: flat 1, 28, 29 (3 × 200), studio 20, 21, 22 (3 × 150) = 1050; 6 of 2 × 29 nights;
    //   3 bookings. January: flat 30, 31 (2 × 200) = 400; 2 of 2 × 31 nights; 1 booking.
    // 1050 / 400 − 1 = +162.5 %; (6 / 58) / (2 / 62) − 1 = +220.69 %.
    expect(response.json()).toEqual({
      monthlyRevenue: { current: 1050, percentDiffLastMonth: 162.5 },
      propertyCount: { total: 2, thisMonthIncrease: 0 },
      platformConnections: 3,
      syncingConnections: 3,
      occupancyRate: { current: 10.34, percentDiffLastMonth: 220.69 },
      activeBookings: { prevWeek: 1, currWeek: 3 },
    })
  })

  it('answers this month like the call without a period, but compares its bookings with last month', async () => {
    const [bare, march] = await Promise.all([
      ctx.app.inject({ url: '/api/dashboard/statistics', headers: { cookie: host } }),
      get('start=2024-03-01&end=2024-03-31'),
    ])
    const { activeBookings: thisWeek, ...rest } = bare.json<Record<string, unknown>>()
    expect(march.json()).toEqual({ ...rest, activeBookings: { prevWeek: 3, currWeek: 3 } })
    expect(thisWeek).toEqual({ prevWeek: 1, currWeek: 2 })
  })

  it('takes a period of 366 days and refuses one of 367 at the end date', async () => {
    expect((await get('start=2023-03-01&end=2024-02-29')).statusCode).toBe(200)
    const tooLong = await get('start=2023-03-01&end=2024-03-01')
    expect(tooLong.statusCode).toBe(400)
    const message = 'Choose a period of 366 days at most.'
    expect(tooLong.json()).toEqual({ message, fields: { end: message } })
    const arabic = await get('start=2023-03-01&end=2024-03-01', { 'accept-language': 'ar' })
    expect(arabic.json<{ message: string }>().message).toBe('اختر فترة لا تزيد على ٣٦٦ يومًا.')
  })

  it('refuses a start after the end, and a date that is not one', async () => {
    const reversed = await get('start=2024-03-10&end=2024-03-01')
    expect(reversed.statusCode).toBe(400)
    expect(reversed.json()).toMatchObject({
      fields: { end: 'The end date must not be before the start date.' },
    })
    const invalid = await get('start=2024-02-30&end=2024-03-01')
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json()).toMatchObject({ fields: { start: 'Write the start date as YYYY-MM-DD.' } })
  })
})
