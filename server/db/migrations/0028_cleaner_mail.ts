import type { Kysely, Migration } from 'kysely'

/**
 * A cleaner's change mails (docs/decisions.md, "A cleaner's link"): the confirmation
 * link's secret, kept as its SHA-256 only; the cleanings last told to the address (JSON, see
 * server/turnover/cleaningChanges.ts) and when; when the link was last checked; and whether
 * changes found then still wait for the owner's mail budget; and the stays by property and change.
 */
export const cleanerMail: Migration = {
  async up(db: Kysely<unknown>) {
    for (const [column, type] of [
      ['email_token_hash', 'text'],
      ['told_cleanings', 'text'],
      ['told_at', 'text'],
      ['checked_at', 'text'],
    ] as const)
      await db.schema.alterTable('cleaner_links').addColumn(column, type).execute()
    await db.schema
      .alterTable('cleaner_links')
      .addColumn('changes_waiting', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema
      .createIndex('cleaner_links_email_token')
      .on('cleaner_links')
      .column('email_token_hash')
      .execute()
    // Each round asks whether a link's properties have stays changed since it was compared: a
    // seek, not a read of every stay a property ever had.
    await db.schema
      .createIndex('bookings_property_updated')
      .on('bookings')
      .columns(['property_id', 'updated_at'])
      .execute()
  },
}
