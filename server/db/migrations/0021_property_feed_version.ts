import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely'

/**
 * `properties.feed_version` counts the writes to what the property's own export feeds (the private
 * one and each platform's availability feed) are made of: its stays, its name, and the platform
 * of each of its links (a platform's feed leaves out that platform's stays). Triggers bump it in
 * the writing transaction, as migration 0002's do the owner's `data_version`, so a feed cached
 * under it is exact while it is unchanged, in every process; a write to one property leaves the
 * feeds of the owner's other properties cached. A link added or removed bumps it too: removing
 * one deletes its stays, whose own triggers would, but no rule depends on that.
 */

const bump = (property: string) =>
  `update properties set feed_version = feed_version + 1 where id = ${property};`

/** The tables watched, with the column list an update must touch (null: any update). */
const WATCHED = {
  bookings: { property: (row: string) => `${row}.property_id`, columns: null },
  external_calendars: { property: (row: string) => `${row}.property_id`, columns: 'platform_name' },
} as const

async function sqliteTriggers(db: Kysely<unknown>) {
  for (const [table, { property, columns }] of Object.entries(WATCHED)) {
    const updateOf = columns ? ` of ${columns}` : ''
    const triggers = {
      insert: ['insert', bump(property('new'))],
      update: [`update${updateOf}`, bump(property('old')) + bump(property('new'))],
      delete: ['delete', bump(property('old'))],
    }
    for (const [name, [event, body]] of Object.entries(triggers))
      await sql
        .raw(`create trigger ${table}_feed_version_${name} after ${event} on ${table} begin ${body} end`)
        .execute(db)
  }
  // The bump is an update of feed_version alone, so it does not fire this trigger again.
  await sql
    .raw(
      `create trigger properties_feed_version after update of name on properties begin ${bump('new.id')} end`,
    )
    .execute(db)
}

async function postgresTriggers(db: Kysely<unknown>) {
  for (const [table, { property, columns }] of Object.entries(WATCHED)) {
    await sql
      .raw(
        `create function ${table}_bump_feed_version() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' then ${bump(property('old'))} end if;
          if tg_op <> 'DELETE' then ${bump(property('new'))} end if;
          return null;
        end $$`,
      )
      .execute(db)
    const update = columns ? `update of ${columns}` : 'update'
    await sql
      .raw(
        `create trigger ${table}_feed_version after insert or ${update} or delete on ${table}
        for each row execute function ${table}_bump_feed_version()`,
      )
      .execute(db)
  }
  await sql
    .raw(
      `create function properties_bump_feed_version() returns trigger language plpgsql as $$
      begin ${bump('new.id')} return null; end $$`,
    )
    .execute(db)
  // `update of name` fires only for an update that sets name, so the bump does not fire it again.
  await sql
    .raw(
      `create trigger properties_feed_version after update of name on properties
      for each row execute function properties_bump_feed_version()`,
    )
    .execute(db)
}

export const propertyFeedVersion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('properties')
      .addColumn('feed_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db)
    else await sqliteTriggers(db)
  },
}
