import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE, SESSION_LIFETIME_MS, sha256 } from '../../server/auth/session.ts'
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts'
import { addDays, localToday } from '../../src/domain/dates.ts'
import { startServer, type RunningServer } from '../e2e/server.ts'
import { aUser } from '../server/builders.ts'

// 100 signed-in hosts at once against the real server for a minute: lists, statistics, property
// creation and edits, notifications. No request may fail, and the server's resident memory at the
// end stays within 20% of what it was after a warm-up.

const CLIENTS = 100
const WARM_UP_MS = 10_000
const SOAK_MS = 60_000
/** Each host creates at most this many properties: the data grows a little, not without bound. */
const MAX_CREATES = 3

let server: RunningServer
let handle: DatabaseHandle

/** VmRSS of the server process, in KiB. */
function residentKib(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]
  if (!kib) throw new Error(`no VmRSS in /proc/${pid}/status`)
  return Number(kib)
}

/**
 * Sessions are written straight into the database: the sign-in route's rate limit (per address,
 * docs/product.md §13.2) is right to refuse 100 sign-ins from one machine in a minute.
 */
async function hostsWithSessions(count: number): Promise<string[]> {
  const now = Date.now()
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const user = await aUser(handle.db, { name: `Host ${index}` })
      const token = randomBytes(32).toString('base64url')
      await handle.db
        .insertInto('sessions')
        .values({
          id_hash: sha256(token),
          user_id: user.id,
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + SESSION_LIFETIME_MS).toISOString(),
        })
        .execute()
      return `${SESSION_COOKIE}=${token}`
    }),
  )
}

type Tally = { requests: number; failures: string[] }

/** One host's loop of mixed requests until `until`; every answer must be a 2xx. */
async function client(cookie: string, until: number, tally: Tally, seed: number) {
  const headers = { cookie, origin: server.url }
  const call = async (method: string, route: string, body?: FormData) => {
    tally.requests++
    try {
      const response = await fetch(`${server.url}/api${route}`, { method, headers, body })
      const text = await response.text()
      if (!response.ok) tally.failures.push(`${method} ${route}: ${response.status} ${text.slice(0, 200)}`)
      return response.ok ? (JSON.parse(text) as unknown) : null
    } catch (error) {
      tally.failures.push(`${method} ${route}: ${String(error)}`)
      return null
    }
  }
  const propertyForm = (name: string) => {
    const form = new FormData()
    const fields = {
      name,
      country: 'Saudi',
      city: 'Riyadh',
      address: 'Olaya 1',
      capacity: '4',
      costPerNight: '350',
    }
    for (const [key, value] of Object.entries(fields)) form.append(key, value)
    return form
  }
  const today = localToday()
  let creates = 0
  let step = seed
  const mine = async () => ((await call('GET', '/property/list')) as { id: string }[] | null) ?? []
  let properties = await mine()
  if (properties.length === 0) {
    await call('POST', '/property', propertyForm(`Soak ${seed}`))
    properties = await mine()
  }
  while (Date.now() < until) {
    const property = properties[step % properties.length]!
    switch (step++ % 8) {
      case 0:
        properties = await mine()
        break
      case 1:
        await call('GET', '/dashboard/statistics')
        break
      case 2:
        await call(
          'GET',
          `/property/${property.id}/statistics/period?start=${addDays(today, -30)}&end=${today}`,
        )
        break
      case 3:
        await call('GET', '/notification/list')
        break
      case 4:
        await call('PATCH', `/property/${property.id}`, propertyForm(`Soak ${seed} #${step}`))
        break
      case 5:
        if (creates++ < MAX_CREATES) await call('POST', '/property', propertyForm(`Soak ${seed}+${creates}`))
        else await call('GET', '/dashboard/statistics/monthly')
        break
      case 6:
        await call('GET', '/user/profile')
        break
      default:
        await call('GET', `/property/${property.id}`)
    }
  }
}

async function run(cookies: string[], durationMs: number): Promise<Tally> {
  const tally: Tally = { requests: 0, failures: [] }
  const until = Date.now() + durationMs
  await Promise.all(cookies.map((cookie, index) => client(cookie, until, tally, index)))
  return tally
}

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'warn' })
  handle = await openDatabase({ engine: 'sqlite', file: path.join(server.dataDir, 'manzil.db') })
})

afterAll(async () => {
  await handle?.close()
  await server?.stop()
})

describe('soak', () => {
  it('serves 100 signed-in hosts for 60 s without an error or a memory leak', async () => {
    const cookies = await hostsWithSessions(CLIENTS)
    const warmUp = await run(cookies, WARM_UP_MS)
    expect(warmUp.failures.slice(0, 10)).toEqual([])
    const afterWarmUp = residentKib(server.pid())

    const soak = await run(cookies, SOAK_MS)
    const atEnd = residentKib(server.pid())
    const ratio = atEnd / afterWarmUp
    console.info(
      `soak: ${soak.requests} requests in ${SOAK_MS / 1000} s (${Math.round(soak.requests / (SOAK_MS / 1000))}/s), ` +
        `${soak.failures.length} failed; RSS ${Math.round(afterWarmUp / 1024)} MiB after warm-up, ` +
        `${Math.round(atEnd / 1024)} MiB at the end (x${ratio.toFixed(2)})`,
    )
    expect(soak.failures.slice(0, 10)).toEqual([])
    expect(soak.requests).toBeGreaterThan(CLIENTS * 10)
    expect(ratio).toBeLessThanOrEqual(1.2)
  })
})
