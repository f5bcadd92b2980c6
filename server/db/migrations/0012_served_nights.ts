import { sql, type Kysely, type Migration } from 'kysely'

/**
 * The echo rule judged in time, night by night (docs/decisions.md, "The echo rule"):
 * - `feed_served` keeps, per platform availability feed and night, each span of time in which
 *   that platform's fetches were served the night as taken: from the first fetch that served it
 *   to the first that did not (`served_until` null while it still is). It replaces
 *   `feed_exports`, which kept only when a night was first served and never that it stopped.
 *   Every night `feed_exports` knew becomes a span still open: the next fetch closes those no
 *   longer served.
 * - `platform_feeds.served_hash` names the set of runs the latest fetch was served, so a fetch
 *   of an unchanged feed writes nothing.
 * - `bookings.echo_runs` lists, for a block some but not all of whose nights are echoes, those
 *   nights as runs (`2027-01-01/2027-01-03,2027-01-05/2027-01-06`); the others are the
 *   platform's own. Null for a stay that is all echo (`echo` = 1) or none.
 */
export const servedNights: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('feed_served')
      .addColumn('feed_id', 'text', (c) => c.notNull().references('platform_feeds.id').onDelete('cascade'))
      .addColumn('night', 'text', (c) => c.notNull())
      .addColumn('served_from', 'text', (c) => c.notNull())
      .addColumn('served_until', 'text')
      .addPrimaryKeyConstraint('feed_served_span', ['feed_id', 'night', 'served_from'])
      .execute()
    await sql`insert into feed_served (feed_id, night, served_from, served_until)
      select feed_id, night, first_exported_at, null from feed_exports`.execute(db)
    await db.schema.dropTable('feed_exports').execute()
    await db.schema.alterTable('platform_feeds').addColumn('served_hash', 'text').execute()
    await db.schema.alterTable('bookings').addColumn('echo_runs', 'text').execute()
  },
}
