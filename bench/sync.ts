/**
 * `npm run bench:sync` (issue 7): 5,000 external calendars of 40 stays each, served by a local
 * feed server in its own process, synced by the real engine (the scheduler's runDue, SQLite):
 *   1. a first sync of every feed;
 *   2. a re-sync where every feed answers 304;
 *   3. a re-sync where 1% of the feeds gained a stay: each must be imported and notified once;
 *   4. another 304 re-sync, which must notify nothing (memory must stay where it was).
 * Each rate is also printed as a ratio to a plain fetch of the same feeds (fetchFeed, same
 * concurrency, no parsing or storing) measured in the same run. Exits 1 on a missed target.
 */
import { fork, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { hashPassword } from '../server/auth/password.ts'
import { fetchFeed } from '../server/sync/fetch.ts'
import { SYNC_CONCURRENCY } from '../server/sync/scheduler.ts'
import type { Db } from '../server/db/database.ts'
import { STRONG_PASSWORD } from '../tests/server/builders.ts'
import { startTestApp } from '../tests/server/harness.ts'
import { feedRoute } from './syncFeeds.ts'

const FEEDS = 5000
const EVENTS = 40
const HOSTS = 500
const CHANGED = FEEDS / 100
const PLATFORMS = ['Airbnb', 'Booking.com'] as const
const TARGET_FIRST_SYNC = 150
const TARGET_UNCHANGED = 1000
/** Resident memory after the last re-sync may exceed that after the first by this share at most. */
const MEMORY_TOLERANCE = 0.2

const here = path.dirname(fileURLToPath(import.meta.url))
const failures: string[] = []
const check = (ok: boolean, message: string) => {
  if (!ok) failures.push(message)
}

function startFeeds(): Promise<{ child: ChildProcess; origin: string }> {
  const child = fork(path.join(here, 'syncFeeds.ts'), {
    env: { ...process.env, BENCH_FEEDS: String(FEEDS), BENCH_EVENTS: String(EVENTS) },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, origin: (message as { origin: string }).origin }))
    child.once('exit', (code) => reject(new Error(`the feed server exited with ${code}`)))
  })
}

const changeFeeds = (child: ChildProcess, feeds: number[]) =>
  new Promise<string[]>((resolve) => {
    child.once('message', (message) => resolve((message as { changed: string[] }).changed))
    child.send({ change: feeds })
  })

type Seeded = { calendarOfFeed: string[]; ownerOfFeed: string[] }

/** HOSTS hosts, each with FEEDS / HOSTS / 2 properties, each property with an Airbnb and a Booking.com link. */
async function seed(db: Db, origin: string): Promise<Seeded> {
  const now = new Date().toISOString()
  const passwordHash = await hashPassword(STRONG_PASSWORD)
  const users = Array.from({ length: HOSTS }, (_, index) => ({
    id: randomUUID(),
    email: `bench-host-${index}@example.com`,
    password_hash: passwordHash,
    name: `Host ${index}`,
    phone: null,
    residental_address: null,
    is_admin: 0 as const,
    twofactor_enabled: 0 as const,
    created_at: now,
    updated_at: now,
  }))
  const properties = Array.from({ length: FEEDS / PLATFORMS.length }, (_, index) => ({
    id: randomUUID(),
    owner_id: users[index % HOSTS]!.id,
    name: `Flat ${index}`,
    country: 'Saudi Arabia',
    region: null,
    city: 'Riyadh',
    address: `King Fahd Road ${index}`,
    description: null,
    capacity: 4,
    cost_per_night: 500,
    export_token: randomBytes(16).toString('hex'),
    created_at: now,
    updated_at: now,
  }))
  const calendars = Array.from({ length: FEEDS }, (_, feed) => ({
    id: randomUUID(),
    property_id: properties[Math.floor(feed / PLATFORMS.length)]!.id,
    platform_name: PLATFORMS[feed % PLATFORMS.length]!,
    url: `${origin}${feedRoute(feed)}`,
    next_sync_at: now,
    created_at: now,
  }))
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < users.length; i += 500)
      await trx
        .insertInto('users')
        .values(users.slice(i, i + 500))
        .execute()
    for (let i = 0; i < properties.length; i += 500)
      await trx
        .insertInto('properties')
        .values(properties.slice(i, i + 500))
        .execute()
    for (let i = 0; i < calendars.length; i += 500)
      await trx
        .insertInto('external_calendars')
        .values(calendars.slice(i, i + 500))
        .execute()
  })
  const ownerOfProperty = new Map(properties.map((property) => [property.id, property.owner_id]))
  return {
    calendarOfFeed: calendars.map((calendar) => calendar.id),
    ownerOfFeed: calendars.map((calendar) => ownerOfProperty.get(calendar.property_id)!),
  }
}

/** Runs `task` over `items`, SYNC_CONCURRENCY at a time, as the scheduler does. */
async function inPool<T>(items: T[], task: (item: T) => Promise<unknown>) {
  let next = 0
  const worker = async () => {
    while (next < items.length) await task(items[next++]!)
  }
  await Promise.all(Array.from({ length: SYNC_CONCURRENCY }, worker))
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`
type Timed = { seconds: number; rate: number; rss: number }

async function timed(feeds: number, work: () => Promise<unknown>): Promise<Timed> {
  const started = performance.now()
  await work()
  const seconds = (performance.now() - started) / 1000
  return { seconds, rate: feeds / seconds, rss: process.memoryUsage().rss }
}

async function main() {
  const feeds = await startFeeds()
  const test = await startTestApp('sqlite', { env: { SYNC_ALLOW_HOSTS: '127.0.0.1' } })
  const { app, db } = test
  try {
    const seeded = await seed(db, feeds.origin)
    const urls = Array.from({ length: FEEDS }, (_, feed) => `${feeds.origin}${feedRoute(feed)}`)
    const etags = new Map<string, string | null>()
    const allowHosts = app.config.syncAllowHosts

    // Every delivery to a live stream, per user: what "notified" means to a host.
    const delivered = new Map<string, number>()
    const { hub } = app.notifications
    const deliver = hub.deliver
    hub.deliver = (userId, event) => {
      delivered.set(userId, (delivered.get(userId) ?? 0) + 1)
      deliver(userId, event)
    }
    const countOf = async (table: 'bookings' | 'notifications') =>
      Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)

    const syncAll = async () => {
      // The interval has passed for every feed.
      await db.updateTable('external_calendars').set({ next_sync_at: new Date().toISOString() }).execute()
      return timed(FEEDS, async () => {
        const synced = await app.syncScheduler.runDue()
        check(synced === FEEDS, `a sync round synced ${synced} feeds, not ${FEEDS}`)
      })
    }
    const failedFeeds = async () =>
      Number(
        (
          await db
            .selectFrom('external_calendars')
            .select(db.fn.countAll().as('n'))
            .where('last_error', 'is not', null)
            .executeTakeFirstOrThrow()
        ).n,
      )

    const rawFirst = await timed(FEEDS, () =>
      inPool(urls, async (url) => {
        const response = await fetchFeed(url, { allowHosts })
        if (response.status === 'ok') etags.set(url, response.etag)
      }),
    )
    const first = await syncAll()
    check((await failedFeeds()) === 0, 'some feeds failed in the first sync')
    check(
      (await countOf('bookings')) === FEEDS * EVENTS,
      `the first sync stored ${await countOf('bookings')} bookings`,
    )
    check((await countOf('notifications')) === 0, 'the first import of a link notified')

    const rawUnchanged = await timed(FEEDS, () =>
      inPool(urls, async (url) => {
        const response = await fetchFeed(url, { allowHosts, etag: etags.get(url) ?? null })
        check(response.status === 'not-modified', `${url} did not answer 304`)
      }),
    )
    const unchanged = await syncAll()

    const changedFeeds = Array.from(
      { length: CHANGED },
      (_, index) => Math.floor((index * FEEDS) / CHANGED) + 7,
    )
    const newUids = await changeFeeds(feeds.child, changedFeeds)
    const changed = await syncAll()
    const added = await db
      .selectFrom('bookings')
      .select(['id', 'uid', 'calendar_id'])
      .where('uid', 'in', newUids)
      .execute()
    const notifications = await db.selectFrom('notifications').select(['user_id', 'data']).execute()
    const expectedPerUser = new Map<string, number>()
    changedFeeds.forEach((feed, index) => {
      const owner = seeded.ownerOfFeed[feed]!
      expectedPerUser.set(owner, (expectedPerUser.get(owner) ?? 0) + 1)
      const booking = added.find((row) => row.uid === newUids[index])
      check(
        booking?.calendar_id === seeded.calendarOfFeed[feed],
        `the stay added to feed ${feed} was not imported`,
      )
      const naming = notifications.filter((row) => booking && row.data.includes(booking.id))
      check(
        naming.length === 1 && naming[0]!.user_id === owner,
        `the stay added to feed ${feed} is in ${naming.length} notifications`,
      )
    })
    check(added.length === CHANGED, `${added.length} new stays imported, not ${CHANGED}`)
    check(notifications.length === CHANGED, `${notifications.length} notifications stored, not ${CHANGED}`)
    for (const [user, expected] of expectedPerUser)
      check(
        delivered.get(user) === expected,
        `a host was notified ${delivered.get(user) ?? 0} times, not ${expected}`,
      )
    check(
      [...delivered.values()].reduce((sum, n) => sum + n, 0) === CHANGED,
      'notifications went to hosts whose feeds did not change',
    )

    const again = await syncAll()
    check((await countOf('notifications')) === CHANGED, 'a re-sync after the change notified again')
    check((await failedFeeds()) === 0, 'some feeds failed')

    const line = (name: string, result: Timed, baseline: Timed | null, target: number | null) =>
      console.log(
        `  ${name.padEnd(34)} ${result.seconds.toFixed(1).padStart(5)} s  ${Math.round(result.rate)
          .toString()
          .padStart(5)} feeds/s` +
          (baseline ? `  ratio ${(result.rate / baseline.rate).toFixed(2)} of plain fetch` : '') +
          (target ? `  (target ≥ ${target})` : '') +
          `  RSS ${mb(result.rss)}`,
      )
    console.log(
      `Sync of ${FEEDS} feeds × ${EVENTS} stays (SQLite, ${SYNC_CONCURRENCY} at a time; feed server in its own process)`,
    )
    line('baseline: plain fetch, 200', rawFirst, null, null)
    line('baseline: plain fetch, 304', rawUnchanged, null, null)
    line('1. first sync', first, rawFirst, TARGET_FIRST_SYNC)
    line('2. re-sync, all 304', unchanged, rawUnchanged, TARGET_UNCHANGED)
    line(`3. re-sync, ${CHANGED} feeds changed`, changed, rawUnchanged, null)
    line('4. re-sync, all 304 again', again, rawUnchanged, TARGET_UNCHANGED)
    console.log(
      `  changed feeds: ${added.length} new stays imported, ${notifications.length} notifications, ` +
        `${[...delivered.values()].reduce((sum, n) => sum + n, 0)} deliveries (expected ${CHANGED} each)`,
    )
    check(
      first.rate >= TARGET_FIRST_SYNC,
      `first sync ${Math.round(first.rate)} feeds/s < ${TARGET_FIRST_SYNC}`,
    )
    check(
      unchanged.rate >= TARGET_UNCHANGED,
      `304 re-sync ${Math.round(unchanged.rate)} feeds/s < ${TARGET_UNCHANGED}`,
    )
    check(
      again.rate >= TARGET_UNCHANGED,
      `second 304 re-sync ${Math.round(again.rate)} feeds/s < ${TARGET_UNCHANGED}`,
    )
    check(
      again.rss <= unchanged.rss * (1 + MEMORY_TOLERANCE),
      `memory grew from ${mb(unchanged.rss)} to ${mb(again.rss)} between the re-syncs`,
    )
  } finally {
    await test.stop()
    feeds.child.disconnect()
  }
  if (failures.length > 0) {
    console.error(`MISSED:\n  ${[...new Set(failures)].join('\n  ')}`)
    process.exit(1)
  }
  console.log('PASS')
}

await main()
