import type { Selectable } from 'kysely'
import { classifyStay, classifySummary, nightsOf, type Stay } from '../../src/domain/bookings.ts'
import type { DateOnly } from '../../src/domain/dates.ts'
import { feedWarningText } from '../../src/domain/feedWarnings.ts'
import type { Db } from '../db/database.ts'
import { timeOrderedId } from '../db/ids.ts'
import type { BookingsTable } from '../db/schema.ts'
import type { FeedEvent } from './parse.ts'

export type BookingRow = Selectable<BookingsTable>

type FeedCalendar = { id: string; property_id: string; platform_name: string }

export type StoredChanges = {
  /** Stays this calendar never had before. */
  added: BookingRow[]
  /** Known stays whose fields changed, re-appeared ones included. */
  changed: number
  /** Known active stays whose dates moved, as they are now, with the dates they had. */
  moved: { stay: BookingRow; previous: Stay }[]
  /** Active stays that left the feed before they were over, as they were. */
  cancelled: BookingRow[]
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

/**
 * What the feed itself says of a stay. Status, guest, kind and echo are read from these when the
 * stay is first seen or changes, so an echo stays an echo until it changes; a stay that was no
 * echo never becomes one.
 */
const CONTENT = [
  'summary',
  'description',
  'location',
  'start_date',
  'end_date',
  'platform',
  'feed_warning',
] as const

const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH))

const sameContent = (a: Pick<BookingRow, (typeof CONTENT)[number]>, b: BookingRow) =>
  CONTENT.every((column) => (a[column] ?? null) === b[column])

/**
 * The nights Manzil had served, before now, to this platform's availability feed of the
 * property as taken: what a block on that platform is an echo of (issue 13, docs/decisions.md).
 */
async function nightsExportedTo(
  trx: Db,
  calendar: FeedCalendar,
  within: readonly Stay[],
): Promise<Set<string>> {
  if (within.length === 0) return new Set()
  const from = within.reduce((first, stay) => (stay.start < first ? stay.start : first), within[0]!.start)
  const until = within.reduce((last, stay) => (stay.end > last ? stay.end : last), within[0]!.end)
  const rows = await trx
    .selectFrom('feed_exports')
    .innerJoin('platform_feeds', 'platform_feeds.id', 'feed_exports.feed_id')
    .select('feed_exports.night')
    .where('platform_feeds.property_id', '=', calendar.property_id)
    .where('platform_feeds.platform_name', '=', calendar.platform_name)
    .where('feed_exports.night', '>=', from)
    .where('feed_exports.night', '<', until)
    .execute()
  return new Set(rows.map((row) => row.night))
}

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

  const fresh: { event: FeedEvent; existing: BookingRow | undefined }[] = []
  for (const [index, event] of events.entries()) {
    if (index > 0 && index % PAGE === 0) await nextTurn()
    const existing = byUid.get(event.uid)
    const content = {
      summary: event.summary,
      description: event.description,
      location: event.location,
      start_date: event.start,
      end_date: event.end,
      platform,
      feed_warning: feedWarningText(event.warning),
    }
    if (existing?.cancelled_at === null && sameContent(content, existing)) continue
    fresh.push({ event, existing })
  }
  // Only a block can be an echo, and only one first seen now or as an echo: a stay first seen as
  // no echo (a sale, a closure of the platform's own) stays one when it changes, even onto nights
  // exported since: a guest extending a Booking.com sale over nights Manzil has sent there since
  // is a second sale of them, not Manzil's own block coming back. The nights exported to this
  // platform are read for the candidates alone.
  const mayBeEcho = ({ event, existing }: (typeof fresh)[number]) =>
    existing?.echo !== 0 && classifySummary(event.summary).kind === 'block'
  const exported = await nightsExportedTo(
    trx,
    calendar,
    fresh.flatMap((candidate) => (mayBeEcho(candidate) ? [candidate.event] : [])),
  )

  const added: BookingRow[] = []
  const moved: StoredChanges['moved'] = []
  const upserts: BookingRow[] = []
  for (const candidate of fresh) {
    const { event, existing } = candidate
    const echo = mayBeEcho(candidate) && nightsOf(event).every((night) => exported.has(night))
    const classified = classifyStay(event.summary, { platform, echo })
    const row: BookingRow = {
      id: existing?.id ?? timeOrderedId(),
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
      nightly_price: existing?.nightly_price ?? price,
      feed_warning: feedWarningText(event.warning),
      echo: echo ? 1 : 0,
      first_seen_at: existing?.first_seen_at ?? now,
      updated_at: now,
    }
    if (!existing) added.push(row)
    else if (
      existing.cancelled_at === null &&
      (existing.start_date !== row.start_date || existing.end_date !== row.end_date)
    )
      moved.push({ stay: row, previous: { start: existing.start_date, end: existing.end_date } })
    upserts.push(row)
  }
  const changed = upserts.length - added.length

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
          echo: eb.ref('excluded.echo'),
          cancelled_at: null,
          updated_at: now,
        })),
      )
      .execute()
  }

  const present = new Set(events.map((event) => event.uid))
  const vanished = known.filter(
    (row) => row.cancelled_at === null && row.end_date > today && !present.has(row.uid),
  )
  for (const [index, batch] of chunks(vanished).entries()) {
    if (index > 0) await nextTurn()
    await trx
      .updateTable('bookings')
      .set({ cancelled_at: now, updated_at: now })
      .where(
        'id',
        'in',
        batch.map((row) => row.id),
      )
      .execute()
  }
  return { added, changed, moved, cancelled: vanished }
}
