import type { Kysely, Migration } from 'kysely'

/**
 * `bookings.feed_warning` keeps what a feed said of a stay that could not be taken as
 * written (a DTEND before its DTSTART), as the JSON of a FeedWarning (src/domain/feedWarnings.ts);
 * null for none. Stays from before have none until their feed is read again.
 */
export const feedWarnings: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('bookings').addColumn('feed_warning', 'text').execute()
  },
}
