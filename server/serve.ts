import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.ts'
import type { Config } from './config.ts'
import { migrateToLatest, openDatabase } from './db/database.ts'
import { releaseOrphanedLeases } from './db/lease.ts'
import { recoverUploads, uploadsDirOf } from './property/images.ts'
import { ensureFirstAdmin } from './user/firstAdmin.ts'

/**
 * What `npm start` runs once the configuration is read: open and migrate the database, make sure
 * an admin exists, listen, start the feed scheduler, and shut down gracefully on SIGTERM/SIGINT.
 * The demo (scripts/demo.ts) starts the product through this same function.
 */
export async function serve(config: Config): Promise<FastifyInstance> {
  const database = await openDatabase(config.database)
  const app = await buildApp({ config, database })
  const applied = await migrateToLatest(database.db)
  if (applied.length > 0) app.log.info({ applied }, 'database migrated')
  await ensureFirstAdmin(database.db, config, app.log)
  // The first start makes the push key pair; every later one, and every other process, reads it.
  await app.push.keys()
  // What a crash (kill -9, power loss) may have left: leases held by this dead process, photos
  // between disk and database.
  await releaseOrphanedLeases(database)
  await recoverUploads(database.db, uploadsDirOf(config), app.log)

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight')
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting')
      process.exit(1)
    }, 10_000)
    timer.unref()
    await app.close()
    app.log.info('shut down: requests finished, database closed')
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ port: config.port, host: config.host })
  // Here, after migrations, not in buildApp: tests decide when (and whether) feeds are fetched.
  app.syncScheduler.start()
  app.retention.start()
  app.importAlarms.start()
  app.push.sweep.start()
  app.log.info(`Manzil is ready at ${config.publicUrl} (${database.engine})`)
  return app
}
