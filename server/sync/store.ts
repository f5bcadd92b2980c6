import type { Insertable, Selectable } from 'kysely'
import { classifySummary } from '../../src/domain/bookings.ts'
import type { DateOnly } from '../../src/domain/dates.ts'
import { feedWarningText } from '../../src/domain/feedWarnings.ts'
import type { Db } from '../db/database.ts'
import { timeOrderedId } from '../db/ids.ts'
import type { BookingsTable } from '../db/schema.ts'
import type { FeedEvent } from './parse.ts'

export type BookingRow = Selectable<BookingsTable>

type FeedCalendar = { id: string; property_id: string }

export type StoredChanges = {
  /** Bookings this calendar never had before. */
  added: BookingRow[]
  /** Known bookings whose fields changed, re-appeared ones included. */
  changed: number
  cancelled: number
}

/**
 * Rows per statement. SQLite runs a statement on the event loop (about 50 µs a booking row, its
 * data-version trigger included), and a transaction's awaits never let the loop turn by
 * themselves, so the store yields between batches: 100 rows keep each turn near 5 ms. Only
 * between them: the transaction holds the one SQLite connection while the loop turns, so a
 * feed of one batch (most of them) is stored without a pause.
 */
const BATCH = 100

/** Lets the event loop serve what waits (requests, streams) before the next batch. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Rows read, or events compared, in one turn of the event loop (about 3 ms each). */
const PAGE = 500

/** The calendar's stored bookings, read PAGE at a time in uid order, a turn of the loop apart. */
async function knownBookings(trx: Db, calendarId: string): Promise<BookingRow[]> {
  const rows: BookingRow[] = []
  for (let after = ''; ;) {
    const page = await trx
      .selectFrom('bookings')
      .selectAll()
      .where('calendar_id', '=', calendarId)
      .where('uid', '>', after)
      .orderBy('uid')
      .limit(PAGE)
      .execute()
    rows.push(...page)
    const last = page.at(-1)
    if (!last || page.length < PAGE) return rows
    after = last.uid
    await nextTurn()
  }
}

const CONTENT = [
  'summary',
  'description',
  'location',
  'start_date',
  'end_date',
  'status',
  'guest_name',
  'kind',
  'platform',
  'feed_warning',
] as const

const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH))

const sameContent = (a: Insertable<BookingsTable>, b: BookingRow) =>
  CONTENT.every((column) => (a[column] ?? null) === b[column])

/**
 * Makes a calendar's bookings what its feed says, inside the caller's transaction. Only rows that
 * differ are written (a feed whose text changed but whose stays did not costs no writes); an
 * event gone from the feed is cancelled, not deleted, unless its stay is over (platforms drop
 * past stays from their feeds; those stay on record as they were).
 */
export async function storeFeed(
  trx: Db,
  calendar: FeedCalendar,
  events: FeedEvent[],
  platform: string,
  now: string,
  today: DateOnly,
): Promise<StoredChanges> {
  // Transactions queued on SQLite's one connection would otherwise run back to back, each
  // started from the last one's microtask, in a single turn of the event loop.
  await nextTurn()
  const known = await knownBookings(trx, calendar.id)
  const property = await trx
    .selectFrom('properties')
    .select('cost_per_night')
    .where('id', '=', calendar.property_id)
    .executeTakeFirst()
  // A new stay earns the price in force now; a known one keeps its own (the upsert leaves it).
  const price = property?.cost_per_night == null ? null : Number(property.cost_per_night)
  const byUid = new Map(known.map((row) => [row.uid, row]))

  const added: BookingRow[] = []
  const upserts: Insertable<BookingsTable>[] = []
  let changed = 0
  for (const [index, event] of events.entries()) {
    if (index > 0 && index % PAGE === 0) await nextTurn()
    const classified = classifySummary(event.summary)
    const row: BookingRow = {
      id: timeOrderedId(),
      calendar_id: calendar.id,
      property_id: calendar.property_id,
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: event.location,
      start_date: event.start,
      end_date: event.end,
      status: classified.status,
      guest_name: classified.guestName,
      kind: classified.kind,
      platform,
      cancelled_at: null,
      nightly_price: price,
      feed_warning: feedWarningText(event.warning),
      first_seen_at: now,
      updated_at: now,
    }
    const existing = byUid.get(event.uid)
    if (!existing) added.push(row)
    else if (existing.cancelled_at === null && sameContent(row, existing)) continue
    else changed++
    upserts.push(row)
  }

  for (const [index, batch] of chunks(upserts).entries()) {
    if (index > 0) await nextTurn()
    await trx
      .insertInto('bookings')
      .values(batch)
      .onConflict((conflict) =>
        conflict.columns(['calendar_id', 'uid']).doUpdateSet((eb) => ({
          summary: eb.ref('excluded.summary'),
          description: eb.ref('excluded.description'),
          location: eb.ref('excluded.location'),
          start_date: eb.ref('excluded.start_date'),
          end_date: eb.ref('excluded.end_date'),
          status: eb.ref('excluded.status'),
          guest_name: eb.ref('excluded.guest_name'),
          kind: eb.ref('excluded.kind'),
          platform: eb.ref('excluded.platform'),
          feed_warning: eb.ref('excluded.feed_warning'),
          cancelled_at: null,
          updated_at: now,
        })),
      )
      .execute()
  }

  const present = new Set(events.map((event) => event.uid))
  const vanished = known
    .filter((row) => row.cancelled_at === null && row.end_date > today && !present.has(row.uid))
    .map((row) => row.id)
  for (const [index, batch] of chunks(vanished).entries()) {
    if (index > 0) await nextTurn()
    await trx
      .updateTable('bookings')
      .set({ cancelled_at: now, updated_at: now })
      .where('id', 'in', batch)
      .execute()
  }
  return { added, changed, cancelled: vanished.length }
}
