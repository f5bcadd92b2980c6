import { type Kysely, type Migration, sql } from 'kysely'

/**
 * A stay earns the nightly price in force when it was first seen, so that a later
 * price change does not rewrite past months. Stays from before keep the price their property
 * has now, the best that is known of them.
 */
export const stayPrices: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('bookings')
      .addColumn('nightly_price', sql`double precision`)
      .execute()
    await sql`update bookings set nightly_price = (select cost_per_night from properties where properties.id = bookings.property_id)`.execute(
      db,
    )
  },
}
