import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely'
import { sqliteTriggers } from './0002_owner_data_version.ts'

/**
 * Manual stays and echoes (docs/product.md §2.15, §11.2).
 * - A manual stay (a direct booking, an owner's stay, a maintenance block) belongs to no linked
 *   calendar: `bookings.calendar_id` becomes nullable. SQLite cannot drop a NOT NULL, so there
 *   the table is rebuilt, its index and data-version triggers with it.
 * - `bookings.echo` marks a block or closure that only mirrors what Manzil exported to its
 *   platform (see docs/decisions.md, "The echo rule"). Blocks already stored were never
 *   conflicts; those whose every night another source's active stay covers are taken as echoes,
 *   the nearest this data can tell, so an upgrade does not turn every mirrored night red.
 * - `feed_exports` keeps, for each platform's availability feed, when each night was first
 *   served to that platform as not available: what the echo rule is judged against.
 */
const COLUMNS = `id, calendar_id, property_id, uid, summary, description, location, start_date, end_date,
  status, guest_name, kind, platform, cancelled_at, first_seen_at, updated_at, nightly_price, feed_warning`

async function rebuildSqliteBookings(db: Kysely<unknown>) {
  await sql
    .raw(
      `create table bookings_rebuilt (
        id text primary key,
        calendar_id text references external_calendars(id) on delete cascade,
        property_id text not null references properties(id) on delete cascade,
        uid text not null,
        summary text not null,
        description text,
        location text,
        start_date text not null,
        end_date text not null,
        status text not null,
        guest_name text not null,
        kind text not null,
        platform text not null,
        cancelled_at text,
        first_seen_at text not null,
        updated_at text not null,
        nightly_price double precision,
        feed_warning text,
        echo integer not null default 0,
        constraint bookings_calendar_uid unique (calendar_id, uid)
      )`,
    )
    .execute(db)
  await sql.raw(`insert into bookings_rebuilt (${COLUMNS}) select ${COLUMNS} from bookings`).execute(db)
  await sql.raw('drop table bookings').execute(db)
  await sql.raw('alter table bookings_rebuilt rename to bookings').execute(db)
  await db.schema
    .createIndex('bookings_property_dates')
    .on('bookings')
    .columns(['property_id', 'start_date', 'end_date'])
    .execute()
  await sqliteTriggers(db, ['bookings'])
}

type StoredStay = {
  id: string
  property_id: string
  calendar_id: string
  kind: string
  start_date: string
  end_date: string
}

/** Existing active blocks every night of which other calendars' active stays cover. */
async function markStoredEchoes(db: Kysely<unknown>) {
  const { rows } = await sql<StoredStay>`
    select id, property_id, calendar_id, kind, start_date, end_date from bookings
    where cancelled_at is null order by property_id, start_date`.execute(db)
  const byProperty = new Map<string, StoredStay[]>()
  for (const row of rows) {
    const stays = byProperty.get(row.property_id)
    if (stays) stays.push(row)
    else byProperty.set(row.property_id, [row])
  }
  const echoes = rows
    .filter((block) => block.kind === 'block')
    .filter((block) =>
      coveredNights(
        (byProperty.get(block.property_id) ?? []).filter((other) => other.calendar_id !== block.calendar_id),
        block,
      ),
    )
    .map((block) => block.id)
  for (let at = 0; at < echoes.length; at += 500)
    await sql`update bookings set echo = 1 where id in (${sql.join(echoes.slice(at, at + 500))})`.execute(db)
}

/** Whether these stays, together, occupy every night of `stay`. */
function coveredNights(stays: readonly StoredStay[], stay: StoredStay): boolean {
  let coveredUntil = stay.start_date
  for (const other of stays) {
    if (other.start_date > coveredUntil) break
    if (other.end_date > coveredUntil) coveredUntil = other.end_date
    if (coveredUntil >= stay.end_date) return true
  }
  return false
}

export const manualStaysAndEchoes: Migration = {
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql.raw('alter table bookings alter column calendar_id drop not null').execute(db)
      await db.schema
        .alterTable('bookings')
        .addColumn('echo', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    } else {
      await db.transaction().execute(rebuildSqliteBookings)
    }
    await markStoredEchoes(db)
    await db.schema
      .createTable('feed_exports')
      .addColumn('feed_id', 'text', (c) => c.notNull().references('platform_feeds.id').onDelete('cascade'))
      .addColumn('night', 'text', (c) => c.notNull())
      .addColumn('first_exported_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('feed_exports_night', ['feed_id', 'night'])
      .execute()
  },
}
