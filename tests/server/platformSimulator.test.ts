import { afterAll, beforeAll, expect, it } from 'vitest'
import { startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import type { BookingShape } from '../simulator/platforms.ts'
import { FakeClock, World, type WorldOptions } from '../simulator/world.ts'
import { describeEachDatabase, type TestContext } from './harness.ts'
import { startMailbox } from './mailbox.ts'

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())
const mailbox = await startMailbox()
afterAll(() => mailbox.stop())
const clock = new FakeClock()

/** Every night the scenarios sell lies in this window. */
const MARCH = { start: '2030-03-01', end: '2030-04-30' }

const aWorld = (ctx: TestContext, options: WorldOptions) => World.create(ctx, feeds, clock, options)

const kinds = async (world: World) => (await world.host.notices()).map((notice) => notice.kind)

const SHAPES: BookingShape[] = ['separate', 'merged']

describeEachDatabase(
  'a closed loop of platforms importing their availability feeds',
  (ctx) => {
    for (const bookingShape of SHAPES) {
      it(`carries an Airbnb reservation to the other platforms and takes their closures as echoes (Booking.com ${bookingShape})`, async () => {
        const world = await aWorld(ctx, { bookingShape })
        world.airbnb.sell({ start: '2030-03-20', end: '2030-03-25' })
        await world.rounds(2)

        expect(world.booking.imported).toEqual(world.airbnb.saleNights())
        expect(world.vrbo.imported).toEqual(world.airbnb.saleNights())
        const stays = await world.manzilStays()
        expect(
          stays.map((stay) => [stay.platform, stay.start, stay.end, stay.kind, stay.echo, stay.conflict]),
        ).toEqual(
          expect.arrayContaining([
            ['Airbnb', '2030-03-20', '2030-03-25', 'booking', false, false],
            ['Booking.com', '2030-03-20', '2030-03-25', 'block', true, false],
            ['Vrbo', '2030-03-20', '2030-03-25', 'block', true, false],
          ]),
        )
        expect(stays).toHaveLength(3)
        expect(await kinds(world)).toEqual(['new'])
        expect(await world.host.period(MARCH.start, MARCH.end)).toMatchObject({
          bookings: 1,
          bookedNights: 5,
          revenue: 500,
        })
        expect(await world.discrepanciesWhenSettled(MARCH)).toEqual([])
      })

      it(`tells nothing and serves the same bytes through ten quiet rounds (Booking.com ${bookingShape})`, async () => {
        const world = await aWorld(ctx, { bookingShape })
        world.airbnb.sell({ start: '2030-03-20', end: '2030-03-25' })
        world.vrbo.sell({ start: '2030-03-27', end: '2030-03-29' }, { guest: 'Layla H' })
        world.booking.sell({ start: '2030-03-25', end: '2030-03-27' })
        await world.rounds(2)
        const notices = await world.host.notices()
        const privateFeed = await world.host.privateFeedText()
        const servedBefore = new Map([...world.served].map(([name, texts]) => [name, texts.length]))

        await world.rounds(10)

        expect(await world.host.notices()).toEqual(notices)
        expect(await world.host.privateFeedText()).toBe(privateFeed)
        for (const [name, texts] of world.served) {
          const quiet = texts.slice(servedBefore.get(name)! - 1)
          expect(quiet.length, name).toBeGreaterThan(10)
          expect(new Set(quiet).size, `${name} was served the same feed at every import`).toBe(1)
        }
        expect(await world.discrepanciesWhenSettled(MARCH)).toEqual([])
      })
    }
  },
  { clock: clock.now, env: { SMTP_URL: mailbox.smtpUrl, SYNC_ALLOW_HOSTS: '127.0.0.1' } },
)
