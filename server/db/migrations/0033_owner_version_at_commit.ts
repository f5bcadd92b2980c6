import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely'

/**
 * On PostgreSQL, the owner's `users.data_version` (migration 0002) is bumped at commit, once per
 * owner and transaction, instead of by every row written as it is written. The row lock of the
 * bump is then held for the commit alone: two syncs of one owner's links, in two processes, no
 * longer queue on it from their first booking written to their commit, and a sync that writes
 * forty stays bumps the version once, not forty times. Readers see the version and the rows it
 * covers change together at commit, as before.
 *
 * The owners bumped in a transaction are remembered in a transaction-local setting; the owner of
 * a row is read at commit, so a row whose property was deleted in the same transaction is
 * counted by the property's own bump. The bumps come in the order of the rows written, so a
 * statement that writes the links of several owners writes them in their owners' order
 * (server/sync/unchangedSyncs.ts).
 *
 * SQLite has one writer at a time, whose triggers wait for nobody: its triggers stay as they are.
 */

/** The tables watched, the owner expression of a row, and the columns an update must touch. */
const WATCHED = {
  properties: { owner: (row: string) => `${row}.owner_id`, columns: null },
  property_images: {
    owner: (row: string) => `(select owner_id from properties where id = ${row}.property_id)`,
    columns: null,
  },
  external_calendars: {
    owner: (row: string) => `(select owner_id from properties where id = ${row}.property_id)`,
    // Migration 0004's list: what the property list and the statistics show of a link.
    columns: 'url, platform_name, last_synced_at, last_error, budget_failures',
  },
  bookings: {
    owner: (row: string) => `(select owner_id from properties where id = ${row}.property_id)`,
    columns: null,
  },
} as const

const BUMP_ONCE = `create function bump_owner_version_once(owner text) returns void language plpgsql as $$
  declare
    bumped text := coalesce(current_setting('manzil.owners_bumped', true), '');
  begin
    if owner is null or position(' ' || owner || ' ' in bumped) > 0 then return; end if;
    update users set data_version = data_version + 1 where id = owner;
    perform set_config('manzil.owners_bumped', bumped || ' ' || owner || ' ', true);
  end $$`

export const ownerVersionAtCommit: Migration = {
  async up(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
    await sql.raw(BUMP_ONCE).execute(db)
    for (const [table, { owner, columns }] of Object.entries(WATCHED)) {
      await sql
        .raw(
          `create or replace function ${table}_bump_version() returns trigger language plpgsql as $$
          begin
            if tg_op <> 'INSERT' then perform bump_owner_version_once(${owner('old')}); end if;
            if tg_op <> 'DELETE' then perform bump_owner_version_once(${owner('new')}); end if;
            return null;
          end $$`,
        )
        .execute(db)
      await sql.raw(`drop trigger ${table}_version on ${table}`).execute(db)
      const update = columns ? `update of ${columns}` : 'update'
      await sql
        .raw(
          `create constraint trigger ${table}_version after insert or ${update} or delete on ${table}
          deferrable initially deferred for each row execute function ${table}_bump_version()`,
        )
        .execute(db)
    }
  },
}
