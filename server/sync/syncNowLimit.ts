import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/database.ts'
import { HttpError, unauthorized } from '../errors.ts'
import { currentUser } from '../auth/session.ts'

/** "Sync now" runs at most once a minute per account: it fetches every link of the account. */
export const SYNC_NOW_INTERVAL_MS = 60_000

/**
 * Claims the account's Sync now: `null` when this request may run, else the whole seconds (1 to
 * 60) until the next one may. One conditional UPDATE decides, so parallel requests, in one
 * process or several, on SQLite or PostgreSQL, let exactly one through: PostgreSQL re-reads the
 * condition on the row a concurrent winner just wrote. The times are ISO texts (`toISOString`),
 * whose order is the order of the instants.
 */
export async function claimSyncNow(db: Db, userId: string, now = Date.now()): Promise<number | null> {
  const claimed = await db
    .updateTable('users')
    .set({ sync_requested_at: new Date(now).toISOString() })
    .where('id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('sync_requested_at', 'is', null),
        eb('sync_requested_at', '<=', new Date(now - SYNC_NOW_INTERVAL_MS).toISOString()),
      ]),
    )
    .executeTakeFirst()
  if (claimed.numUpdatedRows > 0n) return null
  const row = await db
    .selectFrom('users')
    .select('sync_requested_at')
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!row) throw unauthorized()
  const last = row.sync_requested_at ? Date.parse(row.sync_requested_at) : now
  const remainingMs = last + SYNC_NOW_INTERVAL_MS - now
  // The window may have closed since the UPDATE, or another process's clock may run ahead.
  return Math.min(SYNC_NOW_INTERVAL_MS / 1000, Math.max(1, Math.ceil(remainingMs / 1000)))
}

/**
 * preHandler (behind `authenticate`): a Sync now within a minute of the account's last one is a
 * 429 `{message}` in the reader's language with `Retry-After`, like the /auth limits.
 */
export async function limitSyncNow(request: FastifyRequest, reply: FastifyReply) {
  const seconds = await claimSyncNow(request.server.db, currentUser(request).id)
  if (seconds === null) return
  reply.header('retry-after', seconds)
  throw new HttpError(429, 'errors.sync.tooSoon', { count: seconds })
}
