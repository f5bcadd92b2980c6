import type { Kysely, Migration } from 'kysely'

/**
 * Each audit entry keeps the locale key and values of its message (JSON), so that the log reads
 * in the admin's language; `message` keeps the English text, which entries from before have only.
 */
export const auditMessageTemplate: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_log').addColumn('message_template', 'text').execute()
  },
}
