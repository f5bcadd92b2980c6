import type { Kysely, Migration } from 'kysely'

/**
 * What each platform's fetches of its availability feed were (docs/decisions.md, "Imports
 * measured"): `feed_fetches` keeps the first fetch of each minute, 14 days long; `feed_fetch_days`
 * keeps each day's roll-up of them, 400 days long. Both go with their platform feed.
 */
export const feedFetches: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('feed_fetches')
      .addColumn('feed_id', 'text', (c) => c.notNull().references('platform_feeds.id').onDelete('cascade'))
      .addColumn('minute', 'text', (c) => c.notNull())
      .addColumn('fetched_at', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('user_agent', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('feed_fetch_minute', ['feed_id', 'minute'])
      .execute()
    await db.schema.createIndex('feed_fetches_minute').on('feed_fetches').column('minute').execute()
    await db.schema
      .createTable('feed_fetch_days')
      .addColumn('feed_id', 'text', (c) => c.notNull().references('platform_feeds.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('fetches', 'integer', (c) => c.notNull())
      .addColumn('not_modified', 'integer', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('first_at', 'text', (c) => c.notNull())
      .addColumn('last_at', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('feed_fetch_day', ['feed_id', 'day'])
      .execute()
    await db.schema.createIndex('feed_fetch_days_day').on('feed_fetch_days').column('day').execute()
  },
}
