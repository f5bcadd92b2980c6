/**
 * The server side of bench/api.ts, in a process of its own so that autocannon does not share its
 * event loop: the real app (server/app.ts) and a bare Fastify route, built and listening the
 * same way, on random ports, and the app again without the record of platforms' fetches. It
 * answers the three ports on the IPC channel.
 */
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { buildApp } from '../server/app.ts'
import { loadConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/database.ts'

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' })
if (config.database.engine === 'postgres') config.database.schema = process.env.BENCH_SCHEMA
const database = await openDatabase(config.database)
// Production settings (rate limits included) except the log: a line per request measures the terminal.
const appOptions = { config, database, logger: false, distDir: path.join(config.dataDir, 'no-dist') } as const
const app = await buildApp(appOptions)
// The same app without the record of platforms' fetches, which the feed route is measured against.
const unrecorded = await buildApp({ ...appOptions, recordFeedFetches: false })
const bare = Fastify({ logger: false })
bare.get('/bare', async () => ({ ok: true }))
// The same nothing, as many bytes long as a route's answer: what the body's size alone costs.
const filler = randomBytes(1024 * 1024)
bare.get<{ Params: { bytes: string } }>('/bare/:bytes', async (request, reply) =>
  reply.type('application/octet-stream').send(filler.subarray(0, Number(request.params.bytes))),
)

const listen = async (server: FastifyInstance) => {
  await server.listen({ port: 0, host: '127.0.0.1' })
  const address = server.server.address()
  if (address === null || typeof address === 'string') throw new Error('no TCP address')
  return address.port
}

process.send?.({
  appPort: await listen(app),
  unrecordedPort: await listen(unrecorded),
  barePort: await listen(bare),
})
process.on(
  'disconnect',
  () => void Promise.allSettled([app.close(), unrecorded.close(), bare.close()]).then(() => process.exit(0)),
)
