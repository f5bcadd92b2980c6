import { sql, type Kysely, type Migration } from 'kysely'

/**
 * Retention deletes the stays cancelled long enough ago (server/sync/retention.ts), oldest first:
 * an index of the cancelled ones alone lets it find them without reading the table, and costs
 * the active stays nothing.
 */
export const cancelledStaysIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('bookings_cancelled')
      .on('bookings')
      .column('cancelled_at')
      .where(sql.ref('cancelled_at'), 'is not', null)
      .execute()
  },
}
