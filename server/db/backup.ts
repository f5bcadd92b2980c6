import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { ConfigError, type Config } from '../config.ts'
import { uploadsDirOf } from '../property/images.ts'

export const BACKUP_DATABASE_FILE = 'manzil.db'
const ATTEMPTS = 5
const RETRY_MS = 200

export type BackupResult = { dir: string; databaseFile: string; files: number }

/** `2026-11-23T10-15-30Z`: sortable, and valid as a folder name everywhere. */
export const backupStamp = (now: Date) =>
  now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')

/** The photo files the copied database names (property_images). */
function namedFiles(databaseFile: string): string[] {
  const copy = new SQLite(databaseFile, { readonly: true, fileMustExist: true })
  try {
    const check = copy.pragma('integrity_check', { simple: true })
    if (check !== 'ok') throw new Error(`the copied database failed its integrity check: ${String(check)}`)
    const rows = copy.prepare('select file_name, thumb_name from property_images').all() as {
      file_name: string
      thumb_name: string
    }[]
    return rows.flatMap((row) => [row.file_name, row.thumb_name])
  } finally {
    copy.close()
  }
}

/**
 * One attempt: SQLite's online backup of the live database (the server keeps reading and
 * writing), then the photos that copy names. Null when one of them is not in the uploads folder
 * (deleted since, or committed but not moved in yet): the caller tries again.
 */
async function copyOnce(config: Config, sourceFile: string, dir: string): Promise<number | null> {
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(path.join(dir, 'uploads'), { recursive: true })
  const databaseFile = path.join(dir, BACKUP_DATABASE_FILE)
  const source = new SQLite(sourceFile, { fileMustExist: true })
  try {
    source.pragma('busy_timeout = 5000')
    await source.backup(databaseFile)
  } finally {
    source.close()
  }
  const files = namedFiles(databaseFile)
  const uploads = uploadsDirOf(config)
  for (const file of files) {
    try {
      fs.copyFileSync(path.join(uploads, file), path.join(dir, 'uploads', file))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
  }
  return files.length
}

/**
 * A consistent copy of DATA_DIR while the server runs, in `<destination>/manzil-<time>/`: the
 * SQLite database (`manzil.db`) and exactly the uploaded photos it names (`uploads/`). The folder
 * is a DATA_DIR: start the server on it, or copy it over one, to restore.
 */
export async function backupDataDir(
  config: Config,
  destination: string,
  now = new Date(),
): Promise<BackupResult> {
  if (config.database.engine !== 'sqlite' || config.database.file === ':memory:') {
    throw new ConfigError('npm run backup copies the SQLite database; on PostgreSQL use pg_dump')
  }
  const sourceFile = config.database.file
  if (!fs.existsSync(sourceFile)) throw new ConfigError(`there is no database at ${sourceFile}`)
  const dir = path.resolve(destination, `manzil-${backupStamp(now)}`)
  if (fs.existsSync(dir)) throw new ConfigError(`${dir} already exists`)
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const files = await copyOnce(config, sourceFile, dir)
    if (files !== null) return { dir, databaseFile: path.join(dir, BACKUP_DATABASE_FILE), files }
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS))
  }
  fs.rmSync(dir, { recursive: true, force: true })
  throw new Error(`photos kept changing during ${ATTEMPTS} attempts; try again`)
}
