/**
 * What a host waits for when pressing Sync now over many links (bench/sync.ts): two accounts
 * alike, `links` links of `events` stays each. One account's platforms answer 304 (they send an
 * ETag); the other's send no validators and a new DTSTAMP at every export, the stays unchanged.
 * Once both are imported, their Sync now (the sync service's, as the route calls it) is timed in
 * turns, `runs` times each, and the medians compared: the unchanged export may cost at most
 * TARGET_RATIO times the 304s.
 */
import type { ChildProcess } from 'node:child_process'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../server/db/database.ts'
import type { SyncOutcome } from '../server/sync/syncCalendar.ts'
import { median } from './quick.ts'
import { accountRoute, ask, exportStamp, type Export } from './syncFeeds.ts'
import { calendarRow, hostRows, insertRows, propertyRow } from './syncSeed.ts'

export const TARGET_RATIO = 1.25
const PLATFORMS = ['Airbnb', 'Booking.com'] as const

export type SyncNowFigures = { validatedMs: number; restampedMs: number; ratio: number; failures: string[] }

export async function measureSyncNow(options: {
  app: FastifyInstance
  db: Db
  feeds: { child: ChildProcess; origin: string }
  links: number
  runs: number
}): Promise<SyncNowFigures> {
  const { app, db, feeds, links, runs } = options
  const [validating, restamping] = await hostRows('sync-now', 2)
  const accounts = [validating!, restamping!].map((host, account) => {
    const routes = Array.from({ length: links }, (_, link) => accountRoute(account * links + link))
    const properties = Array.from({ length: links / PLATFORMS.length }, (_, index) =>
      propertyRow(host.id, index),
    )
    const calendars = routes.map((route, link) =>
      calendarRow(
        properties[Math.floor(link / PLATFORMS.length)]!.id,
        PLATFORMS[link % PLATFORMS.length]!,
        `${feeds.origin}${route}`,
      ),
    )
    return { host, routes, properties, calendars }
  })
  await insertRows(db, {
    users: accounts.map((account) => account.host),
    properties: accounts.flatMap((account) => account.properties),
    calendars: accounts.flatMap((account) => account.calendars),
  })
  const [validated, restamped] = accounts as [(typeof accounts)[0], (typeof accounts)[0]]
  const serve = (routes: string[], served: Omit<Export, 'routes'>) =>
    ask(feeds.child, { export: { routes, ...served } })

  const failures: string[] = []
  const syncNow = async (account: typeof validated, expected: SyncOutcome['result']) => {
    const started = performance.now()
    const outcomes = await app.sync.syncOwnerNow(account.host.id)
    const took = performance.now() - started
    const results = new Set(outcomes.map((outcome) => outcome.result))
    if (outcomes.length !== links || results.size !== 1 || !results.has(expected))
      failures.push(
        `Sync now of ${links} links: ${outcomes.length} synced, results ${[...results].join(', ')}, not all ${expected}`,
      )
    return took
  }

  // Both imported, the validating account's ETags stored (its second fetch is a 304).
  await serve(restamped.routes, { validators: false, stamp: null })
  await syncNow(validated, 'imported')
  await syncNow(restamped, 'imported')
  await syncNow(validated, 'unchanged')

  const validatedMs: number[] = []
  const restampedMs: number[] = []
  for (let run = 0; run < runs; run++) {
    await serve(restamped.routes, { validators: false, stamp: exportStamp(run) })
    validatedMs.push(await syncNow(validated, 'unchanged'))
    restampedMs.push(await syncNow(restamped, 'unchanged'))
  }
  const figures = { validatedMs: median(validatedMs), restampedMs: median(restampedMs) }
  return { ...figures, ratio: figures.restampedMs / figures.validatedMs, failures }
}
