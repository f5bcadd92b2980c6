import { sql, type Kysely, type Migration } from 'kysely'

/**
 * Web Push (docs/decisions.md, "Web Push"): the server's one VAPID key pair, shared by every
 * process; each account's devices (a browser's push subscription, at most one row per endpoint);
 * the push outbox on notifications (`pushed_at`, claimed like `mailed_at`: the notices from
 * before count as pushed, so an upgrade pushes nothing old); and whether alerts name guests.
 */
export const webPush: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('push_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('private_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('push_subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('browser', 'text', (c) => c.notNull())
      .addColumn('os', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_success_at', 'text')
      .execute()
    await db.schema
      .createIndex('push_subscriptions_user')
      .on('push_subscriptions')
      .column('user_id')
      .execute()
    await db.schema.alterTable('notifications').addColumn('pushed_at', 'text').execute()
    await sql`update notifications set pushed_at = created_at`.execute(db)
    await db.schema.createIndex('notifications_unpushed').on('notifications').column('pushed_at').execute()
    await db.schema
      .alterTable('users')
      .addColumn('push_guest_names', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  },
}
