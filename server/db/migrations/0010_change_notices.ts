import type { Kysely, Migration } from 'kysely'
import { sql } from 'kysely'

/**
 * Every change a sync finds is announced once.
 * - `notifications.kind` (new, changed, cancelled, conflict; null before) and `mailed_at`: the
 *   mail outbox. A mail is sent only by whoever first sets `mailed_at` (one conditional UPDATE),
 *   so no process mails a notice twice; the ones from before count as mailed.
 * - `announced_conflicts` holds each pair of stays whose conflict was announced, so a restart or
 *   another process never announces it again.
 */
export const changeNotices: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('notifications').addColumn('kind', 'text').execute()
    await db.schema.alterTable('notifications').addColumn('mailed_at', 'text').execute()
    await sql`update notifications set mailed_at = created_at`.execute(db)
    await db.schema.createIndex('notifications_unmailed').on('notifications').column('mailed_at').execute()
    await db.schema
      .createTable('announced_conflicts')
      .addColumn('first_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
      .addColumn('second_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('announced_conflicts_pair', ['first_id', 'second_id'])
      .execute()
  },
}
