import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { addDays } from '../../src/domain/dates.ts'
import { calendarOf, startFeedServer, type FeedServer, type StayEvent } from '../fixtures/feedServer.ts'
import { aCalendarRow, aPropertyRow, aUser } from '../server/builders.ts'
import { describeEachDatabase } from '../server/harness.ts'
import { longestWait, timedHealth, type HealthWait } from '../server/healthWaits.ts'

/**
 * A conflict storm: three links of one property, each a thousand long stays that all overlap
 * the others' and change their UIDs at every fetch. Every sync of it finds thousands of clashing
 * pairs and changed stays; its notices are stored and delivered in batches and its conflict
 * search yields, so another host's /api/health keeps answering.
 */

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())

const STAYS_PER_LINK = 1000
const SYNCS = 3
/** The longest the server's own work may hold a health answer while the storm is synced, on either engine. */
const LONGEST_HEALTH_MS = 250

const PLATFORMS = ['Airbnb', 'Booking.com', 'Vrbo'] as const

/** A link's stays at its `fetch`-th fetch: each a year or more long, under new UIDs each time. */
const stormOf = (platform: string, fetch: number): StayEvent[] =>
  Array.from({ length: STAYS_PER_LINK }, (_, i) => ({
    uid: `${platform}-${fetch}-${i}@storm`,
    start: addDays('2027-01-01', i % 60),
    end: addDays('2028-01-01', i % 90),
    summary: `Reserved - Guest ${i}`,
  }))

describeEachDatabase(
  'a conflict storm',
  (ctx) => {
    it(`holds no health answer ${LONGEST_HEALTH_MS} ms with the server's own work while three links of ${STAYS_PER_LINK} clashing, rotating stays sync`, async () => {
      const owner = await aUser(ctx.db)
      const property = await aPropertyRow(ctx.db, owner.id)
      const links = await Promise.all(
        PLATFORMS.map(async (platform) => {
          const route = `/${randomUUID()}.ics`
          return { platform, route, id: await aCalendarRow(ctx.db, property.id, feeds.url(route), platform) }
        }),
      )
      const origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
      const askHealth = async () => (await fetch(`${origin}/api/health`)).status
      const during: HealthWait[] = []
      for (let fetch = 0; fetch < SYNCS; fetch++) {
        for (const link of links) feeds.serve(link.route, calendarOf(stormOf(link.platform, fetch)))
        let syncing = true
        const sync = ctx.app.syncCalendarsNow(links.map((link) => link.id)).finally(() => (syncing = false))
        while (syncing) {
          during.push(await timedHealth(askHealth))
          await new Promise((resolve) => setTimeout(resolve, 10))
        }
        await sync
      }

      const longest = longestWait(during)
      const notices = await ctx.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', owner.id)
        .executeTakeFirstOrThrow()
      const figures = `health held at most ${longest.heldMs.toFixed(1)} ms (${longest.wallMs.toFixed(1)} ms of wall time) of ${during.length} answers; ${Number(notices.count)} notices kept`
      console.log(`conflict storm (${ctx.engine}): ${figures}`)
      expect(longest.heldMs, figures).toBeLessThanOrEqual(LONGEST_HEALTH_MS)
      const stays = await ctx.db
        .selectFrom('bookings')
        .select('id')
        .where('property_id', '=', property.id)
        .where('cancelled_at', 'is', null)
        .execute()
      expect(stays.length).toBe(PLATFORMS.length * STAYS_PER_LINK)
    }, 300_000)
  },
  { env: { SYNC_ALLOW_HOSTS: '127.0.0.1' } },
)
