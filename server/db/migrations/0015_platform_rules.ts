import type { Kysely, Migration } from 'kysely'

/**
 * `bookings.platform_rule` names the platform's own rule a closed run of its feed is (Airbnb's
 * advance notice, booking window or preparation time: 'notice', 'window', 'preparation'; see
 * src/domain/platformRules.ts). Null for every other stay. A rule holds no night of its own: it
 * is never a conflict, never counted, and never sent to another platform's feed.
 */
export const platformRules: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('bookings').addColumn('platform_rule', 'text').execute()
  },
}
