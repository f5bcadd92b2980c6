import type { Kysely, Migration } from 'kysely'

/**
 * `property_images.bytes`: what a stored photo takes on disk, its main image and its thumbnail
 * together, so the storage quota of an account is one sum in the transaction that adds photos.
 * Null for a photo stored before sizes were kept; `recoverUploads` fills it in from the files at
 * the next start.
 */
export const photoSizes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('property_images').addColumn('bytes', 'integer').execute()
  },
}
