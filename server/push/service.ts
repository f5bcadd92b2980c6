import { randomUUID } from 'node:crypto'
import { isIP } from 'node:net'
import { PUSH_DEVICES_PER_ACCOUNT, type PushDevice, type PushSubscriptionBody } from '../../contract/push.ts'
import type { Translate } from '../../src/domain/translator.ts'
import type { Db } from '../db/database.ts'
import { writeTransaction } from '../db/errors.ts'
import { fieldError, HttpError, notFound } from '../errors.ts'
import { holdAccount } from '../quota/quotas.ts'
import { isAllowedHost, isPublicAddress } from '../sync/fetch.ts'
import { deviceNames } from './deviceLabel.ts'
import { p256PublicKey } from './keys.ts'

/** A device's subscription as the sender needs it. */
export type PushTarget = { id: string; endpoint: string; p256dh: string; auth: string }

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/

/** The bytes of a base64url text (padding tolerated), or undefined when it is not one. */
const base64url = (text: string) => (BASE64URL.test(text) ? Buffer.from(text, 'base64url') : undefined)

/** Whether 65 bytes are an uncompressed point of the P-256 curve (0x04, x, y). */
function isP256Point(point: Buffer): boolean {
  try {
    p256PublicKey(point)
    return true
  } catch {
    return false
  }
}

/**
 * The endpoint a browser's push service gave, checked as far as can be without the network:
 * an https URL without credentials whose host is not written as an address off the public
 * internet (nor `localhost`); a host on SYNC_ALLOW_HOSTS may also be http, as a test feed may.
 * Where its name leads is checked at each send, after DNS (server/sync/fetch.ts).
 */
function checkedEndpoint(raw: string, allowHosts: readonly string[]): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw fieldError('endpoint', 'errors.push.endpoint')
  }
  const allowed = isAllowedHost(url, allowHosts)
  const scheme = url.protocol === 'https:' || (allowed && url.protocol === 'http:')
  if (!scheme || url.username !== '' || url.password !== '')
    throw fieldError('endpoint', 'errors.push.endpoint')
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  const local =
    host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && !isPublicAddress(host))
  if (local && !allowed) throw fieldError('endpoint', 'errors.push.endpointBlocked')
  return url
}

/** The subscription's keys, checked: `p256dh` a P-256 public key (65 bytes), `auth` 16 bytes. */
function checkedKeys(keys: PushSubscriptionBody['keys']) {
  const p256dh = base64url(keys.p256dh)
  if (!p256dh || !isP256Point(p256dh)) throw fieldError('keys.p256dh', 'errors.push.p256dh')
  const auth = base64url(keys.auth)
  if (auth?.length !== 16) throw fieldError('keys.auth', 'errors.push.auth')
  return { p256dh: p256dh.toString('base64url'), auth: auth.toString('base64url') }
}

/** A device's name in the reader's language: "Chrome on Android", or its browser alone. */
function labelOf(t: Translate, browser: string, os: string): string {
  if (browser === '') return os === '' ? t('push.unknownDevice') : os
  return os === '' ? browser : t('push.device', { browser, os })
}

export type PushDeps = { db: Db; clock: () => Date; allowHosts: readonly string[] }

/** An account's devices (docs/product.md §7.12): subscribing, listing, removing. */
export function createPushDevices({ db, clock, allowHosts }: PushDeps) {
  return {
    /**
     * Keeps a browser's subscription as one of the caller's devices; the same endpoint again is
     * the same device (its keys renewed), and an endpoint another account held moves to the
     * caller. 400 for a bad endpoint or keys, naming the field; 409 past PUSH_DEVICES_PER_ACCOUNT.
     */
    async subscribe(userId: string, body: PushSubscriptionBody, userAgent: string | undefined) {
      const endpoint = checkedEndpoint(body.endpoint, allowHosts).href
      const keys = checkedKeys(body.keys)
      const names = deviceNames(userAgent)
      const now = clock().toISOString()
      return writeTransaction(db, async (trx) => {
        await holdAccount(trx, userId)
        const existing = await trx
          .selectFrom('push_subscriptions')
          .select(['id', 'user_id'])
          .where('endpoint', '=', endpoint)
          .executeTakeFirst()
        if (existing?.user_id === userId) {
          await trx
            .updateTable('push_subscriptions')
            .set({ ...keys, ...names })
            .where('id', '=', existing.id)
            .execute()
          return { id: existing.id }
        }
        const held = await trx
          .selectFrom('push_subscriptions')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
        if (Number(held.count) >= PUSH_DEVICES_PER_ACCOUNT)
          throw new HttpError(409, 'errors.quota.pushDevices', { count: PUSH_DEVICES_PER_ACCOUNT })
        // A device that moves to another account starts anew there: a new id, no history.
        const device = {
          id: randomUUID(),
          user_id: userId,
          ...keys,
          ...names,
          created_at: now,
          last_success_at: null,
        }
        const stored = await trx
          .insertInto('push_subscriptions')
          .values({ ...device, endpoint })
          .onConflict((conflict) => conflict.column('endpoint').doUpdateSet(device))
          .returning('id')
          .executeTakeFirstOrThrow()
        return { id: stored.id }
      })
    },

    /** The caller's devices, oldest first, named in the reader's language. */
    async list(userId: string, t: Translate): Promise<PushDevice[]> {
      const rows = await db
        .selectFrom('push_subscriptions')
        .select(['id', 'endpoint', 'browser', 'os', 'created_at', 'last_success_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
      return rows.map((row) => ({
        id: row.id,
        endpointOrigin: new URL(row.endpoint).origin,
        createdAt: row.created_at,
        lastSuccessAt: row.last_success_at,
        label: labelOf(t, row.browser, row.os),
      }))
    },

    /** Removes one of the caller's devices; 404 when it is not theirs. */
    async remove(userId: string, id: string): Promise<void> {
      const removed = await db
        .deleteFrom('push_subscriptions')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      if (removed.numDeletedRows === 0n) throw notFound()
    },
  }
}

export type PushDevices = ReturnType<typeof createPushDevices>
