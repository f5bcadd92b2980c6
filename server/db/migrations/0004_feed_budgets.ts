import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely'

/**
 * `external_calendars.budget_failures` counts the syncs in a row that a feed failed
 * for exceeding a parsing budget; at PAUSE_AFTER_BUDGET_FAILURES the scheduler leaves it alone
 * until the host edits the link or presses Sync now. `users.sync_requested_at` is when the host
 * last pressed Sync now, for its per-account limit (one statement decides, in any process).
 *
 * Whether a link is paused shows in the property list, so the column joins the ones whose
 * update bumps the owner's data version (migration 0002's trigger, recreated here).
 */
const SHOWN_CALENDAR_COLUMNS = 'url, platform_name, last_synced_at, last_error, budget_failures'
const OWNER = (row: string) => `(select owner_id from properties where id = ${row}.property_id)`
const bump = (owner: string) => `update users set data_version = data_version + 1 where id = ${owner};`

export const feedBudgets: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('external_calendars')
      .addColumn('budget_failures', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.alterTable('users').addColumn('sync_requested_at', 'text').execute()
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql.raw('drop trigger external_calendars_version on external_calendars').execute(db)
      await sql
        .raw(
          `create trigger external_calendars_version
          after insert or update of ${SHOWN_CALENDAR_COLUMNS} or delete on external_calendars
          for each row execute function external_calendars_bump_version()`,
        )
        .execute(db)
    } else {
      await sql.raw('drop trigger external_calendars_version_update').execute(db)
      await sql
        .raw(
          `create trigger external_calendars_version_update
          after update of ${SHOWN_CALENDAR_COLUMNS} on external_calendars
          begin ${bump(OWNER('old'))}${bump(OWNER('new'))} end`,
        )
        .execute(db)
    }
  },
}
