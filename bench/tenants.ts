/**
 * `npm run bench:tenants`: one noisy account must not hurt a normal host beside it. The real app
 * (scheduler rounds, Sync now, notice mail to a local SMTP mailbox), on SQLite and, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL too.
 *   Phase 1, the quiet baseline: the normal host alone (NORMAL_PROPERTIES properties, two links
 *   each, feeds of bench/syncFeeds.ts in a process of their own) syncs a round and presses Sync now.
 *   Phase 2, ROUNDS rounds with the noisy account beside it: SLOW_LINKS links to a feed that answers
 *   after SLOW_MS, ROTATING_LINKS feeds whose stays get new UIDs on every fetch, a property whose
 *   two feeds carry LONG_STAYS overlapping ten-year stays, and a feed whose extra stay is there on
 *   every other fetch. Between rounds an interval passes: every feed whose next sync falls within
 *   one interval is due again (a backed-off feed is not).
 * In every round of phase 2: the normal host's feeds, due at the round's start, are synced within
 * STALE_GRACE_S (so none is older than the interval + that grace); its Sync now, pressed once they
 * are, takes SYNC_NOW_TARGET_S at most; GET /api/health, timed every 10 ms from the feed server's
 * process over the round (HEALTH_WINDOW_MS at least), has a p99 of HEALTH_P99_MS at most and
 * HEALTH_RATIO times the quiet baseline's at most; no owner gets more than MAILS_PER_ROUND mails;
 * and from the second round on the database
 * (SQLite: file and WAL; PostgreSQL: every table with its indexes and TOAST) grows by
 * DB_GROWTH_MB at most a round.
 * The rotating feeds are the growth attack: their ROTATING_LINKS × ROTATING_STAYS stays keep their
 * nights but get new UIDs at every fetch, which the server re-keys (server/sync/store.ts) instead
 * of cancelling and adding them. Over the rounds the notifications stored for the noisy account
 * about those links' properties are ROTATING_NOTICES at most; the bench stores every notice it
 * writes (NOTIFICATIONS_PER_USER at its maximum), so none is counted out by being pruned.
 *   Phase 3, the stream flood: one session of the noisy account asks for a notification stream
 *   FLOOD_ATTEMPTS times in a row and closes none the server did not end first (it ends each it
 *   replaces), while health is timed as above and the normal host signs in every
 *   SIGN_IN_EVERY_MS and presses Sync now. The noisy account never holds more than
 *   STREAMS_PER_SESSION streams, the process
 *   never more than NOTIFICATION_STREAMS_PER_PROCESS; each replaced stream is told so; every
 *   sign-in answers 200; Sync now takes SYNC_NOW_TARGET_S at most and health's p99 is
 *   HEALTH_P99_MS at most. The flood's client runs in the app's process, so its own work counts
 *   against health too. Every stream is closed at the end, and the process then holds none.
 * BENCH_QUICK=1: small sizes and two rounds (the rotating feeds are fetched twice, so their UIDs
 * rotate once); the run completes, mails, Sync now, sign-ins and stream caps are checked, timings,
 * growth and the notice count are printed only. Exits 1 on a missed target or a failed check.
 */
import fs from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import pg from 'pg'
import { hashPassword } from '../server/auth/password.ts'
import type { Db } from '../server/db/database.ts'
import { STREAMS_PER_SESSION } from '../server/notification/hub.ts'
import { addDays } from '../src/domain/dates.ts'
import { calendarOf, startFeedServer, type FeedServer, type StayEvent } from '../tests/fixtures/feedServer.ts'
import { signIn, STRONG_PASSWORD } from '../tests/server/builders.ts'
import { openEventStream, type EventStream } from '../tests/server/eventStream.ts'
import { startTestApp, type Engine } from '../tests/server/harness.ts'
import { startMailbox, type Mailbox } from '../tests/server/mailbox.ts'
import { QUICK, sized, timingMissed } from './quick.ts'
import {
  ask,
  feedRoute,
  FEEDS_PER_PROPERTY,
  forkFeedServer,
  propertyOfFeed,
  type HealthFigures,
} from './syncFeeds.ts'
import { calendarRow, hostRow, insertRows, propertyRow } from './syncSeed.ts'

const NORMAL_PROPERTIES = 5
const NORMAL_FEEDS = NORMAL_PROPERTIES * FEEDS_PER_PROPERTY
const NORMAL_EVENTS = 20
const SLOW_LINKS = sized(200, 20)
const SLOW_MS = sized(9_000, 1_000)
const ROTATING_LINKS = sized(10, 2)
/**
 * Stays of one rotating link, four days apart: 2,000 stays over ten links. A single feed of
 * 2,000 stays would not fit the server's five-year stay horizon four days apart, nor stay under
 * its MAX_STAYS (server/sync/budgets.ts).
 */
const ROTATING_STAYS = 200
const LONG_STAYS = sized(2_000, 200)
const ROUNDS = sized(3, 2)
const FLOOD_ATTEMPTS = sized(2_000, 100)
const SIGN_IN_EVERY_MS = 200

/** A feed due at a round's start is synced this long after it at most. */
const STALE_GRACE_S = 60
const SYNC_NOW_TARGET_S = 30
const HEALTH_P99_MS = 50
const HEALTH_RATIO = 3
/** A conflicts mail and a digest. */
const MAILS_PER_ROUND = 2
const DB_GROWTH_MB = 4
/**
 * Notices about the rotating links' properties over all rounds: a re-keyed stay is no news, and a
 * link whose sync brings more new sales than a busy one does is unstable and tells the host once.
 */
const ROTATING_NOTICES = 5
/** A round shorter than this is timed this long, so that its health p99 rests on enough requests. */
const HEALTH_WINDOW_MS = sized(5_000, 500)

const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
const failures: string[] = []
const check = (ok: boolean, message: string) => {
  if (!ok) failures.push(message)
}
const MB = 1024 * 1024

/** The noisy account's feeds, served by this process: they change between fetches. */
const noisyRoutes = {
  slow: (link: number) => `/slow?ms=${SLOW_MS}&link=${link}`,
  rotating: (link: number) => `/rotating/${link}.ics`,
  long: (side: number) => `/long/${side}.ics`,
  flipFlop: '/flip-flop.ics',
}

/** What the noisy feeds serve on their `fetch`-th fetch (0 first). */
function serveNoisy(server: FeedServer, fetch: number) {
  for (let link = 0; link < ROTATING_LINKS; link++) {
    const stays = Array.from({ length: ROTATING_STAYS }, (_, index): StayEvent => {
      const start = addDays('2027-03-01', index * 4)
      return {
        uid: `${fetch}-${link}-${index}@rotating.test`,
        start,
        end: addDays(start, 2),
        summary: 'Reserved',
      }
    })
    server.serve(noisyRoutes.rotating(link), calendarOf(stays))
  }
  const stay = (uid: string, start: string, end: string): StayEvent => ({
    uid,
    start,
    end,
    summary: 'Reserved',
  })
  const flipFlop = [stay('kept@flip.test', '2027-02-01', '2027-02-05')]
  if (fetch % 2 === 0) flipFlop.push(stay('there-every-other-fetch@flip.test', '2027-02-10', '2027-02-14'))
  server.serve(noisyRoutes.flipFlop, calendarOf(flipFlop))
  if (fetch > 0) return
  for (let side = 0; side < 2; side++) {
    const stays = Array.from({ length: LONG_STAYS / 2 }, (_, index) => {
      const start = addDays('2027-01-01', index * 2 + side)
      return stay(`${side}-${index}@long.test`, start, addDays(start, 3652))
    })
    server.serve(noisyRoutes.long(side), calendarOf(stays))
  }
}

type Account = { id: string; email: string; calendarIds: string[] }

/** One account with a property per list of feed URLs, a link per URL. */
async function seedAccount(db: Db, email: string, propertiesUrls: string[][]): Promise<Account> {
  const user = hostRow(email, await hashPassword(STRONG_PASSWORD))
  const properties = propertiesUrls.map((_, index) => propertyRow(user.id, index))
  const calendars = propertiesUrls.flatMap((urls, property) =>
    urls.map((url, link) => ({
      ...calendarRow(properties[property]!.id, `Platform ${link}`, url),
      // Due only when a phase says so.
      next_sync_at: '9999-01-01T00:00:00.000Z',
    })),
  )
  await insertRows(db, { users: [user], properties, calendars })
  return { id: user.id, email, calendarIds: calendars.map((calendar) => calendar.id) }
}

type App = Awaited<ReturnType<typeof startTestApp>>

async function databaseBytes(test: App): Promise<number> {
  const { database } = test.config
  if (database.engine === 'sqlite') {
    const size = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0)
    return size(database.file) + size(`${database.file}-wal`)
  }
  const { rows } = await sql<{ bytes: string | null }>`
    select sum(pg_total_relation_size(c.oid)) as bytes from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${database.schema ?? 'public'} and c.relkind = 'r'`.execute(test.db)
  return Number(rows[0]?.bytes ?? 0)
}

type RoundFigures = {
  /** How long after the round's start the normal host's last feed was synced, in seconds. */
  lagS: number
  syncNowS: number
  health: HealthFigures
  roundS: number
  mails: Map<string, number>
  dbBytes: number
}

type FloodFigures = {
  /** Answers to the noisy session's stream requests, by status. */
  answers: Map<number, number>
  /** Streams told `replaced` before the server ended them. */
  replaced: number
  /** The most streams the noisy account, and the process, held after any request. */
  mostOfAccount: number
  mostInProcess: number
  /** The normal host's sign-ins meanwhile, in milliseconds, and those not answered 200. */
  signIns: number[]
  signInFailures: number
  syncNowS: number
  syncNowSynced: number
  health: HealthFigures
  /** Streams the process still held once the clients closed theirs. */
  leftOpen: number
}

async function benchEngine(engine: Engine) {
  const feeds = await forkFeedServer(NORMAL_FEEDS, NORMAL_EVENTS)
  const noisyServer = await startFeedServer()
  const mailbox: Mailbox = await startMailbox()
  const test = await startTestApp(engine, {
    env: {
      SYNC_ALLOW_HOSTS: '127.0.0.1',
      SMTP_URL: mailbox.smtpUrl,
      // Every notice written is kept to be counted: none leaves by the per-account cap first.
      NOTIFICATIONS_PER_USER: '100000',
      ...(engine === 'postgres' && postgresUrl ? { DATABASE_URL: postgresUrl } : {}),
    },
  })
  const { app, db } = test
  try {
    const origin = await app.listen({ port: 0, host: '127.0.0.1' })
    const healthUrl = `${origin}/api/health`
    const normal = await seedAccount(
      db,
      'normal-host@example.com',
      Array.from({ length: NORMAL_PROPERTIES }, (_, property) =>
        Array.from({ length: FEEDS_PER_PROPERTY }, (_, link) => {
          const feed = property * FEEDS_PER_PROPERTY + link
          if (propertyOfFeed(feed) !== property) throw new Error('the feeds of a property are consecutive')
          return `${feeds.origin}${feedRoute(feed)}`
        }),
      ),
    )
    const accounts = [normal]
    const intervalMs = app.config.syncIntervalMinutes * 60_000

    /**
     * One round: the normal host's feeds are due now, with every feed whose next sync falls within
     * an interval; once they are synced, the normal host presses Sync now.
     */
    const round = async (): Promise<RoundFigures> => {
      const syncedBefore = new Map(
        (
          await db
            .selectFrom('external_calendars')
            .select(['id', 'last_synced_at'])
            .where('id', 'in', normal.calendarIds)
            .execute()
        ).map((row) => [row.id, row.last_synced_at]),
      )
      const started = Date.now()
      const now = new Date(started).toISOString()
      await db
        .updateTable('external_calendars')
        .set({ next_sync_at: now })
        .where((eb) =>
          eb.or([
            eb('id', 'in', normal.calendarIds),
            eb('next_sync_at', '<=', new Date(started + intervalMs).toISOString()),
          ]),
        )
        .execute()
      const unread = new Map(accounts.map((account) => [account.email, mailbox.unread(account.email)]))
      await ask(feeds.child, { healthStart: healthUrl })
      const scheduled = app.syncScheduler.runDue()
      let roundOver = false
      void scheduled.finally(() => (roundOver = true)).catch(() => {})
      let lagS = NaN
      for (;;) {
        const synced = await db
          .selectFrom('external_calendars')
          .select(['id', 'last_synced_at'])
          .where('id', 'in', normal.calendarIds)
          .execute()
        const times = synced.map((row) =>
          row.last_synced_at && row.last_synced_at !== syncedBefore.get(row.id)
            ? Date.parse(row.last_synced_at)
            : NaN,
        )
        if (times.every((time) => !Number.isNaN(time))) {
          lagS = (Math.max(...times) - started) / 1000
          break
        }
        if (roundOver) break
        await sleep(100)
      }
      check(!Number.isNaN(lagS), "a round ended without syncing every one of the normal host's feeds")
      const pressed = performance.now()
      const outcomes = await app.syncCalendarsNow(normal.calendarIds)
      const syncNowS = (performance.now() - pressed) / 1000
      check(
        outcomes.length === normal.calendarIds.length,
        `Sync now synced ${outcomes.length} of the normal host's ${normal.calendarIds.length} feeds`,
      )
      await scheduled
      const roundS = (Date.now() - started) / 1000
      await sleep(HEALTH_WINDOW_MS - (Date.now() - started))
      const { health } = await ask<{ health: HealthFigures }>(feeds.child, { healthStop: true })
      // Sync now's mail does not hold up its answer.
      await sleep(500)
      const mails = new Map(
        accounts.map((account) => [
          account.email,
          mailbox.unread(account.email) - unread.get(account.email)!,
        ]),
      )
      return { lagS, syncNowS, health, roundS, mails, dbBytes: await databaseBytes(test) }
    }

    const quiet = await round()
    serveNoisy(noisyServer, 0)
    const noisy = await seedAccount(db, 'noisy-host@example.com', [
      Array.from({ length: SLOW_LINKS }, (_, link) => noisyServer.url(noisyRoutes.slow(link))),
      ...Array.from({ length: ROTATING_LINKS }, (_, link) => [noisyServer.url(noisyRoutes.rotating(link))]),
      [0, 1].map((side) => noisyServer.url(noisyRoutes.long(side))),
      [noisyServer.url(noisyRoutes.flipFlop)],
    ])
    accounts.push(noisy)
    // Its first round: every feed of the noisy account is due with the normal host's.
    await db
      .updateTable('external_calendars')
      .set({ next_sync_at: new Date().toISOString() })
      .where('id', 'in', noisy.calendarIds)
      .execute()
    const rounds: RoundFigures[] = []
    for (let fetch = 0; fetch < ROUNDS; fetch++) {
      serveNoisy(noisyServer, fetch)
      rounds.push(await round())
    }
    const rotatingIds = noisy.calendarIds.slice(SLOW_LINKS, SLOW_LINKS + ROTATING_LINKS)
    const rotatingProperties = new Set(
      (
        await db
          .selectFrom('external_calendars')
          .select('property_id')
          .where('id', 'in', rotatingIds)
          .execute()
      ).map((row) => row.property_id),
    )
    const noisyNotices = (
      await db.selectFrom('notifications').select('data').where('user_id', '=', noisy.id).execute()
    ).map((row) => JSON.parse(row.data) as { propertyId?: string })
    const rotatingNotices = noisyNotices.filter(
      (data) => data.propertyId !== undefined && rotatingProperties.has(data.propertyId),
    ).length
    const rotatingRows = await db
      .selectFrom('bookings')
      .select(db.fn.countAll().as('n'))
      .where('calendar_id', 'in', rotatingIds)
      .executeTakeFirstOrThrow()
    const rotatingUnstable = await db
      .selectFrom('external_calendars')
      .select(db.fn.countAll().as('n'))
      .where('id', 'in', rotatingIds)
      .where('unstable_since', 'is not', null)
      .executeTakeFirstOrThrow()

    /**
     * Phase 3: the noisy session asks for streams over and over, as a script would; the server
     * ends each stream it replaces, and the client side of that one is then closed too.
     */
    const flood = async (): Promise<FloodFigures> => {
      const cookie = await signIn(app, noisy.email)
      const { hub } = app.notifications
      await ask(feeds.child, { healthStart: healthUrl })
      const started = Date.now()
      let flooding = true
      const signIns: number[] = []
      let signInFailures = 0
      const signingIn = (async () => {
        while (flooding) {
          const asked = performance.now()
          const response = await fetch(`${origin}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin },
            body: JSON.stringify({ email: normal.email, password: STRONG_PASSWORD }),
          })
          await response.arrayBuffer()
          if (response.status === 200) signIns.push(performance.now() - asked)
          else signInFailures++
          await sleep(SIGN_IN_EVERY_MS)
        }
      })()
      const pressed = performance.now()
      const syncNow = app
        .syncCalendarsNow(normal.calendarIds)
        .then((outcomes) => ({ synced: outcomes.length, s: (performance.now() - pressed) / 1000 }))

      const answers = new Map<number, number>()
      const open: EventStream[] = []
      let replaced = 0
      let mostOfAccount = 0
      let mostInProcess = 0
      try {
        for (let attempt = 0; attempt < FLOOD_ATTEMPTS; attempt++) {
          const stream = await openEventStream(`${origin}/api/notification/sse`, cookie)
          const { status } = stream.response
          answers.set(status, (answers.get(status) ?? 0) + 1)
          if (status === 200) {
            open.push(stream)
            await stream.next()
          } else stream.close()
          mostOfAccount = Math.max(mostOfAccount, hub.streamsOf(noisy.id))
          mostInProcess = Math.max(mostInProcess, hub.openStreams())
          while (open.length > STREAMS_PER_SESSION) {
            const oldest = open.shift()!
            // A heartbeat may come first on a stream the flood has held for more than 25 s.
            let frame = await oldest.next()
            while (frame?.comment !== undefined) frame = await oldest.next()
            if (frame?.event === 'replaced') replaced++
            oldest.close()
          }
        }
      } finally {
        flooding = false
        open.forEach((stream) => stream.close())
      }
      await signingIn
      const { synced, s: syncNowS } = await syncNow
      await sleep(HEALTH_WINDOW_MS - (Date.now() - started))
      const { health } = await ask<{ health: HealthFigures }>(feeds.child, { healthStop: true })
      // The server sees the clients go at its next read of their sockets.
      for (let wait = 0; wait < 20 && hub.openStreams() > 0; wait++) await sleep(100)
      return {
        answers,
        replaced,
        mostOfAccount,
        mostInProcess,
        signIns,
        signInFailures,
        syncNowS,
        syncNowSynced: synced,
        health,
        leftOpen: hub.openStreams(),
      }
    }
    const flooded = await flood()

    const noisyErrors = await db
      .selectFrom('external_calendars')
      .select(['last_error', db.fn.countAll().as('n')])
      .where('id', 'in', noisy.calendarIds)
      .groupBy('last_error')
      .execute()

    const s = (value: number) => `${value.toFixed(1)} s`
    const ms = (value: number) => `${value.toFixed(1)} ms`
    const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`
    const mailsOf = (figures: RoundFigures) =>
      accounts
        .map((account) => `${account.email.split('@')[0]} ${figures.mails.get(account.email) ?? 0}`)
        .join(', ')
    const describe = (name: string, figures: RoundFigures) =>
      console.log(
        `  ${name.padEnd(22)} round ${s(figures.roundS)}; normal feeds synced ${s(figures.lagS)} after due; ` +
          `Sync now ${s(figures.syncNowS)}; health p50 ${ms(figures.health.p50)}, p99 ${ms(figures.health.p99)} ` +
          `(${(figures.health.p99 / quiet.health.p99).toFixed(1)}× quiet), max ${ms(figures.health.max)} over ` +
          `${figures.health.count} requests${figures.health.errors > 0 ? `, ${figures.health.errors} failed` : ''}; ` +
          `mails ${mailsOf(figures)}; database ${mb(figures.dbBytes)}`,
      )
    console.log(
      `Tenants on ${engine}: a normal host (${NORMAL_FEEDS} links) beside a noisy one (${SLOW_LINKS} links ` +
        `answering after ${SLOW_MS / 1000} s, ${ROTATING_LINKS} × ${ROTATING_STAYS} rotating UIDs, ${LONG_STAYS} overlapping ten-year ` +
        `stays, a flip-flop feed); SYNC_CONCURRENCY ${app.config.syncConcurrency}, interval ` +
        `${app.config.syncIntervalMinutes} min` +
        (QUICK ? ' — BENCH_QUICK: correctness only, no timing or growth target' : ''),
    )
    describe('quiet baseline', quiet)
    rounds.forEach((figures, index) => describe(`noisy round ${index + 1}`, figures))
    console.log(
      `  noisy feeds' last errors: ${noisyErrors.map((row) => `${Number(row.n)} ${row.last_error ?? 'none'}`).join(', ')}`,
    )
    const growth = rounds.slice(1).map((figures, index) => mb(figures.dbBytes - rounds[index]!.dbBytes))
    console.log(
      `  rotating UIDs: ${Number(rotatingRows.n)} stay rows for ${ROTATING_LINKS * ROTATING_STAYS} stays, ` +
        `${Number(rotatingUnstable.n)} of ${ROTATING_LINKS} links unstable, ${rotatingNotices} notices about them ` +
        `(${noisyNotices.length} for the noisy account); database growth a round from the second on ` +
        `${growth.join(' / ')}`,
    )
    const opened = flooded.answers.get(200) ?? 0
    const signInsSorted = [...flooded.signIns].sort((a, b) => a - b)
    console.log(
      `  stream flood: ${FLOOD_ATTEMPTS} requests from one noisy session answered ` +
        `${[...flooded.answers].map(([status, count]) => `${count} × ${status}`).join(', ')}, ${flooded.replaced} ` +
        `told replaced; at most ${flooded.mostOfAccount} streams for the account, ${flooded.mostInProcess} in the ` +
        `process (cap ${app.config.notificationStreamsPerProcess}), ${flooded.leftOpen} left after closing; ` +
        `normal host: ${flooded.signIns.length} sign-ins, median ${ms(signInsSorted[Math.floor(signInsSorted.length / 2)] ?? NaN)}, ` +
        `longest ${ms(signInsSorted.at(-1) ?? NaN)}${flooded.signInFailures > 0 ? `, ${flooded.signInFailures} failed` : ''}; ` +
        `Sync now ${s(flooded.syncNowS)}; health p50 ${ms(flooded.health.p50)}, p99 ${ms(flooded.health.p99)}, ` +
        `max ${ms(flooded.health.max)} over ${flooded.health.count} requests` +
        `${flooded.health.errors > 0 ? `, ${flooded.health.errors} failed` : ''}`,
    )

    for (const [index, figures] of [quiet, ...rounds].entries()) {
      const name = index === 0 ? 'quiet baseline' : `noisy round ${index}`
      for (const [email, count] of figures.mails)
        check(count <= MAILS_PER_ROUND, `${name}: ${email} got ${count} mails (at most ${MAILS_PER_ROUND})`)
      check(figures.health.errors === 0, `${name}: ${figures.health.errors} health requests failed`)
    }
    check(
      opened === FLOOD_ATTEMPTS,
      `stream flood: ${FLOOD_ATTEMPTS - opened} of a session's stream requests were not let in (its oldest gives way)`,
    )
    check(
      flooded.replaced === Math.max(0, opened - STREAMS_PER_SESSION),
      `stream flood: ${flooded.replaced} streams told replaced, not ${Math.max(0, opened - STREAMS_PER_SESSION)}`,
    )
    check(
      flooded.mostOfAccount <= STREAMS_PER_SESSION,
      `stream flood: the noisy session held ${flooded.mostOfAccount} streams (at most ${STREAMS_PER_SESSION})`,
    )
    check(
      flooded.mostInProcess <= app.config.notificationStreamsPerProcess,
      `stream flood: the process held ${flooded.mostInProcess} streams (at most ${app.config.notificationStreamsPerProcess})`,
    )
    check(
      flooded.leftOpen === 0,
      `stream flood: ${flooded.leftOpen} streams still open after every client closed`,
    )
    check(
      flooded.signIns.length > 0 && flooded.signInFailures === 0,
      `stream flood: ${flooded.signInFailures} of the normal host's sign-ins failed, ${flooded.signIns.length} answered`,
    )
    check(
      flooded.syncNowSynced === normal.calendarIds.length,
      `stream flood: Sync now synced ${flooded.syncNowSynced} of the normal host's ${normal.calendarIds.length} feeds`,
    )
    check(flooded.health.errors === 0, `stream flood: ${flooded.health.errors} health requests failed`)
    const timing = (ok: boolean, message: string) => {
      if (!ok) timingMissed(`MISSED on ${engine}: ${message}`)
    }
    rounds.forEach((figures, index) => {
      const name = `noisy round ${index + 1}`
      timing(
        figures.lagS <= STALE_GRACE_S,
        `${name}: normal feeds synced ${s(figures.lagS)} after due (> ${STALE_GRACE_S} s)`,
      )
      timing(
        figures.syncNowS <= SYNC_NOW_TARGET_S,
        `${name}: Sync now took ${s(figures.syncNowS)} (> ${SYNC_NOW_TARGET_S} s)`,
      )
      timing(
        figures.health.p99 <= HEALTH_P99_MS,
        `${name}: health p99 ${ms(figures.health.p99)} > ${HEALTH_P99_MS} ms`,
      )
      timing(
        figures.health.p99 <= HEALTH_RATIO * quiet.health.p99,
        `${name}: health p99 ${ms(figures.health.p99)} > ${HEALTH_RATIO}× the quiet ${ms(quiet.health.p99)}`,
      )
      const before = rounds[index - 1]
      if (before)
        timing(
          figures.dbBytes - before.dbBytes <= DB_GROWTH_MB * MB,
          `${name}: the database grew by ${mb(figures.dbBytes - before.dbBytes)} (> ${DB_GROWTH_MB} MB)`,
        )
    })
    timing(
      rotatingNotices <= ROTATING_NOTICES,
      `${rotatingNotices} notices about the rotating links (> ${ROTATING_NOTICES})`,
    )
    timing(
      flooded.health.p99 <= HEALTH_P99_MS,
      `stream flood: health p99 ${ms(flooded.health.p99)} > ${HEALTH_P99_MS} ms`,
    )
    timing(
      flooded.syncNowS <= SYNC_NOW_TARGET_S,
      `stream flood: Sync now took ${s(flooded.syncNowS)} (> ${SYNC_NOW_TARGET_S} s)`,
    )
  } finally {
    await test.stop()
    if (
      engine === 'postgres' &&
      !process.env.TEST_DATABASE_URL &&
      test.config.database.engine === 'postgres'
    ) {
      // The harness drops its schema only on TEST_DATABASE_URL.
      const client = new pg.Client({ connectionString: postgresUrl })
      await client.connect()
      await client.query(`drop schema if exists "${test.config.database.schema}" cascade`)
      await client.end()
    }
    await noisyServer.close()
    await mailbox.stop()
    feeds.child.disconnect()
  }
}

const engines: Engine[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite']
if (!postgresUrl)
  console.log('  PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it.')
for (const engine of engines) await benchEngine(engine)
if (failures.length > 0) {
  console.error(`FAILED:\n  ${[...new Set(failures)].join('\n  ')}`)
  process.exit(1)
}
if (process.exitCode) process.exit(process.exitCode)
console.log(QUICK ? 'PASS (quick)' : 'PASS')
