import type { Kysely, Migration } from 'kysely'

/**
 * A host's team (docs/decisions.md, "A host's team"): one row per person asked to help with a
 * property, from the invitation to the membership it becomes. `user_id` is null until the
 * invitation is accepted, and `token_hash` (the SHA-256 of the mailed secret) null from then on,
 * so the secret works once. The owner's daily count of invitations lives on the account, so
 * that a revoked invitation still counts.
 */
export const propertyMembers: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('property_members')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('property_id', 'text', (c) => c.notNull().references('properties.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('token_hash', 'text', (c) => c.unique())
      .addColumn('invited_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('accepted_at', 'text')
      .addUniqueConstraint('property_members_property_email', ['property_id', 'email'])
      .execute()
    await db.schema.createIndex('property_members_user').on('property_members').column('user_id').execute()
    await db.schema
      .createIndex('property_members_invited_by')
      .on('property_members')
      .column('invited_by')
      .execute()
    await db.schema
      .alterTable('users')
      .addColumn('team_invitations_sent', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.alterTable('users').addColumn('team_invitations_since', 'text').execute()
  },
}
