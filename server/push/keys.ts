import { createPublicKey, type KeyObject } from 'node:crypto'
import webpush from 'web-push'
import type { VapidKeys } from '../config.ts'
import type { Db } from '../db/database.ts'

const KEY_ROW = 'vapid'

/**
 * The server's VAPID key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; else the pair
 * kept in the database, made by the first process that starts. Processes starting at once each
 * offer a new pair, the first insert wins (insert-if-absent), and every one then reads the pair
 * that won: a browser subscribed through one process is pushed to by any other.
 */
export async function loadVapidKeys(
  db: Db,
  configured: VapidKeys | undefined,
  now: string,
): Promise<VapidKeys> {
  if (configured) return configured
  const offered = webpush.generateVAPIDKeys()
  await db
    .insertInto('push_keys')
    .values({ id: KEY_ROW, public_key: offered.publicKey, private_key: offered.privateKey, created_at: now })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute()
  const kept = await db
    .selectFrom('push_keys')
    .select(['public_key', 'private_key'])
    .where('id', '=', KEY_ROW)
    .executeTakeFirstOrThrow()
  return { publicKey: kept.public_key, privateKey: kept.private_key }
}

/** The public key of an uncompressed P-256 point (0x04, x, y); throws when it is no point of the curve. */
export function p256PublicKey(point: Buffer): KeyObject {
  if (point.length !== 65 || point[0] !== 4) throw new Error('not an uncompressed P-256 point')
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  })
}
