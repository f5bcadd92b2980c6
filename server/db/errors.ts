import type { Transaction } from 'kysely'
import type { Db } from './database.ts'
import type { Database } from './schema.ts'

/** True when a write failed on a unique constraint, in either engine's words. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  // PostgreSQL's SQLSTATE, and better-sqlite3's extended result code.
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}

/** True when PostgreSQL aborted a transaction to break a deadlock or a serialization conflict. */
export function isTransientConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === '40P01' || code === '40001'
}

const TRANSACTION_ATTEMPTS = 3

/**
 * Runs a write transaction, again when PostgreSQL aborted it to break a deadlock: a host's edits
 * and the sync of their feeds both bump the host's data version (migration 0002), so they can
 * wait on each other's rows. `work` must only write to the database, so running it again is safe.
 */
export async function writeTransaction<T>(
  db: Db,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work)
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isTransientConflict(error)) throw error
    }
  }
}
