import { randomBytes } from 'node:crypto'
import type { Db } from '../db/database.ts'
import { badRequest } from '../errors.ts'
import { sha256 } from './session.ts'

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000

/** A random reset token for the user; only its hash is stored. */
export async function issueResetToken(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const now = Date.now()
  await db
    .insertInto('reset_tokens')
    .values({
      token_hash: sha256(token),
      user_id: userId,
      expires_at: new Date(now + RESET_TOKEN_LIFETIME_MS).toISOString(),
      used_at: null,
      created_at: new Date(now).toISOString(),
    })
    .execute()
  return token
}

/**
 * Spends a reset token (single use, one hour) and answers its user's id; a 400 that says which
 * of unknown, used or expired it is otherwise. Every other link of that user stops working too.
 */
export async function redeemResetToken(db: Db, token: string): Promise<string> {
  const tokenHash = sha256(token)
  const row = await db
    .selectFrom('reset_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
  if (!row) throw badRequest('errors.reset.invalidToken')
  if (row.used_at !== null) throw badRequest('errors.reset.usedToken')
  const now = new Date().toISOString()
  if (row.expires_at <= now) throw badRequest('errors.reset.expiredToken')
  // The guarded update is the spend: of two requests racing with one token only one updates it.
  const spent = await db
    .updateTable('reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  if (spent.numUpdatedRows === 0n) throw badRequest('errors.reset.usedToken')
  await db
    .deleteFrom('reset_tokens')
    .where('user_id', '=', row.user_id)
    .where('used_at', 'is', null)
    .execute()
  return row.user_id
}
