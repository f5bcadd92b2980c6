import { sql, type Kysely, type Migration } from 'kysely'

/**
 * The alarms raised about platforms' imports (docs/decisions.md, "Import alarms"): one row per
 * condition while it lasts, keyed by the feed, its kind and when it began, so that every process
 * raises it once; `notification_id` is the notice that told it (null when the owner hears none).
 * `platform_feeds.link_since`: when the feed's present address was first shown (its creation, or
 * the rotation of its token), from which a link never imported is counted. `job_leases` lets one
 * process at a time run a job that every process may run.
 */
export const importAlarms: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('import_alarms')
      .addColumn('feed_id', 'text', (c) => c.notNull().references('platform_feeds.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('since', 'text', (c) => c.notNull())
      .addColumn('notification_id', 'text')
      .addColumn('raised_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('import_alarm_key', ['feed_id', 'kind', 'since'])
      .execute()
    await db.schema.alterTable('platform_feeds').addColumn('link_since', 'text').execute()
    await sql`update platform_feeds set link_since = created_at`.execute(db)
    await db.schema
      .createTable('job_leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('held_until', 'text', (c) => c.notNull())
      .execute()
  },
}
