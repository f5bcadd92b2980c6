import type { Kysely, Migration } from 'kysely'

/**
 * The admin's user list comes a page at a time, the oldest account first (created_at, then
 * e-mail): this index walks that order, so a page reads its rows instead of sorting every account.
 * The property grid's order (owner, created_at) has had its index since the first migration.
 */
export const userListOrder: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('users_created').on('users').columns(['created_at', 'email']).execute()
  },
}
