import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import { beforeAll, expect, it } from 'vitest'
import type { Page } from '../../contract/paging.ts'
import { aCalendarRow, aPropertyRow, aSaleRow, type CalendarRef } from './bookingBuilders.ts'
import { aUser, signIn } from './builders.ts'
import { describeEachDatabase } from './harness.ts'

const PROPERTIES = 20
const STAYS = 20_000
const CHUNK = 500
const ROUNDS = 15

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

describeEachDatabase('the guest list of a large account', (ctx) => {
  let cookie = ''
  let firstProperty = ''

  beforeAll(async () => {
    const owner = await aUser(ctx.db)
    cookie = await signIn(ctx.app, owner.email)
    const calendars: CalendarRef[] = []
    for (let index = 0; index < PROPERTIES; index++)
      calendars.push(
        await aCalendarRow(ctx.db, await aPropertyRow(ctx.db, owner.id, { name: `Flat ${index}` })),
      )
    firstProperty = calendars[0]!.propertyId
    for (let at = 0; at < STAYS; at += CHUNK)
      await ctx.db
        .insertInto('bookings')
        .values(
          Array.from({ length: CHUNK }, (_, offset) => {
            const index = at + offset
            const calendar = calendars[index % PROPERTIES]!
            // A guest in five comes back: 16,000 guests of 20,000 stays.
            const guest = `Guest ${index % 5 === 0 ? index + 1 : index}`
            const day = new Date(Date.UTC(2020, 0, 1 + Math.floor(index / PROPERTIES)))
            const start = day.toISOString().slice(0, 10)
            const end = new Date(day.getTime() + 86_400_000).toISOString().slice(0, 10)
            return aSaleRow(calendar, start, end, guest)
          }),
        )
        .execute()
    if (ctx.engine === 'postgres') await sql`analyze`.execute(ctx.db)
  }, 180_000)

  const get = async <T>(url: string) => {
    const response = await ctx.app.inject({ url: `/api${url}`, headers: { cookie } })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<T>()
  }
  const timed = async (url: string) => {
    const started = performance.now()
    await get(url)
    return performance.now() - started
  }

  it('answers page 1 within 3× the property list’s page 1', async () => {
    const guests = await get<Page<{ name: string }>>('/guest/list?page=1&pageSize=20')
    expect(guests.total).toBe(16_000)
    await get('/property/list?page=1&pageSize=20')
    const guestTimes: number[] = []
    const propertyTimes: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      guestTimes.push(await timed('/guest/list?page=1&pageSize=20'))
      propertyTimes.push(await timed('/property/list?page=1&pageSize=20'))
    }
    expect(median(guestTimes)).toBeLessThan(3 * median(propertyTimes))
  })

  it('follows a stay added through the routes at once', async () => {
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/property/${firstProperty}/stay`,
      headers: { cookie },
      payload: { start: '2031-01-01', end: '2031-01-03', kind: 'booking', guestName: 'Newcomer Nadia' },
    })
    expect(added.statusCode, added.body).toBe(201)
    const found = await get<Page<{ name: string; nextStay: string | null }>>('/guest/list?search=nadia')
    expect(found.items).toMatchObject([{ name: 'Newcomer Nadia', nextStay: '2031-01-01' }])
  })
})
