import type { Kysely, Migration } from 'kysely'

/**
 * A link whose feed keeps changing is damped (server/sync/churn.ts): `churn_count` counts the
 * syncs that changed, cancelled or restored a stay since `churn_since`, `churned_at` is the last
 * of them, and `unstable_since` is when the link was marked unstable (null while it is stable).
 * `notifications_created` lets retention delete the notifications past their age by the oldest
 * first, without reading the table.
 */
export const churnAndRetention: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('external_calendars')
      .addColumn('churn_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.alterTable('external_calendars').addColumn('churn_since', 'text').execute()
    await db.schema.alterTable('external_calendars').addColumn('churned_at', 'text').execute()
    await db.schema.alterTable('external_calendars').addColumn('unstable_since', 'text').execute()
    await db.schema.createIndex('notifications_created').on('notifications').column('created_at').execute()
  },
}
