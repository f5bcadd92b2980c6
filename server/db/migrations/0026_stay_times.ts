import type { Kysely, Migration } from 'kysely'

/**
 * A property's check-in and check-out times, "HH:MM" in its own zone (docs/product.md §3.2): when
 * its cleanings can begin and must end.
 */
export const stayTimes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('properties')
      .addColumn('check_in_time', 'text', (c) => c.notNull().defaultTo('15:00'))
      .execute()
    await db.schema
      .alterTable('properties')
      .addColumn('check_out_time', 'text', (c) => c.notNull().defaultTo('11:00'))
      .execute()
  },
}
