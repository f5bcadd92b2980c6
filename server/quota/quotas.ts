import type { Quotas } from '../config.ts'
import type { Db } from '../db/database.ts'
import { fieldError, HttpError } from '../errors.ts'

/** The unit of QUOTA_STORAGE_MB_PER_ACCOUNT and of its message. */
const MEGABYTE = 1024 * 1024

/** The form field a refused upload blames: the property form's photo input. */
const PHOTOS_FIELD = 'images'

/**
 * What an owner may still add to one property (or to a new one): photos, and bytes of the
 * account's storage. Counted before a form's photos are read, so a request that cannot fit stops
 * early, and again in the transaction that stores them, which decides.
 */
export type UploadRoom = {
  readonly quotas: Quotas
  readonly photos: number
  readonly bytes: number
}

/**
 * Holds the account until the transaction ends, so that two requests of one account take turns
 * between counting what it has and adding to it: the count that follows is exact. The hold is the
 * bump of the account's data version that its writes make anyway (migration 0002): on PostgreSQL
 * it locks the account's row, on SQLite it makes the transaction the one writer. A transaction
 * that also locks a property takes the property first, as the sync does, so the two never wait
 * on each other in a circle.
 */
export async function holdAccount(trx: Db, ownerId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ data_version: eb('data_version', '+', 1) }))
    .where('id', '=', ownerId)
    .execute()
}

/** 409 when the account already has as many properties as it may. */
export async function checkPropertyRoom(db: Db, quotas: Quotas, ownerId: string): Promise<void> {
  const { count } = await db
    .selectFrom('properties')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow()
  if (Number(count) >= quotas.propertiesPerAccount)
    throw new HttpError(409, 'errors.quota.properties', { count: quotas.propertiesPerAccount })
}

/** The photos one property (none for a new one) and the account may still take. */
export async function uploadRoom(
  db: Db,
  quotas: Quotas,
  ownerId: string,
  propertyId?: string,
): Promise<UploadRoom> {
  const stored = await db
    .selectFrom('property_images')
    .select((eb) => eb.fn.sum<number | string | null>('bytes').as('bytes'))
    .where('property_id', 'in', db.selectFrom('properties').select('id').where('owner_id', '=', ownerId))
    .executeTakeFirstOrThrow()
  const photos =
    propertyId === undefined
      ? { count: 0 }
      : await db
          .selectFrom('property_images')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('property_id', '=', propertyId)
          .executeTakeFirstOrThrow()
  return {
    quotas,
    photos: quotas.photosPerProperty - Number(photos.count),
    bytes: quotas.storageMegabytesPerAccount * MEGABYTE - Number(stored.bytes ?? 0),
  }
}

/**
 * Refuses photos that do not fit the room: 409 past the property's number of photos, 413 past
 * the account's storage. Both blame the form's photos. No photos always fit, so a form without
 * any is saved even when a lowered quota leaves the account over it.
 */
export function checkUpload(room: UploadRoom, photos: readonly { bytes: number }[]): void {
  if (photos.length === 0) return
  if (photos.length > room.photos)
    throw fieldError(PHOTOS_FIELD, 'errors.quota.photos', { count: room.quotas.photosPerProperty }, 409)
  const bytes = photos.reduce((sum, photo) => sum + photo.bytes, 0)
  if (bytes > room.bytes)
    throw fieldError(
      PHOTOS_FIELD,
      'errors.quota.storage',
      { count: room.quotas.storageMegabytesPerAccount },
      413,
    )
}
