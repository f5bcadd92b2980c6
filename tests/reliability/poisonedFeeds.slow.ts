import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts'
import { readFixture, startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { hourlyRules, manyParameters, neverMatchingRule, yearsOfHistory } from '../fixtures/hostileFeeds.ts'
import { startServer, type RunningServer } from '../e2e/server.ts'
import { aPropertyRow } from '../server/bookingBuilders.ts'
import { aUser } from '../server/builders.ts'
import { until } from './slowHelpers.ts'

// The feeds that once hung the server sit on a property, due, while the real server
// restarts on that data. It must answer at once and throughout, and read the honest feed beside.

const HEALTH_LIMIT_MS = 250

let feeds: FeedServer
let server: RunningServer | undefined
let handle: DatabaseHandle | undefined
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(async () => {
  await handle?.close()
  await server?.stop()
  await feeds.close()
})

/** Asks /api/health every 20 ms until `done`; answers the slowest reply in ms. */
async function slowestHealthWhile(url: string, done: () => Promise<boolean>) {
  let slowest = 0
  while (!(await done())) {
    const asked = performance.now()
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) })
    expect(response.status).toBe(200)
    slowest = Math.max(slowest, performance.now() - asked)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return slowest
}

describe('a server restarted on poisoned feeds', () => {
  it('answers /api/health at once and throughout, shows each failure, and imports the honest feed', async () => {
    server = await startServer({ SYNC_ALLOW_HOSTS: '127.0.0.1' })
    handle = await openDatabase({ engine: 'sqlite', file: path.join(server.dataDir, 'manzil.db') })
    const db = handle.db
    const owner = await aUser(db)
    const poisoned = await aPropertyRow(db, owner.id, { name: 'Poisoned' })
    const honest = await aPropertyRow(db, owner.id, { name: 'Honest' })
    const due = new Date(Date.now() - 60_000).toISOString()
    const link = async (propertyId: string, platform: string, body: string) => {
      const route = `/${randomUUID()}.ics`
      feeds.serve(route, body)
      const id: string = randomUUID()
      await db
        .insertInto('external_calendars')
        .values({
          id,
          property_id: propertyId,
          platform_name: platform,
          url: feeds.url(route),
          next_sync_at: due,
          created_at: due,
        })
        .execute()
      return id
    }
    const expected = new Map<string, string | null>([
      [await link(poisoned, 'Airbnb', neverMatchingRule()), 'sync.errors.recurrenceTooComplex'],
      [await link(poisoned, 'Booking.com', hourlyRules()), 'sync.errors.tooManyStays'],
      [await link(poisoned, 'Vrbo', manyParameters()), 'sync.errors.tooManyParameters'],
      [await link(poisoned, 'Gathern', yearsOfHistory()), null],
    ])
    const honestCalendar = await link(honest, 'Airbnb', readFixture('airbnb.ics'))

    const restarted = performance.now()
    await server.restart()
    const startup = performance.now() - restarted
    const allSynced = async () => {
      const rows = await db
        .selectFrom('external_calendars')
        .select('last_synced_at')
        .select('last_error')
        .execute()
      return rows.every((row) => row.last_synced_at !== null || row.last_error !== null)
    }
    const slowest = await slowestHealthWhile(server.url, allSynced)
    expect(slowest).toBeLessThan(HEALTH_LIMIT_MS)

    const calendars = await db.selectFrom('external_calendars').select(['id', 'last_error']).execute()
    for (const calendar of calendars)
      if (calendar.id !== honestCalendar) expect(calendar.last_error).toBe(expected.get(calendar.id))
    await until(
      async () =>
        (await db.selectFrom('bookings').select('id').where('calendar_id', '=', honestCalendar).execute())
          .length === 3,
      10_000,
    )
    console.info(
      `poisoned restart: healthy ${Math.round(startup)} ms after the restart began; slowest /api/health while syncing ${Math.round(slowest)} ms`,
    )
  })
})
