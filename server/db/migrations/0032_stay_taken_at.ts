import { type Kysely, type Migration, sql } from 'kysely'

/**
 * `bookings.taken_at`: when the stay took the nights it holds now (first seen, moved, reinstated
 * or judged anew), which a sync's new summary or description leaves alone, unlike `updated_at`.
 * Nights at risk are dated by it, so their alarm and the host's "I closed them" last while they
 * do (docs/decisions.md, "Nights at risk dated by when they were taken"). Stays kept from before
 * take their latest change, as they were dated until now.
 */
export const stayTakenAt: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('bookings').addColumn('taken_at', 'text').execute()
    await sql`update bookings set taken_at = updated_at`.execute(db)
  },
}
