import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely'

/**
 * `platform_feeds.fetches_version` counts the writes to a feed's record of fetches that can change
 * what is read of it (its latest fetch, its week's intervals): a fetch noted, and a day rolled up.
 * Triggers bump it, whichever code writes, so figures read from the record and kept under the
 * version are exact for as long as it is unchanged, in every process (server/imports/service.ts).
 * A roll-up deletes only what it adds up in a day; forgetting a feed's whole record bumps the
 * version itself, once, when it is done (server/imports/rollup.ts). A feed's row is no owner's
 * data version: platforms fetch all day, and no cached answer of the owner's shows it.
 */
const WATCHED = {
  feed_fetches: 'insert',
  feed_fetch_days: 'insert or update',
} as const

const bump = (row: string) =>
  `update platform_feeds set fetches_version = fetches_version + 1 where id = ${row}.feed_id;`

async function sqliteTriggers(db: Kysely<unknown>) {
  for (const [table, events] of Object.entries(WATCHED))
    for (const event of events.split(' or '))
      await sql
        .raw(
          `create trigger ${table}_fetches_version_${event} after ${event} on ${table} begin ${bump('new')} end`,
        )
        .execute(db)
}

async function postgresTriggers(db: Kysely<unknown>) {
  await sql
    .raw(
      `create function bump_fetches_version() returns trigger language plpgsql as $$
      begin ${bump('new')} return null; end $$`,
    )
    .execute(db)
  for (const [table, events] of Object.entries(WATCHED))
    await sql
      .raw(
        `create trigger ${table}_fetches_version after ${events} on ${table}
        for each row execute function bump_fetches_version()`,
      )
      .execute(db)
}

export const feedFetchesVersion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('platform_feeds')
      .addColumn('fetches_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db)
    else await sqliteTriggers(db)
  },
}
