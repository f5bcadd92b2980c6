/**
 * `npm run backup [destination]`: a consistent copy of the SQLite database and the uploaded
 * photos, taken while the server runs, in `<destination>/manzil-<time>/` (default ./backups).
 * It reads the same environment as `npm start` (DATA_DIR, DATABASE_URL).
 */
import path from 'node:path'
import { ConfigError, loadConfig } from '../server/config.ts'
import { backupDataDir } from '../server/db/backup.ts'

async function main() {
  const destination = path.resolve(process.argv[2] ?? 'backups')
  const backup = await backupDataDir(loadConfig(), destination)
  console.log(`Backup written to ${backup.dir}`)
  console.log(`  database: ${backup.databaseFile}`)
  console.log(`  photos:   ${backup.files} files in ${path.join(backup.dir, 'uploads')}`)
  console.log(
    `Restore: stop the server, then start it with DATA_DIR=${backup.dir} (or copy the folder's contents into DATA_DIR).`,
  )
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Backup: ${error.message}` : error)
  process.exit(1)
})
