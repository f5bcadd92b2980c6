import type { Kysely, Migration } from 'kysely'

/**
 * An import alarm tells the property's owner and its co-hosts (docs/product.md §12.5): the alarm
 * row keeps one of its notices, and each other listener's notice is a copy of it (`copy_of`), read
 * and taken out of the mail and push outboxes with it when the alarm's condition ends.
 */
export const alarmCopies: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('notifications').addColumn('copy_of', 'text').execute()
    await db.schema.createIndex('notifications_copy_of').on('notifications').column('copy_of').execute()
  },
}
