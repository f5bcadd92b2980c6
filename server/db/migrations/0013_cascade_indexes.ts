import type { Kysely, Migration } from 'kysely'

/**
 * Every foreign key is the leading column of an index: deleting a referenced row looks up its
 * referencing rows by that column, and without an index each deleted row reads the whole table
 * (a booking's delete read every announced conflict, so deleting many bookings took quadratic
 * time). These three were the ones without; tests/server/foreignKeyIndexes.test.ts keeps it so.
 */
export const cascadeIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('announced_conflicts_second')
      .on('announced_conflicts')
      .column('second_id')
      .execute()
    await db.schema.createIndex('email_codes_user').on('email_codes').column('user_id').execute()
    await db.schema.createIndex('reset_tokens_user').on('reset_tokens').column('user_id').execute()
  },
}
