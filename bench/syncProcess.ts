/**
 * The second server process of `BENCH_PROCESSES=2 npm run bench:sync`: the app on the bench's
 * PostgreSQL schema (BENCH_SCHEMA), whose scheduler runs a round when told, beside the bench's
 * own process running one at the same moment. Leases keep the two off each other's feeds.
 *
 * IPC: answers `{ ready: true }` once the app is ready; `{ runDue: true }` runs a round and
 * answers `{ synced }`, how many feeds this process synced.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { startTestApp } from '../tests/server/harness.ts'

/** Starts a second server on `schema` in a process of its own. */
export function forkSyncProcess(schema: string): Promise<ChildProcess> {
  const child = fork(fileURLToPath(import.meta.url), {
    env: { ...process.env, BENCH_SCHEMA: schema },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child))
    child.once('exit', (code) => reject(new Error(`the second server process exited with ${code}`)))
  })
}

async function main() {
  const test = await startTestApp('postgres', {
    env: { SYNC_ALLOW_HOSTS: '127.0.0.1' },
    joinSchema: process.env.BENCH_SCHEMA,
  })
  process.on('message', (message: { runDue: true }) => {
    if (message.runDue) void test.app.syncScheduler.runDue().then((synced) => process.send?.({ synced }))
  })
  process.on('disconnect', () => void test.stop().then(() => process.exit(0)))
  process.send?.({ ready: true })
}

if (process.send && process.env.BENCH_SCHEMA) await main()
