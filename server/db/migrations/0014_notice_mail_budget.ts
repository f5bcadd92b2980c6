import type { Kysely, Migration } from 'kysely'

/**
 * Each account's hourly budget of notice mail (docs/decisions.md, "A mail budget per account,
 * codes first"): `users.notice_mails_since` is when the account's current hour of notice mail
 * began (null before its first), and `users.notice_mails_sent` how many notice mails it has had
 * in that hour. One conditional UPDATE takes a mail of the budget, so processes sharing the
 * database share it too.
 */
export const noticeMailBudget: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('notice_mails_since', 'text').execute()
    await db.schema
      .alterTable('users')
      .addColumn('notice_mails_sent', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  },
}
