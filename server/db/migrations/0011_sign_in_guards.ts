import type { Kysely, Migration } from 'kysely'

/**
 * What sign-in throttling and the e-mail change notice keep, in the database so that
 * every server process sees the same counts.
 * - `sign_in_throttle`: one counter per key (an account, or an account and a client address),
 *   taken with one conditional UPDATE, so parallel guesses cannot share a try.
 * - `trusted_sign_ins`: the clients (an address, or a device cookie's hash) an account signed in
 *   from; they are still answered while strangers' guesses have the account guarded.
 * - `email_change_cancels`: the link mailed to the old address when the address is changed; it
 *   puts the old address back and signs every session out.
 */
export const signInGuards: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sign_in_throttle')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('window_started_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('sign_in_throttle_window')
      .on('sign_in_throttle')
      .column('window_started_at')
      .execute()

    await db.schema
      .createTable('trusted_sign_ins')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('client', 'text', (c) => c.notNull())
      .addColumn('last_signed_in_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('trusted_sign_ins_pair', ['user_id', 'client'])
      .execute()

    await db.schema
      .createTable('email_change_cancels')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('old_email', 'text', (c) => c.notNull())
      .addColumn('new_email', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('email_change_cancels_user')
      .on('email_change_cancels')
      .column('user_id')
      .execute()
  },
}
