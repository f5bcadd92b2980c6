/**
 * `npm run bench:sse`: 5,000 signed-in notification streams open at once on one server
 * process (the real app, SQLite), then 200 notifications for 200 distinct users stored and
 * announced back to back, the way a sync round does; latency is from the moment each one is
 * stored to the moment its client reads it (clients in a process of their own). The same is done
 * first against a bare SSE route (a Fastify route that writes the frame, no session, no database)
 * in the same process, as the baseline. Prints memory per stream; exits 1 when the p99 exceeds
 * 250 ms or a notification reaches the wrong streams, or not exactly once. BENCH_QUICK=1: 200
 * streams and 20 notifications, every delivery still checked, the p99 only reported (bench/quick.ts).
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import v8 from 'node:v8'
import vm from 'node:vm'
import { randomBytes, randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { setTimeout as sleep } from 'node:timers/promises'
import Fastify from 'fastify'
import type { ServerResponse } from 'node:http'
import { SESSION_COOKIE, SESSION_LIFETIME_MS, sha256 } from '../server/auth/session.ts'
import { calendarText } from '../server/calendar/ics.ts'
import type { Db } from '../server/db/database.ts'
import { createNotification } from '../server/notification/store.ts'
import { startTestApp } from '../tests/server/harness.ts'
import { originOf } from '../tests/server/eventStream.ts'
import { sized, timingMissed } from './quick.ts'
import type { Frame, Stream } from './sseClients.ts'

const STREAMS = sized(5000, 200)
const NOTIFIED = sized(200, 20)
const TARGET_P99_MS = 250
/**
 * Each process holds one socket per stream, and a few more; the server admits streams up to half
 * its open-file limit (NOTIFICATION_STREAMS_PER_PROCESS's default).
 */
const FILES_NEEDED = 2 * STREAMS + 1000

const here = path.dirname(fileURLToPath(import.meta.url))
const now = () => performance.timeOrigin + performance.now()

/** Node cannot raise its own descriptor limit: below what is needed, run again under a raised `ulimit -n`. */
function ensureFileLimit() {
  const limit = Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim())
  if (limit >= FILES_NEEDED || Number.isNaN(limit)) return
  if (process.env.BENCH_SSE_RAISED) {
    console.error(`ulimit -n is ${limit}; ${FILES_NEEDED} are needed (raise the hard limit)`)
    process.exit(1)
  }
  const command = `ulimit -n ${FILES_NEEDED} && exec "$0" "$@"`
  const args = ['-c', command, process.execPath, ...process.execArgv, ...process.argv.slice(1)]
  try {
    execFileSync('sh', args, { stdio: 'inherit', env: { ...process.env, BENCH_SSE_RAISED: '1' } })
    process.exit(0)
  } catch (error) {
    process.exit((error as { status?: number }).status ?? 1)
  }
}

v8.setFlagsFromString('--expose-gc')
const collectGarbage = vm.runInNewContext('gc') as () => void

function memory() {
  collectGarbage()
  const { rss, heapUsed } = process.memoryUsage()
  return { rss, heapUsed }
}

function startClients(): Promise<ChildProcess> {
  const child = fork(path.join(here, 'sseClients.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(child))
    child.once('error', reject)
  })
}

/** Sends one command and waits for the answer that has `key`. */
function ask(child: ChildProcess, command: object, key: string) {
  return new Promise<void>((resolve) => {
    const listen = (message: Record<string, unknown>) => {
      if (!(key in message)) return
      child.off('message', listen)
      resolve()
    }
    child.on('message', listen)
    child.send(command)
  })
}

type Round = { p50: number; p99: number; max: number; bytesPerStream: number; heapPerStream: number }

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!

/**
 * Opens `streams`, sends a notification to each of `targets` (indexes into `streams`) with
 * `send`, which answers the notification's id and the moment it left; checks that each reached
 * its own stream exactly once and nothing else arrived.
 */
async function round(
  clients: ChildProcess,
  streams: Stream[],
  targets: number[],
  send: (target: number) => Promise<{ id: string; sentAt: number }>,
  failures: string[],
  name: string,
): Promise<Round> {
  const frames: Frame[] = []
  const collect = (message: { frame?: Frame }) => void (message.frame && frames.push(message.frame))
  clients.on('message', collect)
  const before = memory()
  await ask(clients, { open: streams }, 'opened')
  const after = memory()
  await sleep(500) // both processes done with the connecting: delivery is measured on open streams
  const sent: Array<{ id: string; sentAt: number }> = []
  for (const target of targets) sent.push(await send(target))
  const deadline = Date.now() + 10_000
  while (frames.length < targets.length && Date.now() < deadline) await sleep(20)
  await sleep(300) // anything extra or duplicated shows up too
  await ask(clients, { close: true }, 'closed')
  clients.off('message', collect)

  const latencies: number[] = []
  sent.forEach(({ id, sentAt }, index) => {
    const received = frames.filter((frame) => frame.id === id)
    if (received.length !== 1 || received[0]!.stream !== targets[index])
      failures.push(`${name}: notification ${index} reached ${received.length} streams, not its own once`)
    else latencies.push(received[0]!.at - sentAt)
  })
  if (frames.length !== targets.length)
    failures.push(`${name}: ${frames.length} frames for ${targets.length}`)
  latencies.sort((a, b) => a - b)
  return {
    p50: percentile(latencies, 0.5) ?? NaN,
    p99: percentile(latencies, 0.99) ?? NaN,
    max: latencies.at(-1) ?? NaN,
    bytesPerStream: (after.rss - before.rss) / streams.length,
    heapPerStream: (after.heapUsed - before.heapUsed) / streams.length,
  }
}

/** STREAMS users, each signed in once: the cookies their streams carry. */
async function signedInUsers(db: Db) {
  const now = new Date()
  const users = Array.from({ length: STREAMS }, (_, index) => ({
    id: randomUUID(),
    email: `bench-sse-${index}@example.com`,
    password_hash: 'not-used: these accounts sign in through their session rows',
    name: `Host ${index}`,
    phone: null,
    residental_address: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  }))
  const sessions = users.map(() => randomBytes(32).toString('base64url'))
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < STREAMS; i += 500) {
      await trx
        .insertInto('users')
        .values(users.slice(i, i + 500))
        .execute()
      await trx
        .insertInto('sessions')
        .values(
          users.slice(i, i + 500).map((user, offset) => ({
            id_hash: sha256(sessions[i + offset]!),
            user_id: user.id,
            created_at: now.toISOString(),
            expires_at: new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString(),
          })),
        )
        .execute()
    }
  })
  return users.map((user, index) => ({ id: user.id, cookie: `${SESSION_COOKIE}=${sessions[index]}` }))
}

/** The baseline: an SSE route that only keeps the response and writes the frame it is given. */
async function startBareServer() {
  const open = new Map<string, ServerResponse>()
  const bare = Fastify({ logger: false })
  bare.get('/sse', (request, reply) => {
    reply.hijack()
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
    })
    reply.raw.write(': connected\n\n')
    const user = (request.query as { user: string }).user
    open.set(user, reply.raw)
    reply.raw.on('close', () => open.delete(user))
  })
  await bare.listen({ port: 0, host: '127.0.0.1' })
  const write = (user: string, frame: string) => open.get(user)?.write(frame)
  return { bare, write }
}

const stayText = calendarText([
  {
    id: randomUUID(),
    summary: 'Reserved - Layla Haddad',
    start_date: '2030-03-12',
    end_date: '2030-03-16',
    kind: 'booking',
    status: 'Reserved',
    guest_name: 'Layla Haddad',
    platform: 'Airbnb',
    updated_at: new Date().toISOString(),
    conflict: false,
  },
])

async function main() {
  ensureFileLimit()
  const failures: string[] = []
  /** The notification stream's p99 latency, once measured. */
  let p99: number
  const test = await startTestApp('sqlite')
  const clients = await startClients()
  const { bare, write } = await startBareServer()
  try {
    const { app, db } = test
    await app.listen({ port: 0, host: '127.0.0.1' })
    const users = await signedInUsers(db)
    // Distinct users spread over the whole set.
    const targets = Array.from(
      { length: NOTIFIED },
      (_, index) => Math.floor((index * STREAMS) / NOTIFIED) + 3,
    )

    const bareOrigin = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`
    const baseline = await round(
      clients,
      users.map((_, index) => ({ url: `${bareOrigin}/sse?user=${index}` })),
      targets,
      async (target) => {
        const id = randomUUID()
        const sentAt = now()
        const event = {
          id,
          title: 'New booking',
          ical: stayText,
          platformName: 'Airbnb',
          propertyName: 'Villa',
        }
        write(String(target), `event: notification\ndata: ${JSON.stringify(event)}\n\n`)
        return { id, sentAt }
      },
      failures,
      'bare route',
    )

    const origin = originOf(app)
    const manzil = await round(
      clients,
      users.map((user) => ({ url: `${origin}/api/notification/sse`, cookie: user.cookie })),
      targets,
      async (target) => {
        const id = await createNotification(db, {
          userId: users[target]!.id,
          title: 'New booking at Villa Rawdah',
          data: { ical: stayText, platformName: 'Airbnb', propertyName: 'Villa Rawdah', conflict: false },
          now: new Date().toISOString(),
        })
        // Stored: from here on it is the stream's to deliver, as after a sync's transaction.
        const sentAt = now()
        await app.notifications.announce(users[target]!.id, [id])
        return { id, sentAt }
      },
      failures,
      'notification stream',
    )

    const ms = (value: number) => `${value.toFixed(1)} ms`
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
    console.log(
      `SSE fan-out: ${STREAMS} streams open at once, ${NOTIFIED} notifications to distinct users back to back`,
    )
    for (const [name, result] of [
      ['bare SSE route (baseline)', baseline],
      ['/api/notification/sse', manzil],
    ] as const)
      console.log(
        `  ${name.padEnd(26)} latency p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, max ${ms(result.max)}; ` +
          `per stream ${kb(result.bytesPerStream)} RSS, ${kb(result.heapPerStream)} heap`,
      )
    console.log(
      `  ratio to the bare route: p99 ×${(manzil.p99 / baseline.p99).toFixed(2)}, ` +
        `memory per stream ×${(manzil.bytesPerStream / baseline.bytesPerStream).toFixed(2)} (target p99 ≤ ${TARGET_P99_MS} ms)`,
    )
    p99 = manzil.p99
  } finally {
    clients.disconnect()
    await bare.close()
    await test.stop()
  }
  if (failures.length > 0) {
    console.error(`MISSED:\n  ${failures.join('\n  ')}`)
    process.exit(1)
  }
  if (p99 <= TARGET_P99_MS) console.log('PASS')
  else timingMissed(`MISSED: p99 ${p99.toFixed(1)} ms > ${TARGET_P99_MS} ms`)
}

await main()
