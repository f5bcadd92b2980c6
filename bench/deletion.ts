/**
 * `npm run bench:deletion`: an admin deletes an account of PROPERTIES properties while a load
 * balancer keeps asking GET /api/health; on SQLite and, when TEST_DATABASE_URL is set, on
 * PostgreSQL too. Each property has a photo (its files on disk), a linked calendar of
 * STAYS_PER_PROPERTY stays whose every neighbour pair is an announced conflict, a platform feed
 * with its served runs of nights; the account has its notifications (tests/server/portfolioRows.ts). A
 * bystander's small account must come through whole.
 * Health is timed every 10 ms from a worker thread of another process (bench/syncFeeds.ts), first
 * for QUIET_MS with nothing to do (the baseline), then over the deletion. Targets: health p99 ≤
 * HEALTH_P99_MS during the deletion; every row and file of the account gone, the bystander's kept.
 * BENCH_QUICK=1: 100 properties; the rows are checked, the timings printed only. Exits 1 on a
 * missed target or a failed check.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { post } from '../tests/server/accounts.ts'
import { aUser, signIn } from '../tests/server/builders.ts'
import { startTestApp, type Engine } from '../tests/server/harness.ts'
import {
  aPortfolio,
  filesLeft,
  NONE,
  rowsOf,
  rowsOfPortfolio,
  type Sizes,
} from '../tests/server/portfolioRows.ts'
import { sized, timingMissed } from './quick.ts'
import { ask, forkFeedServer, type HealthFigures } from './syncFeeds.ts'

const PROPERTIES = sized(2_000, 100)
/** 21 stays a property: 40,000 announced conflicts at full size, as many as the attack had. */
const STAYS_PER_PROPERTY = 21
const ACCOUNT: Sizes = {
  properties: PROPERTIES,
  staysPerProperty: STAYS_PER_PROPERTY,
  servedRunsPerFeed: 30,
  notifications: 2_000,
}
const BYSTANDER: Sizes = { properties: 3, staysPerProperty: 5, servedRunsPerFeed: 10, notifications: 10 }
const HEALTH_P99_MS = 50
const QUIET_MS = sized(3_000, 500)
const SETTLE_MS = sized(2_000, 200)

const failures: string[] = []
const check = (ok: boolean, message: string) => {
  if (!ok) failures.push(message)
}
const ms = (value: number) => `${value.toFixed(1)} ms`

async function benchEngine(engine: Engine) {
  const client = await forkFeedServer(0, 0)
  const test = await startTestApp(engine)
  const { app } = test
  try {
    const admin = await aUser(app.db, { isAdmin: true })
    const cookie = await signIn(app, admin.email)
    const bystander = await aPortfolio(test, BYSTANDER)
    const seeded = performance.now()
    const host = await aPortfolio(test, ACCOUNT)
    const rows = rowsOfPortfolio(ACCOUNT)
    console.log(
      `  ${engine}: ${rows.properties} properties, ${rows.stays} stays, ${rows.conflicts} conflicts, ` +
        `${rows.servedRuns} served runs, ${rows.notifications} notifications, seeded in ` +
        `${Math.round((performance.now() - seeded) / 1000)} s`,
    )
    const healthUrl = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/health`
    const timeHealth = async (work: () => Promise<unknown>) => {
      await ask(client.child, { healthStart: healthUrl })
      await work()
      return (await ask<{ health: HealthFigures }>(client.child, { healthStop: true })).health
    }

    // The baseline is a server with nothing to do: the seeding's log written back (the
    // checkpointer's turns), and health asked once, as a load balancer already has.
    await sleep(SETTLE_MS)
    await app.inject({ method: 'GET', url: '/api/health' })
    const quiet = await timeHealth(() => sleep(QUIET_MS))
    const started = performance.now()
    let status = 0
    const during = await timeHealth(async () => {
      const response = await post(
        app,
        `/api/admin/user/${host.id}/delete`,
        { reason: 'Portfolio closed' },
        { cookie },
      )
      status = response.statusCode
    })
    const seconds = (performance.now() - started) / 1000

    console.table([
      {
        phase: 'quiet',
        'health p50': ms(quiet.p50),
        'health p99': ms(quiet.p99),
        max: ms(quiet.max),
        answers: quiet.count,
      },
      {
        phase: 'deleting',
        'health p50': ms(during.p50),
        'health p99': ms(during.p99),
        max: ms(during.max),
        answers: during.count,
      },
    ])
    console.log(`  ${engine}: the account was deleted in ${seconds.toFixed(1)} s (status ${status})`)
    check(status === 204, `${engine}: the deletion answered ${status}, not 204`)
    check(during.errors === 0 && quiet.errors === 0, `${engine}: health failed ${during.errors} times`)
    check(JSON.stringify(await rowsOf(app.db, host.id)) === JSON.stringify(NONE), `${engine}: rows left`)
    check(filesLeft(test, host.files) === 0, `${engine}: photo files left`)
    check(
      JSON.stringify(await rowsOf(app.db, bystander.id)) === JSON.stringify(rowsOfPortfolio(BYSTANDER)),
      `${engine}: the bystander lost rows`,
    )
    check(
      filesLeft(test, bystander.files) === 2 * BYSTANDER.properties,
      `${engine}: the bystander lost files`,
    )
    if (during.p99 > HEALTH_P99_MS)
      timingMissed(`MISSED on ${engine}: health p99 ${ms(during.p99)} > ${HEALTH_P99_MS} ms while deleting`)
  } finally {
    await test.stop()
    client.child.disconnect()
  }
}

const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']
if (!process.env.TEST_DATABASE_URL) console.log('  PostgreSQL skipped: set TEST_DATABASE_URL to include it.')
for (const engine of engines) await benchEngine(engine)
if (failures.length > 0) {
  console.error(`FAILED:\n  ${failures.join('\n  ')}`)
  process.exit(1)
}
