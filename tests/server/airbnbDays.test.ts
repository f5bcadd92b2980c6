import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { monthsAfter } from '../../src/domain/airbnbRules.ts'
import { addDays, nightsBetween, type DateOnly } from '../../src/domain/dates.ts'
import { startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { guestActions, performGuestAction, PLATFORM_NAMES } from '../simulator/actions.ts'
import { Refused, type AirbnbRules } from '../simulator/platforms.ts'
import { FakeClock, World } from '../simulator/world.ts'
import { describeEachDatabase, type TestContext } from './harness.ts'

/**
 * Days of a host's Airbnb, Booking.com and Vrbo, with Airbnb's own rules in its export: its
 * notice and booking window move each day, its preparation nights follow the reservations, and
 * every closed night is merged into runs that get new UIDs as they move.
 */

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())
const clock = new FakeClock()

const RULES: AirbnbRules = { notice: 2, noticeFromTomorrow: false, windowMonths: 9, preparation: 1 }

const aWorld = (ctx: TestContext, rules: AirbnbRules, start?: string) =>
  World.create(ctx, feeds, clock, { bookingShape: 'separate', airbnbRules: rules, start })

/** The day's syncs, then each day's checks, for `count` days: each day dawns, acts, and syncs. */
async function days(world: World, count: number, act?: (day: number) => void) {
  const closedOn = closures.get(world) ?? new Map<DateOnly, number>()
  closures.set(world, closedOn)
  for (let i = 0; i < count; i++) {
    world.dawn()
    const before = new Set(world.airbnb.closures)
    act?.(world.day)
    for (const night of world.airbnb.closures) if (!before.has(night)) closedOn.set(night, world.day)
    await world.daySyncs()
    expect(await discrepancies(world), `day ${world.day} (${clock.today()})`).toEqual([])
    expect(await secondSyncChanges(world), `day ${world.day}: a later sync of the same day`).toEqual([])
  }
}

/** When each night the host closed on Airbnb was closed, by day of the world. */
const closures = new WeakMap<World, Map<DateOnly, number>>()

/** Airbnb's stays in Manzil as judged: each part's dates and rule. */
async function airbnbParts(world: World) {
  return (await world.host.stays())
    .filter((stay) => stay.platform === 'Airbnb' && stay.cancelled_at === null)
    .map((stay) => `${stay.platform_rule ?? stay.kind} ${stay.start_date}→${stay.end_date}`)
    .sort()
}

/**
 * A sync later the same day, of the same exports (Airbnb's differs in its stamps only): the
 * judgement is the same and nothing is told.
 */
async function secondSyncChanges(world: World): Promise<string[]> {
  const parts = await airbnbParts(world)
  const notices = (await world.host.notices()).length
  world.at(9)
  await world.syncAll()
  const changed: string[] = []
  const after = await airbnbParts(world)
  if (JSON.stringify(after) !== JSON.stringify(parts))
    changed.push(`judged ${JSON.stringify(parts)} at 08:00, ${JSON.stringify(after)} at 09:00`)
  if ((await world.host.notices()).length !== notices) changed.push('a notice was told at 09:00')
  return changed
}

const count = (nights: Iterable<DateOnly>, from: DateOnly, to: DateOnly) =>
  [...new Set(nights)].filter((night) => night >= from && night < to).length

/**
 * What must hold each day once it has synced: no night of Airbnb's rules is sent to another
 * platform, counted, or flagged; every night the host closed on Airbnb (two days ago or more,
 * outside its rules) is sent to the others; every night sold twice is flagged on both sides and
 * each pair announced once.
 */
async function discrepancies(world: World): Promise<string[]> {
  const found: string[] = []
  const today = clock.today()
  const rules = world.airbnb.ruleNights()
  const closed = world.airbnb.closures
  const closedOn = closures.get(world)!
  const sold = world.sold()
  const soldBy = (night: DateOnly) => sold.get(night) ?? []
  // Who may hold a night as its own: its sales, and a sale's nights it still closes (see mayOwn).
  const ownedBy = (night: DateOnly) => PLATFORM_NAMES.filter((name) => world.mayOwn(name).has(night))
  for (const platform of [world.booking, world.vrbo]) {
    for (const night of closed)
      if (
        night >= today &&
        !rules.has(night) &&
        world.day - (closedOn.get(night) ?? 0) >= 2 &&
        !soldBy(night).includes(platform.name) &&
        !platform.imported.has(night)
      )
        found.push(`${platform.name} was not sent the host's closure of ${night}`)
    for (const night of rules)
      if (
        !closed.has(night) &&
        !ownedBy(night).some((name) => name !== platform.name) &&
        platform.imported.has(night)
      )
        found.push(`${platform.name} was sent ${night}, a night of Airbnb's rules`)
  }

  // Occupancy over the next 60 nights counts every sale and closure, and no rule.
  const to = addDays(today, 60)
  const recentOrRuled = [...closed].filter(
    (night) => rules.has(night) || world.day - (closedOn.get(night) ?? 0) < 2,
  )
  const lower = count([...sold.keys(), ...[...closed].filter((n) => !recentOrRuled.includes(n))], today, to)
  const upper = count([...sold.keys(), ...closed], today, to)
  const figures = (await world.host.period(today, to)) as { occupancyRate: number }
  const occupied = (figures.occupancyRate * nightsBetween(today, to)) / 100
  if (occupied < lower - 0.5 || occupied > upper + 0.5)
    found.push(`occupancy counts ${occupied} nights; the platforms sold or closed ${lower} to ${upper}`)

  // Flagged: only nights held twice (a sale, or the host's closure, on two platforms).
  const stays = await world.manzilStays()
  const heldTwice = (night: DateOnly) => ownedBy(night).length + (closed.has(night) ? 1 : 0) > 1
  for (const stay of stays) {
    if (stay.rule && stay.conflict) found.push(`Airbnb's ${stay.rule} ${stay.start} → ${stay.end} is flagged`)
    if (stay.conflict && !stay.own.some(heldTwice))
      found.push(`${stay.platform} ${stay.start} → ${stay.end} is flagged on no night held twice`)
  }
  for (const [night, platforms] of sold)
    if (platforms.length > 1)
      for (const name of platforms)
        if (!stays.some((stay) => stay.platform === name && stay.conflict && stay.own.includes(night)))
          found.push(`${night}, sold on ${platforms.join(' and ')}, is not flagged on ${name}`)
  const pairs = (await world.host.notices())
    .filter((notice) => notice.kind === 'conflict')
    .map((notice) => [notice.data.stay.id, notice.data.other.id].sort().join(' '))
  if (new Set(pairs).size !== pairs.length) found.push(`a double booking was announced twice: ${pairs}`)
  return found
}

/** A few nights from some day of the coming weeks, counted from the day the action is done. */
const someNights = fc.record({ from: fc.nat({ max: 40 }), nights: fc.integer({ min: 1, max: 5 }) })
type SomeNights = typeof someNights extends fc.Arbitrary<infer T> ? T : never

/** What guests do on the platforms, and what the host does on Airbnb: closes nights, reopens one. */
const anAction = fc.oneof(
  { weight: 10, arbitrary: guestActions(someNights) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('close' as const), nights: someNights }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reopen' as const), pick: fc.nat() }) },
)
type Action = typeof anAction extends fc.Arbitrary<infer T> ? T : never

const aSetting = fc.record({
  notice: fc.constantFrom(0, 1, 2, 3, 7),
  noticeFromTomorrow: fc.boolean(),
  windowMonths: fc.constantFrom(3, 6, 9, null),
  preparation: fc.constantFrom(0, 1, 2),
})

/** Does what the action says on the world's day, unless the platform refuses it. */
function perform(world: World, action: Action) {
  const today = clock.today()
  const datesOf = ({ from, nights }: SomeNights) => ({
    start: addDays(today, from),
    end: addDays(today, from + nights),
  })
  if (action.kind === 'reopen') {
    const closed = [...world.airbnb.closures].sort()
    const night = closed[action.pick % Math.max(1, closed.length)]
    if (night) world.airbnb.reopen({ start: night, end: addDays(night, 1) })
  } else if (action.kind === 'close') {
    try {
      world.airbnb.close(datesOf(action.nights))
    } catch (error) {
      if (!(error instanceof Refused)) throw error
    }
  } else performGuestAction(world, action, datesOf)
}

const SEED = Number(process.env.SIMULATOR_SEED ?? 20301129)
const RUNS = Number(process.env.SIMULATOR_DAY_RUNS ?? 4)

describeEachDatabase(
  "Airbnb's rules, day after day",
  (ctx) => {
    it('cuts a Booking.com sale beside a preparation night out of the preparation time, and says the turnover lost its buffer', async () => {
      const world = await aWorld(ctx, RULES)
      const today = () => clock.today()
      await days(world, 2, () => {
        if (world.day === 1) world.airbnb.sell({ start: addDays(today(), 10), end: addDays(today(), 13) })
      })
      const checkOut = addDays(clock.today(), 12)
      // Booking.com sells the preparation night after the check-out and the night after it:
      // Airbnb closes both as one run of two nights.
      await days(world, 3, () => {
        if (world.day === 3) world.booking.sell({ start: checkOut, end: addDays(checkOut, 2) })
      })
      expect(await airbnbParts(world)).toEqual(
        expect.arrayContaining([
          `preparation ${checkOut}→${addDays(checkOut, 1)}`,
          `block ${addDays(checkOut, 1)}→${addDays(checkOut, 2)}`,
        ]),
      )
      const sale = (await world.host.notices()).find((notice) => notice.data.stay?.platform === 'Booking.com')
      expect(sale?.data).toMatchObject({
        kind: 'new',
        stay: { start: checkOut, end: addDays(checkOut, 2) },
        overPreparation: { start: checkOut, end: addDays(checkOut, 1), platform: 'Airbnb' },
      })
      expect(sale?.title).toBeNull()
      expect((await world.host.notices()).filter((notice) => notice.kind === 'conflict')).toEqual([])

      // A sale of the preparation night before the check-in only: no conflict, a new booking
      // that says it took the buffer.
      const checkIn = addDays(checkOut, -3)
      await days(world, 2, () => {
        if (world.day === 6) world.vrbo.sell({ start: addDays(checkIn, -1), end: checkIn })
      })
      const lastSale = (await world.host.notices()).at(-1)!
      expect(lastSale.data).toMatchObject({
        kind: 'new',
        stay: { platform: 'Vrbo', start: addDays(checkIn, -1), end: checkIn },
        overPreparation: { start: addDays(checkIn, -1), end: checkIn, platform: 'Airbnb' },
      })
      expect((await world.host.notices()).filter((notice) => notice.kind === 'conflict')).toEqual([])
    })

    it('keeps a turnover inside the notice period a notice and a preparation night, every sync of every day', async () => {
      const world = await aWorld(ctx, { ...RULES, notice: 3 })
      await days(world, 1, () =>
        world.airbnb.sell({ start: addDays(clock.today(), 4), end: addDays(clock.today(), 8) }),
      )
      // The check-in, then the check-out, pass through the notice period.
      await days(world, 8)
      expect((await world.host.notices()).map((notice) => notice.kind)).toEqual(['new'])
    })

    it('moves the booking window over month ends and a leap day as one rule', async () => {
      const world = await aWorld(ctx, { ...RULES, windowMonths: 3 }, '2031-11-25T00:00:00.000Z')
      const windows: string[] = []
      for (let i = 0; i < 8; i++) {
        await days(world, 1)
        windows.push(
          (await airbnbParts(world))
            .find((part) => part.startsWith('window'))!
            .split(' ')[1]!
            .split('→')[0]!,
        )
      }
      expect(windows).toEqual([
        '2032-02-26',
        '2032-02-27',
        '2032-02-28',
        '2032-02-29',
        '2032-02-29',
        '2032-03-01',
        '2032-03-02',
        '2032-03-03',
      ])
      expect(windows.map((_, i) => monthsAfter(addDays('2031-11-26', i), 3))).toEqual(windows)
      expect(await world.host.notices()).toEqual([])
    })

    it('sends the host’s closures that touch the notice, a preparation night and the window to the others, and none of the rules', async () => {
      const world = await aWorld(ctx, RULES)
      await days(world, 3, () => {
        if (world.day === 1)
          world.airbnb.sell({ start: addDays(clock.today(), 10), end: addDays(clock.today(), 13) })
      })
      // The host closes the nights after the notice, after a check-out's preparation night, and
      // before the window opens.
      await days(world, 1, () => {
        const today = clock.today()
        world.airbnb.close({ start: addDays(today, 2), end: addDays(today, 5) })
        world.airbnb.close({ start: addDays(today, 11), end: addDays(today, 14) })
        const opens = monthsAfter(today, 9)
        world.airbnb.close({ start: addDays(opens, -10), end: opens })
      })
      for (const platform of [world.booking, world.vrbo])
        expect([...world.airbnb.closures].filter((night) => !platform.imported.has(night))).toEqual([])
      await days(world, 3)
    })

    it('flags a true double booking bordered by preparation nights once', async () => {
      const world = await aWorld(ctx, RULES)
      await days(world, 2, () => {
        if (world.day !== 2) return
        world.airbnb.sell({ start: addDays(clock.today(), 10), end: addDays(clock.today(), 13) })
        world.booking.sell({ start: addDays(clock.today(), 11), end: addDays(clock.today(), 14) })
      })
      await days(world, 3)
      const conflicts = (await world.host.notices()).filter((notice) => notice.kind === 'conflict')
      expect(conflicts.map((notice) => notice.data.nights)).toEqual([
        { start: addDays(clock.today(), 8), end: addDays(clock.today(), 10) },
      ])
    })

    it(`holds every day for 30 days, whatever is sold, closed and set (seed ${SEED})`, async () => {
      await fc.assert(
        fc.asyncProperty(
          aSetting,
          fc.array(fc.array(anAction, { maxLength: 2 }), { minLength: 30, maxLength: 30 }),
          async (rules, plan) => {
            const world = await aWorld(ctx, rules)
            await days(world, 30, (day) => {
              for (const action of plan[day - 1] ?? []) perform(world, action)
            })
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      )
    }, 600_000)
  },
  { clock: clock.now, env: { SYNC_ALLOW_HOSTS: '127.0.0.1' } },
)
