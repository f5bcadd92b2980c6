import { expect, it } from 'vitest'
import type { Turnover } from '../../contract/turnover.ts'
import { aCalendarRow, aStay } from './bookingBuilders.ts'
import { aPropertyRow, aUser, signIn } from './builders.ts'
import { describeEachDatabase, type TestContext } from './harness.ts'

async function aHost(ctx: TestContext) {
  const owner = await aUser(ctx.db)
  const cookie = await signIn(ctx.app, owner.email)
  const list = async (query: string) => {
    const answer = await ctx.app.inject({ url: `/api/turnover/list?${query}`, headers: { cookie } })
    return answer
  }
  const cleanings = async (query: string) => {
    const answer = await list(query)
    expect(answer.statusCode).toBe(200)
    return answer.json<Turnover[]>()
  }
  return { owner, cookie, list, cleanings }
}

const brief = (turnovers: Turnover[]) =>
  turnovers.map((cleaning) =>
    [
      cleaning.propertyName,
      cleaning.date,
      cleaning.checkOutTime,
      cleaning.nights,
      cleaning.nextCheckIn ? `${cleaning.nextCheckIn.date} ${cleaning.nextCheckIn.time}` : 'none',
      cleaning.sameDay ? 'same day' : `${cleaning.gapNights ?? '-'} free`,
    ].join(' · '),
  )

describeEachDatabase('the cleanings of a host’s properties', (ctx) => {
  it('has one at each booking’s check-out with the next check-in, by date then property, never for a block, an echo, a rule or a cancelled stay', async () => {
    const host = await aHost(ctx)
    const palm = await aPropertyRow(ctx.db, host.owner.id, { name: 'Palm Loft' })
    await ctx.db
      .updateTable('properties')
      .set({ check_in_time: '16:00', check_out_time: '10:00' })
      .where('id', '=', palm.id)
      .execute()
    const dune = await aPropertyRow(ctx.db, host.owner.id, { name: 'Dune House' })
    const palmAirbnb = await aCalendarRow(ctx.db, palm.id, 'Airbnb')
    const palmBooking = await aCalendarRow(ctx.db, palm.id, 'Booking.com')
    const duneVrbo = await aCalendarRow(ctx.db, dune.id, 'Vrbo')
    // Palm: a sale to the 5th, a Booking.com sale written as a closure from the 5th (same day),
    // then one from the 9th after the window.
    const first = await aStay(ctx.db, palmAirbnb, '2030-05-01', '2030-05-05')
    await aStay(ctx.db, palmBooking, '2030-05-05', '2030-05-08', {
      kind: 'booking',
      status: 'Not available',
      guestName: '',
    })
    await aStay(ctx.db, palmAirbnb, '2030-06-20', '2030-06-22')
    // Neither a block, a cancelled sale, an echo nor a rule makes a cleaning or a next check-in.
    await aStay(ctx.db, palmAirbnb, '2030-05-08', '2030-05-10', { kind: 'block' })
    await aStay(ctx.db, palmAirbnb, '2030-05-10', '2030-05-12', { cancelled: true })
    const echo = await aStay(ctx.db, palmBooking, '2030-05-12', '2030-05-14')
    await ctx.db.updateTable('bookings').set({ echo: 1 }).where('id', '=', echo).execute()
    const rule = await aStay(ctx.db, palmAirbnb, '2030-05-14', '2030-05-15')
    await ctx.db
      .updateTable('bookings')
      .set({ platform_rule: 'preparation' })
      .where('id', '=', rule)
      .execute()
    // Dune: one check-out on the 5th with nothing after.
    await aStay(ctx.db, duneVrbo, '2030-05-03', '2030-05-05')

    expect(brief(await host.cleanings('start=2030-05-01&end=2030-05-31'))).toEqual([
      'Dune House · 2030-05-05 · 11:00 · 2 · none · - free',
      'Palm Loft · 2030-05-05 · 10:00 · 4 · 2030-05-05 16:00 · same day',
      'Palm Loft · 2030-05-08 · 10:00 · 3 · 2030-06-20 16:00 · 43 free',
    ])
    const [only] = await host.cleanings(`start=2030-05-05&end=2030-05-05&propertyId=${palm.id}`)
    expect(only).toMatchObject({ stayId: first, propertyId: palm.id, sameDay: true, gapNights: 0 })
  })

  it('has one at a manual booking’s check-out, and reads a manual booking as the next check-in', async () => {
    const host = await aHost(ctx)
    const villa = await aPropertyRow(ctx.db, host.owner.id, { name: 'Villa' })
    const manual = async (start: string, end: string, kind: 'booking' | 'block') => {
      const made = await ctx.app.inject({
        method: 'POST',
        url: `/api/property/${villa.id}/stay`,
        payload: { start, end, kind, ...(kind === 'booking' ? { guestName: 'Walk-in' } : {}) },
        headers: { cookie: host.cookie },
      })
      expect(made.statusCode, made.body).toBe(201)
      return made.json<{ id: string }>().id
    }
    const entered = await manual('2030-08-01', '2030-08-04', 'booking')
    const row = await ctx.db
      .selectFrom('bookings')
      .select('calendar_id')
      .where('id', '=', entered)
      .executeTakeFirstOrThrow()
    expect(row.calendar_id).toBeNull()
    // A manual block makes no cleaning and is no check-in; the platform's sale after it is.
    await manual('2030-08-04', '2030-08-06', 'block')
    await aStay(ctx.db, await aCalendarRow(ctx.db, villa.id, 'Airbnb'), '2030-08-06', '2030-08-09')
    const later = await manual('2030-08-09', '2030-08-10', 'booking')
    expect(brief(await host.cleanings('start=2030-08-01&end=2030-08-31'))).toEqual([
      'Villa · 2030-08-04 · 11:00 · 3 · 2030-08-06 15:00 · 2 free',
      'Villa · 2030-08-09 · 11:00 · 3 · 2030-08-09 15:00 · same day',
      'Villa · 2030-08-10 · 11:00 · 1 · none · - free',
    ])
    const [first] = await host.cleanings('start=2030-08-04&end=2030-08-04')
    expect(first?.stayId).toBe(entered)
    const [, same] = await host.cleanings('start=2030-08-01&end=2030-08-31')
    expect(same?.nextCheckIn?.stayId).toBe(later)
  })

  it('follows the stays as they are now: a moved stay moves its cleaning, a cancelled one loses it', async () => {
    const host = await aHost(ctx)
    const loft = await aPropertyRow(ctx.db, host.owner.id, { name: 'Loft' })
    const airbnb = await aCalendarRow(ctx.db, loft.id, 'Airbnb')
    const stay = await aStay(ctx.db, airbnb, '2030-07-01', '2030-07-04')
    expect(brief(await host.cleanings('start=2030-07-01&end=2030-07-31'))).toEqual([
      'Loft · 2030-07-04 · 11:00 · 3 · none · - free',
    ])
    await ctx.db.updateTable('bookings').set({ end_date: '2030-07-06' }).where('id', '=', stay).execute()
    expect(brief(await host.cleanings('start=2030-07-01&end=2030-07-31'))).toEqual([
      'Loft · 2030-07-06 · 11:00 · 5 · none · - free',
    ])
    await ctx.db
      .updateTable('bookings')
      .set({ cancelled_at: new Date().toISOString() })
      .where('id', '=', stay)
      .execute()
    expect(await host.cleanings('start=2030-07-01&end=2030-07-31')).toEqual([])
  })

  it('refuses a window that is not two dates in order within 92 days, in the reader’s language, and another’s property', async () => {
    const host = await aHost(ctx)
    const refused = async (query: string, field: string, message: string, language = 'en') => {
      const answer = await ctx.app.inject({
        url: `/api/turnover/list?${query}`,
        headers: { cookie: host.cookie, 'accept-language': language },
      })
      expect([query, answer.statusCode, answer.json()]).toEqual([
        query,
        400,
        { message, fields: { [field]: message } },
      ])
    }
    await refused('start=2030-13-01&end=2030-12-31', 'start', 'Write the start date as YYYY-MM-DD.')
    await refused('start=2030-05-10&end=2030-05-01', 'end', 'The end date must not be before the start date.')
    await refused('start=2030-01-01&end=2030-04-03', 'end', 'Choose a period of 92 days at most.')
    await refused('start=2030-01-01&end=2030-04-03', 'end', 'اختر فترة لا تزيد على ٩٢ يومًا.', 'ar')
    expect((await host.list('start=2030-01-01&end=2030-04-02')).statusCode).toBe(200)
    const other = await aUser(ctx.db)
    const theirs = await aPropertyRow(ctx.db, other.id, { name: 'Not yours' })
    expect((await host.list(`start=2030-01-01&end=2030-01-31&propertyId=${theirs.id}`)).statusCode).toBe(404)
    expect(
      (await ctx.app.inject({ url: '/api/turnover/list?start=2030-01-01&end=2030-01-31' })).statusCode,
    ).toBe(401)
  })
})
