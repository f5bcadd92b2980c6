import { buildApp } from './app.ts'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { migrateToLatest, openDatabase } from './db/database.ts'
import { ensureFirstAdmin } from './user/firstAdmin.ts'

function readConfig(): Config {
  try {
    return loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`)
      process.exit(1)
    }
    throw error
  }
}

async function main() {
  const config = readConfig()
  const database = await openDatabase(config.database)
  const app = await buildApp({ config, database })
  const applied = await migrateToLatest(database.db)
  if (applied.length > 0) app.log.info({ applied }, 'database migrated')
  await ensureFirstAdmin(database.db, config, app.log)

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
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ port: config.port, host: config.host })
  // Here, after migrations, not in buildApp: tests decide when (and whether) feeds are fetched.
  app.syncScheduler.start()
  app.log.info(`Manzil is ready at ${config.publicUrl} (${database.engine})`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
