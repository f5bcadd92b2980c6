import type { Kysely, Migration } from 'kysely'

/**
 * A cleaner's links (docs/decisions.md, "A cleaner's link"): a secret token that reads the
 * cleanings of some of the owner's properties, without a session. The properties are a join
 * table, so that a deleted property leaves its links and a deleted account takes them all.
 * `email_confirmed_at` stays null until the address's owner follows the mailed link.
 */
export const cleanerLinks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('cleaner_links')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text')
      .addColumn('email_confirmed_at', 'text')
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('cleaner_links_owner').on('cleaner_links').column('owner_id').execute()
    await db.schema
      .createTable('cleaner_link_properties')
      .addColumn('link_id', 'text', (c) => c.notNull().references('cleaner_links.id').onDelete('cascade'))
      .addColumn('property_id', 'text', (c) => c.notNull().references('properties.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('cleaner_link_property_key', ['link_id', 'property_id'])
      .execute()
    await db.schema
      .createIndex('cleaner_link_properties_property')
      .on('cleaner_link_properties')
      .column('property_id')
      .execute()
  },
}
