import fs from 'node:fs'
import { Session } from 'node:inspector/promises'
import { startTestApp } from '../tests/server/harness.ts'
import { accountRoute, ask, exportStamp, forkFeedServer } from './syncFeeds.ts'
import { measureSyncNow } from './syncNow.ts'

const feeds = await forkFeedServer(0, 0, { links: 1000, events: 100 })
const test = await startTestApp('sqlite', { env: { SYNC_ALLOW_HOSTS: '127.0.0.1' } })
const figures = await measureSyncNow({ app: test.app, db: test.db, feeds, links: 500, runs: 3 })
console.log(figures)
const users = await test.db.selectFrom('users').select(['id', 'email']).where('email', 'like', 'bench-sync-now-%').orderBy('email').execute()
const [validated, restamped] = users
const routes = Array.from({ length: 500 }, (_, link) => accountRoute(500 + link))
const session = new Session()
session.connect()
await session.post('Profiler.enable')
await session.post('Profiler.setSamplingInterval', { interval: 100 })
const which = process.env.WHICH === 'validated' ? validated! : restamped!
const times: number[] = []
for (let run = 0; run < 10; run++) {
  await ask(feeds.child, { export: { routes, validators: false, stamp: exportStamp(20 + run) } })
  if (run === 2) await session.post('Profiler.start')
  const started = performance.now()
  await test.app.sync.syncOwnerNow(which.id)
  times.push(performance.now() - started)
}
const { profile: cpu } = await session.post('Profiler.stop')
fs.writeFileSync(`/tmp/probes/${process.env.WHICH ?? 'restamped'}.cpuprofile`, JSON.stringify(cpu))
console.log(times.map((t) => t.toFixed(0)).join(' '))
feeds.child.kill()
process.exit(0)
