import type { FeedServer } from '../fixtures/feedServer.ts'
import type { TestContext } from '../server/harness.ts'
import { aHost, veventsOf, type Host } from '../server/platformHost.ts'
import {
  Airbnb,
  BookingCom,
  NO_RULES,
  Vrbo,
  type AirbnbRules,
  type BookingShape,
  type Platform,
  type PlatformName,
} from './platforms.ts'
import { nightsOf, type Stay } from '../../src/domain/bookings.ts'
import type { DateOnly } from '../../src/domain/dates.ts'
import type { InternalCalendar } from '../../contract/property.ts'
import { runsOfNights as runsOf } from '../../src/domain/echoNights.ts'
import {
  AlarmModel,
  atRiskAfterMs,
  atRiskKey,
  medianMinutes,
  NEVER_IMPORTED_AFTER_MS,
  silentAfterMs,
  type AlarmNotice,
  type Condition,
} from './alarms.ts'

/** The server's clock in a simulation: it moves only when the simulation moves it. */
export class FakeClock {
  private time = Date.parse(WORLD_START)
  /** The clock's day, as a property in UTC (the simulated property's zone) sees it. */
  readonly today = (): DateOnly => this.now().toISOString().slice(0, 10)
  readonly now = () => new Date(this.time)
  set(time: number) {
    this.time = time
  }
}

/** When every simulated world begins; its stays lie in the weeks after. */
export const WORLD_START = '2030-03-01T00:00:00.000Z'

/**
 * A round: long enough for every platform to import its availability feed at least once (Vrbo
 * imports every 12 hours) and for Manzil to sync each export after it several times.
 */
export const HOURS_PER_ROUND = 12

const HOUR_MS = 3600_000
const MINUTE_MS = 60_000
const DAY_MS = 24 * HOUR_MS

/**
 * When a platform imports its availability feed: every `everyHours` hours, on the hours where
 * `hour % everyHours === atHour`, at `minute` past.
 */
export type ImportSchedule = { everyHours: number; atHour: number; minute: number }

export const SCHEDULES: Record<PlatformName, ImportSchedule> = {
  'Booking.com': { everyHours: 1, atHour: 0, minute: 10 },
  Airbnb: { everyHours: 3, atHour: 1, minute: 20 },
  Vrbo: { everyHours: 12, atHour: 2, minute: 40 },
}

export type WorldOptions = {
  bookingShape: BookingShape
  schedules?: Record<PlatformName, ImportSchedule>
  /**
   * Manzil syncs every platform's export every this many hours (2 unless given: a sync per hour
   * and platform is most of a simulation's cost), at `syncMinute` past the hour.
   */
  syncEveryHours?: number
  syncMinute?: number
  /** All feeds at once (as the scheduler does), or one by one in this order, a minute apart. */
  syncOrder?: 'together' | readonly PlatformName[]
  /** The host's booking rules on Airbnb (none unless given). */
  airbnbRules?: AirbnbRules
  /** When the world begins (`WORLD_START` unless given), at midnight UTC. */
  start?: string
  /**
   * The platforms that send back the ETag of their latest import (If-None-Match), so that an
   * unchanged feed answers 304; none unless given.
   */
  revalidating?: readonly PlatformName[]
}

/** A night and the platforms that sell it. */
type Sold = Map<DateOnly, PlatformName[]>

/**
 * One host, their property on Airbnb, Booking.com and Vrbo, and Manzil between them, in fake
 * time: each hour the platforms due import their availability feeds from Manzil (through the
 * app, at the fake time), and every other hour Manzil syncs every platform's current export.
 */
export class World {
  readonly airbnb = new Airbnb()
  readonly booking: BookingCom
  readonly vrbo = new Vrbo()
  readonly platforms: readonly Platform[]
  /** Hours since the world began. */
  hour = 0
  /** Days since the world began, in a world moved by days (`dawn`). */
  day = 0
  /** The availability feed each platform was served at each of its imports, in order. */
  readonly served = new Map<PlatformName, string[]>()
  /** Platforms that import no more (until taken out again): silent, or never imported. */
  readonly paused = new Set<PlatformName>()
  /** Imports answered 304: the platform's copy was current. */
  notModified = 0
  /** The host's blocks entered in Manzil, accepted. */
  readonly hostBlocks: Stay[] = []
  /** When each platform imported (a 304 too), in order. */
  private readonly importTimes = new Map<PlatformName, number[]>()
  private readonly etags = new Map<PlatformName, string>()
  /** When the host last said they closed a platform's nights at risk by hand. */
  private readonly acknowledgedAt = new Map<PlatformName, number>()
  /**
   * When Manzil took each of its stays' nights, by the stay's UID, dates and own nights: first
   * seen so, moved, or back after it left (docs/product.md §12.5: a new summary is no taking).
   */
  private takenAt = new Map<string, number>()
  private readonly alarmModel = new AlarmModel()
  private readonly start: number
  private readonly feedPaths = new Map<PlatformName, string>()
  private readonly schedules: Record<PlatformName, ImportSchedule>
  private readonly doubleSoldSince = new Map<DateOnly, number>()
  /**
   * Per platform, the nights it sells and the nights it sold and has closed at every sync since
   * (a sale cancelled while the platform imported the same nights, sold elsewhere too): its
   * export cannot tell those from a sale under a re-issued UID, so Manzil may keep them as its
   * own for as long as it closes them.
   */
  private readonly ownOrKept = new Map<PlatformName, Set<DateOnly>>()
  private readonly unsoldSince = new Map<DateOnly, number>()
  private readonly everSold = new Set<DateOnly>()

  private constructor(
    private readonly ctx: TestContext,
    private readonly feeds: FeedServer,
    private readonly clock: FakeClock,
    readonly host: Host,
    private readonly options: WorldOptions,
  ) {
    this.booking = new BookingCom(options.bookingShape)
    this.platforms = [this.airbnb, this.booking, this.vrbo]
    this.schedules = options.schedules ?? SCHEDULES
    this.start = Date.parse(options.start ?? WORLD_START)
    this.airbnb.rules = options.airbnbRules ?? NO_RULES
    this.airbnb.today = clock.today()
  }

  /** A new host whose three platforms are linked and synced once, at the world's start. */
  static async create(ctx: TestContext, feeds: FeedServer, clock: FakeClock, options: WorldOptions) {
    clock.set(Date.parse(options.start ?? WORLD_START))
    const host = await aHost(ctx, feeds, { Airbnb: [], 'Booking.com': [], Vrbo: [] })
    const world = new World(ctx, feeds, clock, host, options)
    for (const platform of world.platforms) {
      world.feedPaths.set(platform.name, new URL(await host.platformFeedUrl(platform.name)).pathname)
      world.served.set(platform.name, [])
      world.importTimes.set(platform.name, [])
    }
    await world.syncAll()
    return world
  }

  platform(name: PlatformName): Platform {
    return this.platforms.find((platform) => platform.name === name)!
  }

  /** Moves `count` hours on: in each, the imports due and Manzil's sync if due, by the minute. */
  async hours(count: number, afterEach?: () => Promise<void>) {
    for (let i = 0; i < count; i++) {
      // Sales change between hours: what is sold is noted when the hour begins.
      this.noteSoldNights()
      this.hour++
      const steps: { minute: number; run: () => Promise<void> }[] = this.platforms
        .filter((platform) => {
          const schedule = this.schedules[platform.name]
          return this.hour % schedule.everyHours === schedule.atHour && !this.paused.has(platform.name)
        })
        .map((platform) => ({
          minute: this.schedules[platform.name].minute,
          run: () => this.import(platform),
        }))
      if (this.hour % (this.options.syncEveryHours ?? 2) === 0)
        steps.push({ minute: this.options.syncMinute ?? 30, run: () => this.syncAll() })
      for (const step of steps.sort((a, b) => a.minute - b.minute)) {
        this.clock.set(this.start + this.hour * HOUR_MS + step.minute * MINUTE_MS)
        await step.run()
      }
      await afterEach?.()
    }
  }

  rounds(count: number, afterEachHour?: () => Promise<void>) {
    return this.hours(count * HOURS_PER_ROUND, afterEachHour)
  }

  /** The next day dawns: 05:00, before the day's sales, closures and syncs. */
  dawn() {
    this.day++
    this.at(5)
  }

  /**
   * The day's syncs: Manzil syncs every export at 06:00, each platform imports its availability
   * feed once from 07:00, ten minutes apart, and Manzil syncs again at 08:00 (then `at` later
   * hours for more).
   */
  async daySyncs() {
    this.at(6)
    await this.syncAll()
    for (const [i, platform] of this.platforms.entries()) {
      this.at(7, 10 * i)
      await this.import(platform)
    }
    this.at(8)
    await this.syncAll()
  }

  /** The clock at this hour and minute of the world's day. */
  at(hour: number, minute = 0) {
    this.clock.set(this.start + this.day * DAY_MS + hour * HOUR_MS + minute * MINUTE_MS)
    this.airbnb.today = this.clock.today()
  }

  /**
   * The platform fetches its availability feed from Manzil now, and closes what it says; one
   * that revalidates sends the ETag of its latest import, and a 304 keeps what it has.
   */
  async import(platform: Platform) {
    const etag = this.options.revalidating?.includes(platform.name)
      ? this.etags.get(platform.name)
      : undefined
    const response = await this.ctx.app.inject({
      url: this.feedPaths.get(platform.name)!,
      headers: etag === undefined ? {} : { 'if-none-match': etag },
    })
    const served = this.served.get(platform.name)!
    if (response.statusCode === 304 && etag !== undefined) this.notModified++
    else if (response.statusCode === 200) this.etags.set(platform.name, String(response.headers.etag))
    else throw new Error(`${platform.name}'s feed answered ${response.statusCode}`)
    served.push(response.statusCode === 304 ? served.at(-1)! : response.body)
    platform.receive(served.at(-1)!, this.clock.now())
    this.importTimes.get(platform.name)!.push(this.clock.now().getTime())
  }

  /**
   * The host blocks nights in Manzil (a manual block), through the app, if no stay holds any of
   * them in Manzil as the host sees it; false if it does.
   */
  async hostBlock(stay: Stay): Promise<boolean> {
    const held = new Set((await this.manzilStays()).flatMap((each) => each.nights))
    if (nightsOf(stay).some((night) => held.has(night))) return false
    const response = await this.ctx.app.inject({
      method: 'POST',
      url: `/api/property/${this.host.property.id}/stay`,
      headers: { cookie: this.host.cookie, origin: this.ctx.config.publicUrl },
      payload: { ...stay, kind: 'block' },
    })
    if (response.statusCode !== 201) throw new Error(`a host's block answered ${response.statusCode}`)
    this.hostBlocks.push(stay)
    await this.noteTakings()
    return true
  }

  /** The host's nights blocked in Manzil. */
  hostBlocked(): Set<DateOnly> {
    return new Set(this.hostBlocks.flatMap(nightsOf))
  }

  /** "I closed them": the host says they closed on the platform, by hand, its nights at risk now. */
  async acknowledge(name: PlatformName) {
    const response = await this.ctx.app.inject({
      method: 'POST',
      url: `/api/property/${this.host.property.id}/calendar/platform/${encodeURIComponent(name)}/acknowledge`,
      headers: { cookie: this.host.cookie, origin: this.ctx.config.publicUrl },
    })
    if (response.statusCode !== 200) throw new Error(`'I closed them' answered ${response.statusCode}`)
    this.acknowledgedAt.set(name, this.clock.now().getTime())
  }

  /** Notes when Manzil took its stays' nights, as it holds them now. */
  private async noteTakings() {
    const now = this.clock.now().getTime()
    const taken = new Map<string, number>()
    for (const stay of await this.manzilStays()) {
      const key = takingOf(stay)
      taken.set(key, this.takenAt.get(key) ?? now)
    }
    this.takenAt = taken
  }

  /** Manzil syncs every platform's export as it is now. */
  async syncAll() {
    const now = this.clock.now()
    for (const platform of this.platforms) {
      this.feeds.serve(this.host.routes[platform.name]!, platform.export(now))
      const closed = platform.closedNights()
      const kept = [...(this.ownOrKept.get(platform.name) ?? [])].filter((night) => closed.has(night))
      this.ownOrKept.set(platform.name, new Set([...platform.saleNights(), ...kept]))
    }
    const order = this.options.syncOrder ?? 'together'
    if (order === 'together') {
      await this.host.sync(...this.platforms.map((platform) => platform.name))
      await this.noteTakings()
      return
    }
    for (const [i, name] of order.entries()) {
      this.clock.set(now.getTime() + i * MINUTE_MS)
      await this.host.sync(name)
      await this.noteTakings()
    }
  }

  /** The nights Manzil may hold as the platform's own: what it sells, and what it may keep. */
  mayOwn(name: PlatformName): ReadonlySet<DateOnly> {
    return this.ownOrKept.get(name) ?? this.platform(name).saleNights()
  }

  /** Each night sold now, and by which platforms. */
  sold(): Sold {
    const sold: Sold = new Map()
    for (const platform of this.platforms)
      for (const night of platform.saleNights()) sold.set(night, [...(sold.get(night) ?? []), platform.name])
    return sold
  }

  private noteSoldNights() {
    const now = this.clock.now().getTime()
    const sold = this.sold()
    for (const [night, platforms] of sold) {
      this.unsoldSince.delete(night)
      if (platforms.length > 1 && !this.doubleSoldSince.has(night)) this.doubleSoldSince.set(night, now)
      if (platforms.length < 2) this.doubleSoldSince.delete(night)
    }
    for (const night of this.doubleSoldSince.keys()) if (!sold.has(night)) this.doubleSoldSince.delete(night)
    for (const platform of this.platforms)
      for (const night of [...platform.imported, ...this.everSold])
        if (!sold.has(night) && !this.unsoldSince.has(night)) this.unsoldSince.set(night, now)
    for (const night of sold.keys()) this.everSold.add(night)
  }

  /** The private feed's events, as Manzil's calendar screen reads them, with their own nights. */
  async manzilStays() {
    return veventsOf(await this.host.privateFeedText()).map((event) => {
      const nights = nightsOf({ start: event.DTSTART!, end: event.DTEND! })
      const echoNights = new Set(
        (event['X-MANZIL-ECHO-NIGHTS'] ?? '')
          .split(',')
          .filter(Boolean)
          .flatMap((run) => {
            const [start, end] = run.split('/')
            return nightsOf({ start: start!, end: end! })
          }),
      )
      // Neither an echo nor a platform's rule holds a night of its own.
      const own =
        event['X-MANZIL-ECHO'] === 'TRUE' || event['X-MANZIL-RULE']
          ? []
          : nights.filter((night) => !echoNights.has(night))
      return {
        platform: event['X-MANZIL-PLATFORM'] as PlatformName,
        start: event.DTSTART!,
        end: event.DTEND!,
        kind: event['X-MANZIL-KIND'],
        nights,
        own,
        conflict: event['X-MANZIL-CONFLICT'] === 'TRUE',
        echo: event['X-MANZIL-ECHO'] === 'TRUE',
        rule: event['X-MANZIL-RULE'] ?? null,
        id: event.UID!,
      }
    })
  }

  /**
   * What each platform's nights at risk must be at every moment: the nights Manzil's feed serves
   * it now (every other platform's own nights, from today on) that its latest import was not
   * served; all of them before its first import. Told otherwise, a night is a discrepancy.
   */
  async atRiskDiscrepancies(): Promise<string[]> {
    const stays = await this.manzilStays()
    const { platforms } = (await this.host.internal()) as InternalCalendar
    const today = this.clock.today()
    const found: string[] = []
    for (const platform of this.platforms) {
      const told = new Set(
        platforms.find((feed) => feed.platformName === platform.name)!.atRisk.flatMap(nightsOf),
      )
      const latest = this.served.get(platform.name)!.at(-1)
      const served = new Set(
        latest
          ? veventsOf(latest).flatMap((event) => nightsOf({ start: event.DTSTART!, end: event.DTEND! }))
          : [],
      )
      const expected = new Set(
        stays
          .filter((stay) => stay.platform !== platform.name)
          .flatMap((stay) => stay.own)
          .filter((night) => night >= today && !served.has(night)),
      )
      const missing = [...expected].filter((night) => !told.has(night)).sort()
      const extra = [...told].filter((night) => !expected.has(night)).sort()
      if (missing.length > 0) found.push(`${platform.name} is not told it misses ${missing.join(', ')}`)
      if (extra.length > 0) found.push(`${platform.name} is told it misses ${extra.join(', ')}, which it has`)
    }
    return found
  }

  /**
   * The import alarms, judged now, against the conditions the world is in (`AlarmModel`): each
   * night of a sale (a booking, not a block) that a platform which imported the link has not been
   * served, unacknowledged, since its stay took it; each platform silent since its last import;
   * each never imported since the link was shown. A notice tells no condition before its
   * threshold, every condition past it is told by one notice while it lasts, and a notice is
   * cleared once none of what it told lasts.
   */
  async alarmDiscrepancies(): Promise<string[]> {
    // The fetches are noted every 2 s of real time; the simulation's hours pass faster.
    await this.ctx.app.calendars.flushFetches()
    if (!(await this.ctx.app.importAlarms.judge())) return ['another pass was judging']
    const notices = (await this.host.alarms()) as AlarmNotice[]
    return this.alarmModel.step(await this.alarmConditions(), notices)
  }

  private async alarmConditions(): Promise<Map<string, Condition>> {
    const stays = await this.manzilStays()
    const now = this.clock.now().getTime()
    const today = this.clock.today()
    const conditions = new Map<string, Condition>()
    const lasting = (since: number, afterMs: number): Condition => ({ since, due: now - since > afterMs })
    for (const platform of this.platforms) {
      const times = this.importTimes.get(platform.name)!
      const median = medianMinutes(times, now)
      const last = times.at(-1)
      if (last === undefined) {
        conditions.set(`never-imported ${platform.name}`, lasting(this.start, NEVER_IMPORTED_AFTER_MS))
        continue
      }
      conditions.set(`silent ${platform.name}`, lasting(last, silentAfterMs(median)))
      const served = new Set(
        veventsOf(this.served.get(platform.name)!.at(-1)!).flatMap((event) =>
          nightsOf({ start: event.DTSTART!, end: event.DTEND! }),
        ),
      )
      // A night two sales hold was taken by the first.
      const takenAt = new Map<DateOnly, number>()
      for (const stay of stays) {
        if (stay.platform === platform.name || stay.kind !== 'booking') continue
        const since = this.takenAt.get(takingOf(stay))!
        for (const night of stay.own)
          if (night >= today && !served.has(night))
            takenAt.set(night, Math.min(takenAt.get(night) ?? since, since))
      }
      const acknowledged = this.acknowledgedAt.get(platform.name) ?? -Infinity
      for (const [night, since] of takenAt)
        if (since > acknowledged)
          conditions.set(atRiskKey(platform.name, night), lasting(since, atRiskAfterMs(median)))
    }
    return conditions
  }

  /**
   * What must hold at every moment: no echo night is a conflict (an event is flagged only when
   * its own nights meet another platform's own nights); a night sold on two platforms for two
   * rounds is flagged on both; a night no platform has sold for two rounds is neither imported by
   * any platform nor held by any of Manzil's active stays.
   */
  async discrepanciesAnyTime(): Promise<string[]> {
    const found: string[] = []
    const stays = await this.manzilStays()
    const now = this.clock.now().getTime()
    const twoRounds = 2 * HOURS_PER_ROUND * HOUR_MS
    const describe = (stay: (typeof stays)[number]) => `${stay.platform} ${stay.start} → ${stay.end}`
    for (const stay of stays) {
      if (!stay.conflict) continue
      const own = new Set(stay.own)
      const clashing = stays.some(
        (other) => other.platform !== stay.platform && other.own.some((night) => own.has(night)),
      )
      if (!clashing) found.push(`${describe(stay)} is flagged a conflict on no night of its own that clashes`)
    }
    for (const [night, since] of this.doubleSoldSince) {
      if (now - since < twoRounds) continue
      for (const platform of this.sold().get(night) ?? [])
        if (!stays.some((stay) => stay.platform === platform && stay.conflict && stay.own.includes(night)))
          found.push(
            `${night}, sold on ${this.sold().get(night)!.join(' and ')}, is not flagged on ${platform}`,
          )
    }
    const hostBlocked = this.hostBlocked()
    for (const [night, since] of this.unsoldSince) {
      if (now - since < twoRounds || hostBlocked.has(night)) continue
      for (const platform of this.platforms)
        if (platform.imported.has(night)) found.push(`${platform.name} still imports ${night}, unsold since`)
      for (const stay of stays)
        if (stay.nights.includes(night)) found.push(`${describe(stay)} still holds ${night}, unsold since`)
    }
    return found
  }

  /**
   * What must hold once two rounds passed with no sale made, cancelled or moved: each platform's
   * stays in Manzil hold exactly the nights it closes, and as its own every night it sells and no
   * other (but those it may keep, see `ownOrKept`); each platform imported exactly the nights the
   * others hold as their own; conflicts are exactly the stays whose own nights another platform
   * holds as its own too; each sale is counted once.
   */
  async discrepanciesWhenSettled(window: { start: DateOnly; end: DateOnly }): Promise<string[]> {
    const found = await this.discrepanciesAnyTime()
    const stays = await this.manzilStays()
    const show = (nights: Iterable<DateOnly>) =>
      runsOf(nights)
        .map((run) => `${run.start}/${run.end}`)
        .join(',') || 'none'
    const same = (a: Iterable<DateOnly>, b: Iterable<DateOnly>) => show(a) === show(b)
    const ownOf = new Map(
      this.platforms.map((platform) => [
        platform.name,
        new Set(stays.filter((stay) => stay.platform === platform.name).flatMap((stay) => stay.own)),
      ]),
    )
    // The host's blocks in Manzil are a source of their own, for every platform.
    const manual = stays
      .filter((stay) => !this.platforms.some((platform) => platform.name === stay.platform))
      .flatMap((stay) => stay.own)
    const ownOfOthers = (name: PlatformName) => [
      ...manual,
      ...[...ownOf].filter(([other]) => other !== name).flatMap(([, nights]) => [...nights]),
    ]
    let keptOnly = 0
    for (const platform of this.platforms) {
      const mine = stays.filter((stay) => stay.platform === platform.name)
      const held = mine.flatMap((stay) => stay.nights)
      if (!same(held, platform.closedNights()))
        found.push(
          `Manzil holds ${show(held)} for ${platform.name}, which closes ${show(platform.closedNights())}`,
        )
      const own = ownOf.get(platform.name)!
      const sells = platform.saleNights()
      const mayKeep = this.ownOrKept.get(platform.name) ?? sells
      // A merged export cannot tell a sale from the nights imported over it (a host's block it
      // imported before Manzil saw the sale): Manzil may take those as the block's echo.
      const mayLose =
        platform === this.booking && this.booking.shape === 'merged' ? platform.imported : new Set()
      if (
        ![...sells].every((night) => own.has(night) || mayLose.has(night)) ||
        ![...own].every((night) => mayKeep.has(night))
      )
        found.push(`Manzil takes ${show(own)} as ${platform.name}'s own, which sells ${show(sells)}`)
      if (!same(platform.imported, ownOfOthers(platform.name)))
        found.push(
          `${platform.name} imported ${show(platform.imported)}, the others own ${show(ownOfOthers(platform.name))}`,
        )
      const others = new Set(ownOfOthers(platform.name))
      for (const stay of mine) {
        const clashes = stay.own.some((night) => others.has(night))
        if (stay.conflict !== clashes)
          found.push(
            `${platform.name} ${stay.start} → ${stay.end} is ${stay.conflict ? '' : 'not '}flagged a conflict`,
          )
        if (stay.own.length > 0 !== (stay.kind === 'booking'))
          found.push(
            `${platform.name} ${stay.start} → ${stay.end} is a ${stay.kind} with own nights ${show(stay.own)}`,
          )
        if (stay.own.length > 0 && !stay.own.some((night) => sells.has(night))) keptOnly++
      }
    }
    const owned = new Set([...ownOf.values()].flatMap((nights) => [...nights]))
    const inWindow = [...owned].filter((night) => night >= window.start && night < window.end)
    const figures = await this.host.period(window.start, window.end)
    const expected = {
      bookedNights: inWindow.length,
      revenue: inWindow.length * 100,
      bookings: this.salesAsStays(window) + keptOnly,
    }
    const actual = {
      bookedNights: figures.bookedNights,
      revenue: figures.revenue,
      bookings: figures.bookings,
    }
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      found.push(`statistics say ${JSON.stringify(actual)}, the platforms ${JSON.stringify(expected)}`)
    return found
  }

  /**
   * The sales as the platforms' exports carry them: one each, except that Booking.com's merged
   * shape carries every run of closed nights holding a sale as one.
   */
  private salesAsStays(window: { start: DateOnly; end: DateOnly }): number {
    const inWindow = (nights: DateOnly[]) =>
      nights.some((night) => night >= window.start && night < window.end)
    return this.platforms
      .map((platform) => {
        if (platform !== this.booking || this.booking.shape === 'separate')
          return platform.sales.filter((sale) => inWindow(nightsOf(sale))).length
        const sold = platform.saleNights()
        return runsOf(platform.closedNights()).filter((run) =>
          inWindow(nightsOf(run).filter((n) => sold.has(n))),
        ).length
      })
      .reduce((a, b) => a + b, 0)
  }
}

/** A stay's taking: its nights are taken anew when its dates or own nights change. */
const takingOf = (stay: {
  id: string
  start: DateOnly
  end: DateOnly
  own: DateOnly[]
  rule: string | null
}) => `${stay.id} ${stay.start} ${stay.end} ${stay.own.join(',')} ${stay.rule ?? ''}`
