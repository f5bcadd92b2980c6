import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely'

/**
 * `users.data_version` counts the writes to everything a host's property list, statistics and
 * export feeds are computed from: their properties, photos, platform links (the columns those
 * answers show) and bookings. Triggers bump it in the writing transaction, whichever code writes
 * (property routes, admin, the sync engine), so an answer cached under a version is exact for as
 * long as the version is unchanged, in every process sharing the database. The session lookup
 * reads the version with the user; see server/db/stampedCache.ts.
 */

/** The tables watched and the owner expression of a row (NEW or OLD). */
const OWNER_OF = {
  properties: (row: string) => `${row}.owner_id`,
  property_images: (row: string) => `(select owner_id from properties where id = ${row}.property_id)`,
  external_calendars: (row: string) => `(select owner_id from properties where id = ${row}.property_id)`,
  bookings: (row: string) => `(select owner_id from properties where id = ${row}.property_id)`,
} as const
type Watched = keyof typeof OWNER_OF
const TABLES = Object.keys(OWNER_OF) as Watched[]

/** A link's lease and fetch bookkeeping change on every sync and show nowhere; only these do. */
const SHOWN_CALENDAR_COLUMNS = 'url, platform_name, last_synced_at, last_error'

const bump = (owner: string) => `update users set data_version = data_version + 1 where id = ${owner};`

/** The triggers of these tables on SQLite (also for a table that a later migration rebuilds). */
export async function sqliteTriggers(db: Kysely<unknown>, tables: readonly Watched[] = TABLES) {
  for (const table of tables) {
    const owner = OWNER_OF[table]
    const updateOf = table === 'external_calendars' ? ` of ${SHOWN_CALENDAR_COLUMNS}` : ''
    const triggers = {
      insert: ['insert', bump(owner('new'))],
      update: [`update${updateOf}`, bump(owner('old')) + bump(owner('new'))],
      delete: ['delete', bump(owner('old'))],
    }
    for (const [name, [event, body]] of Object.entries(triggers))
      await sql
        .raw(`create trigger ${table}_version_${name} after ${event} on ${table} begin ${body} end`)
        .execute(db)
  }
}

async function postgresTriggers(db: Kysely<unknown>) {
  for (const table of TABLES) {
    const owner = OWNER_OF[table]
    await sql
      .raw(
        `create function ${table}_bump_version() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' then ${bump(owner('old'))} end if;
          if tg_op <> 'DELETE' then ${bump(owner('new'))} end if;
          return null;
        end $$`,
      )
      .execute(db)
    const update = table === 'external_calendars' ? `update of ${SHOWN_CALENDAR_COLUMNS}` : 'update'
    await sql
      .raw(
        `create trigger ${table}_version after insert or ${update} or delete on ${table}
        for each row execute function ${table}_bump_version()`,
      )
      .execute(db)
  }
}

export const ownerDataVersion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('data_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db)
    else await sqliteTriggers(db)
  },
}
