import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { aUser, signIn } from './builders.ts'
import { aCalendarRow, aPropertyRow, aStay } from './bookingBuilders.ts'
import { describeEachDatabase } from './harness.ts'

/** A local noon, so the server's "today" is this date in any TZ the tests run in. */
const localNoon = (year: number, month: number, day: number) => new Date(year, month - 1, day, 12)

describeEachDatabase('statistics', (ctx) => {
  let host = ''
  let stranger = ''
  let flat = ''

  beforeAll(async () => {
    // Wednesday 13 March 2024, a leap year: this week is 10–16 March, last week 3–9 March.
    vi.useFakeTimers({ toFake: ['Date'], now: localNoon(2024, 3, 13) })
    const owner = await aUser(ctx.db)
    host = await signIn(ctx.app, owner.email)
    stranger = await signIn(ctx.app, (await aUser(ctx.db)).email)

    flat = await aPropertyRow(ctx.db, owner.id, { costPerNight: 200, createdAt: localNoon(2024, 1, 5) })
    const studio = await aPropertyRow(ctx.db, owner.id, {
      costPerNight: 150,
      createdAt: localNoon(2024, 3, 1),
    })
    const flatAirbnb = await aCalendarRow(ctx.db, flat, 'Airbnb')
    const flatBooking = await aCalendarRow(ctx.db, flat, 'Booking.com')
    const studioVrbo = await aCalendarRow(ctx.db, studio, 'Vrbo')

    await aStay(ctx.db, flatAirbnb, '2024-02-28', '2024-03-03') // Feb 28, 29; Mar 1, 2
    await aStay(ctx.db, flatBooking, '2024-03-02', '2024-03-05', { kind: 'block' }) // Mar 2 again, 3, 4
    await aStay(ctx.db, flatAirbnb, '2024-03-11', '2024-03-13') // Mar 11, 12
    await aStay(ctx.db, flatAirbnb, '2023-12-20', '2023-12-24') // December only
    await aStay(ctx.db, studioVrbo, '2024-03-09', '2024-03-12') // Mar 9, 10, 11
    await aStay(ctx.db, studioVrbo, '2024-03-20', '2024-03-25', { cancelled: true })
    await aStay(ctx.db, studioVrbo, '2024-04-01', '2024-04-03') // next month

    // Another host's March does not count.
    const other = await aUser(ctx.db)
    const theirs = await aCalendarRow(ctx.db, await aPropertyRow(ctx.db, other.id, { costPerNight: 999 }))
    await aStay(ctx.db, theirs, '2024-03-01', '2024-03-20')
  })

  afterAll(() => {
    vi.useRealTimers()
  })

  const get = (url: string, cookie = host) => ctx.app.inject({ url, headers: { cookie } })

  it('answers the dashboard figures of the hand computation', async () => {
    const response = await get('/api/dashboard/statistics')
    expect(response.statusCode).toBe(200)
    // Revenue: March = flat 4 nights × 200 + studio 3 × 150 = 1250; February = flat 2 × 200 = 400.
    // Occupancy: March = flat 1, 2, 3, 4, 11, 12 + studio 9, 10, 11 = 9 of 2 × 31 nights;
    // February = 2 of 2 × 29. (9/62) / (2/58) − 1 = +320.97 %.
    expect(response.json()).toEqual({
      monthlyRevenue: { current: 1250, percentDiffLastMonth: 212.5 },
      propertyCount: { total: 2, thisMonthIncrease: 1 },
      platformConnections: 3,
      syncingConnections: 3,
      occupancyRate: { current: 14.52, percentDiffLastMonth: 320.97 },
      // This week: flat 11–12 and studio 10–11; last week: the studio's 9th.
      activeBookings: { prevWeek: 1, currWeek: 2 },
    })
  })

  it('answers zeros, not NaN, for a host without properties', async () => {
    const response = await get('/api/dashboard/statistics', stranger)
    expect(response.json()).toEqual({
      monthlyRevenue: { current: 0, percentDiffLastMonth: 0 },
      propertyCount: { total: 0, thisMonthIncrease: 0 },
      platformConnections: 0,
      syncingConnections: 0,
      occupancyRate: { current: 0, percentDiffLastMonth: 0 },
      activeBookings: { prevWeek: 0, currWeek: 0 },
    })
  })

  it('answers the last 12 months for the chart, oldest first', async () => {
    const response = await get('/api/dashboard/statistics/monthly')
    expect(response.statusCode).toBe(200)
    const months = response.json<{ month: string; revenue: number; occupancyRate: number }[]>()
    expect(months.map((entry) => entry.month)).toEqual([
      '2023-04',
      '2023-05',
      '2023-06',
      '2023-07',
      '2023-08',
      '2023-09',
      '2023-10',
      '2023-11',
      '2023-12',
      '2024-01',
      '2024-02',
      '2024-03',
    ])
    expect(months.filter((entry) => entry.revenue > 0 || entry.occupancyRate > 0)).toEqual([
      { month: '2023-12', revenue: 800, occupancyRate: 6.45 }, // 4 of 62
      { month: '2024-02', revenue: 400, occupancyRate: 3.45 }, // 2 of 58
      { month: '2024-03', revenue: 1250, occupancyRate: 14.52 }, // 9 of 62
    ])
  })

  it("answers one property's figures for this month", async () => {
    const response = await get(`/api/property/${flat}/statistics`)
    expect(response.statusCode).toBe(200)
    // Nights 1, 2, 11, 12 booked; 3, 4 blocked: 6 of 31 occupied.
    expect(response.json()).toEqual({
      revenue: 800,
      occupancyRate: 19.35,
      bookedNights: 4,
      bookings: 2,
      averageNightlyRate: 200,
    })
  })

  it('cuts stays at the edges of a chosen period, both ends included', async () => {
    const response = await get(`/api/property/${flat}/statistics/period?start=2024-02-29&end=2024-03-02`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      revenue: 600, // 29 February, 1 and 2 March
      occupancyRate: 100,
      bookedNights: 3,
      bookings: 1,
      averageNightlyRate: 200,
    })
  })

  it('defaults the period to this month, or to the month of the one date given', async () => {
    const thisMonth = await get(`/api/property/${flat}/statistics/period`)
    expect(thisMonth.json()).toMatchObject({ revenue: 800, bookedNights: 4 })
    // 10–29 February: 20 nights, of which the 28th and 29th are booked.
    const fromTenth = await get(`/api/property/${flat}/statistics/period?start=2024-02-10`)
    expect(fromTenth.json()).toEqual({
      revenue: 400,
      occupancyRate: 10,
      bookedNights: 2,
      bookings: 1,
      averageNightlyRate: 200,
    })
    const untilFifth = await get(`/api/property/${flat}/statistics/period?end=2024-02-05`)
    expect(untilFifth.json()).toMatchObject({ revenue: 0, bookedNights: 0, averageNightlyRate: 0 })
  })

  it('refuses a bad or reversed period with a sentence at the field', async () => {
    const cases: [string, string, string][] = [
      ['start=2024-02-30', 'start', 'Write the start date as YYYY-MM-DD.'],
      ['start=2024-03-01&end=March', 'end', 'Write the end date as YYYY-MM-DD.'],
      ['start=2024-03-10&end=2024-03-01', 'end', 'The end date must not be before the start date.'],
    ]
    for (const [query, field, message] of cases) {
      const response = await get(`/api/property/${flat}/statistics/period?${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.json()).toEqual({ message, fields: { [field]: message } })
    }
    const arabic = await ctx.app.inject({
      url: `/api/property/${flat}/statistics/period?start=2024-03-10&end=2024-03-01`,
      headers: { cookie: host, 'accept-language': 'ar' },
    })
    expect(arabic.json<{ message: string }>().message).toContain('تاريخ النهاية')
  })

  for (const route of [
    '/statistics',
    '/statistics/period',
    '/statistics/period?start=2024-03-01&end=2024-03-31',
  ]) {
    it(`answers GET /property/:id${route} with 404 for another host`, async () => {
      const response = await get(`/api/property/${flat}${route}`, stranger)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: 'Not found' })
    })
  }

  for (const url of [
    '/api/dashboard/statistics',
    '/api/dashboard/statistics/monthly',
    '/api/property/any/statistics',
    '/api/property/any/statistics/period',
  ]) {
    it(`answers GET ${url} with 401 without a session`, async () => {
      expect((await ctx.app.inject({ url })).statusCode).toBe(401)
    })
  }

  it('answers an unknown property with 404', async () => {
    expect((await get('/api/property/no-such-property/statistics')).statusCode).toBe(404)
  })
})
