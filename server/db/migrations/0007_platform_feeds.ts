import type { Kysely, Migration } from 'kysely'

/**
 * One availability feed per platform a property links, each behind a secret token of
 * its own (rotatable alone), for the host to paste into that platform. Made when the host first
 * asks for the links; kept when a link is removed, since the platform may still import it.
 */
export const platformFeeds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('platform_feeds')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('property_id', 'text', (c) => c.notNull().references('properties.id').onDelete('cascade'))
      .addColumn('platform_name', 'text', (c) => c.notNull())
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('platform_feeds_platform', ['property_id', 'platform_name'])
      .execute()
  },
}
