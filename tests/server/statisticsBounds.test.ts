import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { beforeAll, expect, it } from 'vitest'
import { aUser, signIn } from './builders.ts'
import { aCalendarRow, aPropertyRow } from './bookingBuilders.ts'
import { describeEachDatabase } from './harness.ts'

const STAYS = 14_000
/** The even nights of 2024, a leap year: 183 nights with a free night between each two. */
const NIGHTS = 183
const FIRST_PRICE = 100

/** 2024's night `index` (0 is 1 January) as `YYYY-MM-DD`. */
const nightOf = (index: number) => new Date(Date.UTC(2024, 0, 1 + index)).toISOString().slice(0, 10)

describeEachDatabase('statistics over a bounded period', (ctx) => {
  let host = ''
  let admin = ''
  let property = ''

  beforeAll(async () => {
    const owner = await aUser(ctx.db)
    host = await signIn(ctx.app, owner.email)
    admin = await signIn(ctx.app, (await aUser(ctx.db, { isAdmin: true })).email)
    property = await aPropertyRow(ctx.db, owner.id, { costPerNight: FIRST_PRICE })
    const calendar = await aCalendarRow(ctx.db, property)
    // 14,000 one-night stays over 2024's even nights, seen one after another: every night is sold
    // about 76 times, and only its first sale (priced 100; later ones 999) earns.
    const rows = Array.from({ length: STAYS }, (_, index) => {
      const id = randomUUID()
      const night = (index % NIGHTS) * 2
      const seen = new Date(Date.UTC(2024, 0, 1) + index * 1000).toISOString()
      return {
        id,
        calendar_id: calendar.id,
        property_id: property,
        uid: id,
        summary: 'Reserved - Guest',
        description: null,
        location: null,
        start_date: nightOf(night),
        end_date: nightOf(night + 1),
        status: 'Reserved',
        guest_name: 'Guest',
        kind: 'booking' as const,
        platform: 'Airbnb',
        cancelled_at: null,
        nightly_price: index < NIGHTS ? FIRST_PRICE : 999,
        first_seen_at: seen,
        updated_at: seen,
      }
    })
    for (let at = 0; at < rows.length; at += 500)
      await ctx.db
        .insertInto('bookings')
        .values(rows.slice(at, at + 500))
        .execute()
  })

  const routes = () => [
    { url: `/api/property/${property}/statistics/period`, cookie: host },
    { url: `/api/admin/property/${property}/statistics/period`, cookie: admin },
  ]

  it('refuses a period over 366 days at the end date, on the owner’s and the admin’s route', async () => {
    const message = 'Choose a period of 366 days at most.'
    for (const { url, cookie } of routes())
      for (const query of ['start=2020-01-01&end=2110-12-31', 'start=2024-01-01&end=2025-01-01']) {
        const response = await ctx.app.inject({ url: `${url}?${query}`, headers: { cookie } })
        expect(response.statusCode, `${url}?${query}`).toBe(400)
        expect(response.json()).toEqual({ message, fields: { end: message } })
      }
    const arabic = await ctx.app.inject({
      url: `/api/property/${property}/statistics/period?start=2020-01-01&end=2110-12-31`,
      headers: { cookie: host, 'accept-language': 'ar' },
    })
    expect(arabic.json<{ message: string }>().message).toBe('اختر فترة لا تزيد على ٣٦٦ يومًا.')
  })

  it('measures 366 days of 14,000 stays in well under a second, each night counted once', async () => {
    for (const { url, cookie } of routes()) {
      const started = performance.now()
      const response = await ctx.app.inject({
        url: `${url}?start=2024-01-01&end=2024-12-31`,
        headers: { cookie },
      })
      const elapsed = performance.now() - started
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        revenue: NIGHTS * FIRST_PRICE,
        occupancyRate: 50,
        bookedNights: NIGHTS,
        bookings: STAYS,
        averageNightlyRate: FIRST_PRICE,
      })
      expect(elapsed, url).toBeLessThan(1000)
    }
  })
})
