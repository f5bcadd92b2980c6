import type { Selectable } from 'kysely'
import { classifySummary, nightsOverlap, type Stay } from '../../src/domain/bookings.ts'
import { addDays, type DateOnly } from '../../src/domain/dates.ts'
import { formatRuns, ownRuns } from '../../src/domain/echoNights.ts'
import {
  covers,
  intersect,
  nightCount,
  runsOf,
  sameRuns,
  subtract,
  union,
} from '../../src/domain/nightRuns.ts'
import { feedWarningText } from '../../src/domain/feedWarnings.ts'
import { adapterOf } from '../../src/domain/platformAdapters.ts'
import { nightsServedAt, SERVED_PAST_DAYS } from '../calendar/served.ts'
import type { Db } from '../db/database.ts'
import { timeOrderedId } from '../db/ids.ts'
import type { BookingsTable } from '../db/schema.ts'
import { judgementOf } from './ownNights.ts'
import type { FeedEvent } from './parse.ts'
import { platformRulesOfFeed, type FeedRules } from './platformRules.ts'
import { loopPauses, nextTurn } from '../eventLoop.ts'

export type BookingRow = Selectable<BookingsTable>

type FeedCalendar = { id: string; property_id: string; platform_name: string; first_synced_at: string | null }

/** A change a sync tells the host of: sales only (a block shows when it clashes). */
export type News =
  | { kind: 'new'; stay: BookingRow; restored: boolean }
  | { kind: 'changed'; stay: BookingRow; previous: Stay }
  | { kind: 'cancelled'; stay: BookingRow }

export type StoredChanges = {
  /** Stays never seen before, in no stay's line. */
  added: number
  /** Active stays that left the feed before they were over, and went on in no other stay. */
  cancelled: number
  /** The stays whose own nights are new or moved: where a new conflict can be. */
  touched: Set<string>
  news: News[]
}

/**
 * Rows per statement. SQLite runs a statement on the event loop (about 50 µs a booking row, its
 * data-version trigger included), and a transaction's awaits never let the loop turn by
 * themselves: 100 rows keep a statement near 5 ms, and the store pauses between statements once
 * it has held the loop its share (`loopPauses`). The transaction holds the one SQLite connection
 * while the loop turns, so a feed stored within one share (most of them) is stored without a
 * pause.
 */
const BATCH = 100

/** The calendar's stored bookings read per query (about 3 ms each). */
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
 * What the feed itself says of a stay. Status, guest, kind and echo nights are read from these
 * when the stay is first seen or changes, not on every sync.
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
 * How long a cancelled stay can come back in a stay that covers it (a platform re-issuing the
 * UID of a stay it dropped and restored): after that, it is a new sale.
 */
export const RESTORE_WITHIN_MS = 48 * 3600_000

/**
 * Pairs of a stay gone and a stay brought that one sync compares for carry-over; past it (a
 * hostile feed rotating thousands of long stays) the gone ones are cancelled and the new ones
 * new, as they say.
 */
const MAX_CARRY_OVER_PAIRS = 200_000

/** Two versions of a stay may be one when this is the same: both blocks, or bookings of the same guest. */
function kindOfStay(summary: string): string {
  const classified = classifySummary(summary)
  return classified.kind === 'block' ? 'block' : `booking ${classified.guestName.trim().toLowerCase()}`
}

const runOf = (row: Pick<BookingRow, 'start_date' | 'end_date'>): Stay => ({
  start: row.start_date,
  end: row.end_date,
})

/** The runs of nights a stored stay held as its platform's own, and as echoes. */
function runsAsJudged(row: BookingRow): { own: Stay[]; echo: Stay[] } {
  const own = ownRuns(runOf(row), judgementOf(row))
  return { own, echo: subtract([runOf(row)], own) }
}

/** The nights a stay sells as its platform's own: none for a block or an echo. */
const saleRuns = (row: BookingRow): Stay[] => (row.kind === 'booking' ? runsAsJudged(row).own : [])

const unionOf = (runs: readonly Stay[][]): Stay[] => runsOf(runs.flat())

/** From the first night of some runs to the day after their last. */
const span = (runs: readonly Stay[]): Stay => ({ start: runs[0]!.start, end: runs.at(-1)!.end })

/** Disjoint sets over 0..size-1. */
function unions(size: number) {
  const parent = Array.from({ length: size }, (_, i) => i)
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!
    return i
  }
  return { find, join: (a: number, b: number) => void (parent[find(a)] = find(b)) }
}

/**
 * One stay's line through a sync: the versions it had (its own previous version, stays gone from
 * the feed that it carries on) and the events that are it now.
 */
type Line = { before: BookingRow[]; after: { event: FeedEvent; existing: BookingRow | undefined }[] }

/**
 * Groups what changed into lines. An event with a known UID continues its own stay. When one
 * sync drops stays and brings others of the same kind whose nights overlap them, and either
 * side's nights cover the other's (a platform merging or splitting runs, or re-issuing UIDs),
 * they are one line: the same stay changed, not a cancellation and a new sale. A stay cancelled
 * lately comes back the same way. Anything else is a line of its own. A new event of the same
 * kind and nights as a stay gone from the feed goes on in it whatever their number, found by
 * those alone (a feed re-issuing every UID at each fetch re-keys its rows, it does not add
 * rows); so does one over a stay that is over and left the feed (`vanished`), which is never
 * cancelled.
 */
async function linesOf(
  fresh: Line['after'],
  gone: BookingRow[],
  vanished: BookingRow[],
): Promise<{ lines: Line[]; cancelled: BookingRow[] }> {
  const before = [...gone, ...vanished]
  const sets = unions(fresh.length + before.length)
  const freshKinds = fresh.map(({ event }) => kindOfStay(event.summary))
  const beforeKinds = before.map((row) => kindOfStay(row.summary))
  // Those still active first: a stay re-keyed goes on in its own row, not in one cancelled lately.
  const unpaired = new Map<string, number[]>()
  const order = Array.from(before.keys())
  order.sort((a, b) => Number(before[a]!.cancelled_at !== null) - Number(before[b]!.cancelled_at !== null))
  for (const index of order) {
    const key = `${before[index]!.start_date} ${before[index]!.end_date} ${beforeKinds[index]}`
    const same = unpaired.get(key)
    if (same) same.push(index)
    else unpaired.set(key, [index])
  }
  for (const [index, { event, existing }] of fresh.entries()) {
    if (existing) continue
    const match = unpaired.get(`${event.start} ${event.end} ${freshKinds[index]}`)?.shift()
    if (match !== undefined) sets.join(index, fresh.length + match)
  }
  const pause = loopPauses()
  if (fresh.length * gone.length <= MAX_CARRY_OVER_PAIRS)
    for (const [index, { event }] of fresh.entries()) {
      await pause()
      for (const [goneIndex, row] of gone.entries())
        if (
          nightsOverlap(event, { start: row.start_date, end: row.end_date }) &&
          freshKinds[index] === beforeKinds[goneIndex]
        )
          sets.join(index, fresh.length + goneIndex)
    }
  const groups = new Map<number, { fresh: number[]; gone: number[] }>()
  const groupOf = (index: number) => {
    const root = sets.find(index)
    let group = groups.get(root)
    if (!group) groups.set(root, (group = { fresh: [], gone: [] }))
    return group
  }
  fresh.forEach((_, index) => groupOf(index).fresh.push(index))
  before.forEach((_, index) => groupOf(fresh.length + index).gone.push(index))

  const lines: Line[] = []
  const cancelled: BookingRow[] = []
  const previous = (candidate: Line['after'][number]) => (candidate.existing ? [candidate.existing] : [])
  for (const group of groups.values()) {
    await pause()
    const after = group.fresh.map((index) => fresh[index]!)
    const goneRows = group.gone.map((index) => before[index]!)
    if (goneRows.length > 0 && after.length > 0) {
      const versions = [...after.flatMap(previous), ...goneRows]
      const oldNights = runsOf(versions.map(runOf))
      const newNights = runsOf(after.map(({ event }) => event))
      if (covers(newNights, oldNights) || covers(oldNights, newNights)) {
        lines.push({ before: versions, after })
        continue
      }
    }
    for (const candidate of after) lines.push({ before: previous(candidate), after: [candidate] })
    cancelled.push(
      ...group.gone
        .filter((index) => index < gone.length && gone[index]!.cancelled_at === null)
        .map((index) => gone[index]!),
    )
  }
  return { lines, cancelled }
}

/**
 * Which nights of each block are echoes: our own export coming back. A night the stay's line
 * held as the platform's own stays its own (a sale does not turn into Manzil's block because its
 * nights were exported since); any other night (new to the line, or an echo before) is an echo
 * when the platform's latest fetch of its availability feed before this sync began served it as
 * taken. An echo night is judged again so: a platform still closing a night that its latest
 * fetch was served as free has closed it itself (resold it after a cancellation). Echo nights
 * too long past to be on record stay echoes.
 */
async function echoNightsOf(
  trx: Db,
  calendar: FeedCalendar,
  lines: readonly Line[],
  seenAt: string,
): Promise<Map<FeedEvent, Stay[]>> {
  const past: Stay[] = [{ start: '0000-01-01', end: addDays(seenAt.slice(0, 10), -SERVED_PAST_DAYS) }]
  const asked: { event: FeedEvent; nights: Stay[]; kept: Stay[] }[] = []
  for (const line of lines) {
    // A cancelled stay holds no night: one coming back is judged anew (its nights may be the
    // platform's import of another platform's resale of them).
    const own = unionOf(
      line.before.filter((row) => row.cancelled_at === null).map((row) => runsAsJudged(row).own),
    )
    const echo = unionOf(line.before.map((row) => runsAsJudged(row).echo))
    const keptEchoes = intersect(echo, past)
    for (const { event } of line.after) {
      if (classifySummary(event.summary).kind !== 'block') continue
      const open = subtract([{ start: event.start, end: event.end }], own)
      const kept = intersect(open, keptEchoes)
      asked.push({ event, nights: subtract(open, kept), kept })
    }
  }
  const judged = new Map<FeedEvent, Stay[]>()
  const all = unionOf(asked.map((item) => item.nights))
  const served =
    all.length === 0
      ? []
      : await nightsServedAt(
          trx,
          { propertyId: calendar.property_id, platformName: calendar.platform_name },
          span(all),
          seenAt,
        )
  for (const item of asked) judged.set(item.event, union(item.kept, intersect(item.nights, served)))
  return judged
}

/** What a stay's row holds of its feed event, all of it: two events alike in it are one stay. */
const contentKey = (content: {
  start: DateOnly
  end: DateOnly
  summary: string
  description: string | null
  location: string | null
  warning: string | null
}) =>
  JSON.stringify([
    content.start,
    content.end,
    content.summary,
    content.description,
    content.location,
    content.warning,
  ])

/**
 * A platform that re-issues every UID at each fetch writes nothing: an event under a UID never
 * stored, alike in every stored field (and rule) to an active stay whose UID left the feed, is
 * that stay under its stored UID. Re-keying the row instead costs a write per stay and fetch
 * (on PostgreSQL, a dead row each: 20,000 rotating stays grew the database 11 MB a round).
 */
async function keptUids(
  rules: FeedRules,
  known: readonly BookingRow[],
  byUid: ReadonlyMap<string, BookingRow>,
): Promise<FeedRules> {
  const incoming = new Set(rules.events.map((event) => event.uid))
  const unclaimed = new Map<string, BookingRow[]>()
  const pause = loopPauses()
  for (const row of known) {
    await pause()
    if (row.cancelled_at !== null || incoming.has(row.uid)) continue
    const key = `${row.platform_rule ?? ''} ${contentKey({ start: row.start_date, end: row.end_date, summary: row.summary, description: row.description, location: row.location, warning: row.feed_warning })}`
    const same = unclaimed.get(key)
    if (same) same.push(row)
    else unclaimed.set(key, [row])
  }
  if (unclaimed.size === 0) return rules
  const original = new Map<FeedEvent, FeedEvent>()
  const events = rules.events.map((event) => {
    if (byUid.has(event.uid)) return event
    const key = `${rules.ruleOf(event) ?? ''} ${contentKey({ ...event, warning: feedWarningText(event.warning) })}`
    const row = unclaimed.get(key)?.shift()
    if (!row) return event
    const kept = { ...event, uid: row.uid }
    original.set(kept, event)
    return kept
  })
  return { events, ruleOf: (event) => rules.ruleOf(original.get(event) ?? event) }
}

/**
 * Whether a stay that is over and left its feed was never the host's record: a later sync than
 * the link's first brought it already over. A platform exports the stays it had, and a stay is
 * seen while it is upcoming; a feed that brings new past stays at every fetch is making them up,
 * and keeping each set would grow the store without end. The history a link's first import
 * brings is kept, as is every stay seen before it was over.
 */
const isUnrecordedPast = (row: BookingRow, calendar: FeedCalendar) =>
  calendar.first_synced_at !== null &&
  row.first_seen_at > calendar.first_synced_at &&
  row.end_date < row.first_seen_at.slice(0, 10)

/**
 * Makes a calendar's bookings what its feed says, inside the caller's transaction. Only rows that
 * differ are written (a feed whose text changed but whose stays did not costs no writes); an
 * event gone from the feed is cancelled, not deleted, unless its stay is over (platforms drop
 * past stays from their feeds; those stay on record as they were, save those that never were a
 * record: see `isUnrecordedPast`) or it goes on in another event (see `linesOf`). `now` is when the sync began: when what it brings is first seen.
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
  const rules = await keptUids(await platformRulesOfFeed(trx, calendar, events, today), known, byUid)

  const fresh: Line['after'] = []
  const pause = loopPauses()
  for (const event of rules.events) {
    await pause()
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
    if (
      existing?.cancelled_at === null &&
      sameContent(content, existing) &&
      existing.platform_rule === rules.ruleOf(event)
    )
      continue
    fresh.push({ event, existing })
  }
  const present = new Set(rules.events.map((event) => event.uid))
  const restoreSince = new Date(Date.parse(now) - RESTORE_WITHIN_MS).toISOString()
  const gone = known.filter(
    (row) =>
      row.end_date > today &&
      !present.has(row.uid) &&
      (row.cancelled_at === null || row.cancelled_at >= restoreSince),
  )
  const vanished = known.filter(
    (row) => row.end_date <= today && !present.has(row.uid) && row.cancelled_at === null,
  )
  const { lines, cancelled } = await linesOf(fresh, gone, vanished)
  const goingOn = new Set(lines.flatMap((line) => line.before))
  const unrecorded = vanished.filter((row) => !goingOn.has(row) && isUnrecordedPast(row, calendar))
  const echoNights = await echoNightsOf(trx, calendar, lines, now)

  const upserts: BookingRow[] = []
  const rekeyed: { id: string; uid: string }[] = []
  const mergedAway: BookingRow[] = []
  const inherited: { from: string[]; to: string[] }[] = []
  const touched = new Set<string>()
  const news: News[] = []
  let added = 0
  // Summaries are read as the platform the feed's text names writes them (a Booking.com export
  // linked as Other is Booking.com's); its rules, by the platform it was linked as.
  const reader = adapterOf(platform)
  for (const line of lines) {
    await pause()
    // Gone stays hand their rows on to the new events that overlap them most; the rest of them
    // end in the line's other stays.
    const heirs = new Map<FeedEvent, BookingRow>()
    for (const { event, existing } of line.after) if (existing) heirs.set(event, existing)
    const goneRows = line.before.filter((row) => !line.after.some(({ existing }) => existing === row))
    for (const row of goneRows) {
      const stay = { start: row.start_date, end: row.end_date }
      const overlap = (event: FeedEvent) =>
        nightCount(intersect([{ start: event.start, end: event.end }], [stay]))
      const heir = line.after
        .filter(({ event }) => !heirs.has(event))
        .sort((a, b) => overlap(b.event) - overlap(a.event))[0]
      if (heir) {
        heirs.set(heir.event, row)
        rekeyed.push({ id: row.id, uid: heir.event.uid })
      } else mergedAway.push(row)
    }
    const firstSeen = line.before.reduce<string | undefined>(
      (first, row) => (first === undefined || row.first_seen_at < first ? row.first_seen_at : first),
      undefined,
    )
    const linePrice = line.before.find((row) => row.nightly_price !== null)?.nightly_price
    const rows = line.after.map(({ event }) => {
      const heir = heirs.get(event)
      const echoes = echoNights.get(event) ?? []
      const allEcho = event.start < event.end && covers(echoes, [{ start: event.start, end: event.end }])
      const classified = reader.readSummary(event.summary, { echo: allEcho })
      const row: BookingRow = {
        id: heir?.id ?? timeOrderedId(),
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
        nightly_price: heir?.nightly_price ?? linePrice ?? price,
        feed_warning: feedWarningText(event.warning),
        echo: allEcho ? 1 : 0,
        echo_runs: allEcho || echoes.length === 0 ? null : formatRuns(echoes),
        platform_rule: rules.ruleOf(event),
        first_seen_at: heir?.first_seen_at ?? firstSeen ?? now,
        updated_at: now,
        taken_at: now,
      }
      const was = heir && heir.cancelled_at === null ? heir : undefined
      if (
        !was ||
        was.start_date !== row.start_date ||
        was.end_date !== row.end_date ||
        was.echo !== row.echo ||
        was.echo_runs !== row.echo_runs ||
        was.platform_rule !== row.platform_rule
      )
        touched.add(row.id)
      // Only a change of the nights it holds dates them anew: a new summary or description does not.
      else row.taken_at = was.taken_at ?? was.first_seen_at
      return row
    })
    upserts.push(...rows)
    if (line.before.length === 0) added += rows.length
    if (goneRows.length > 0)
      inherited.push({ from: goneRows.map((row) => row.id), to: rows.map((row) => row.id) })
    news.push(...newsOfLine(line.before, rows))
  }

  for (const { id, uid } of rekeyed) {
    await pause()
    await trx.updateTable('bookings').set({ uid }).where('id', '=', id).execute()
  }
  for (const batch of chunks(upserts)) {
    await pause()
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
          echo_runs: eb.ref('excluded.echo_runs'),
          platform_rule: eb.ref('excluded.platform_rule'),
          cancelled_at: null,
          updated_at: now,
          taken_at: eb.ref('excluded.taken_at'),
        })),
      )
      .execute()
  }
  // The stays' new rows exist by now, and the merged-away ones still do.
  await inheritAnnouncedConflicts(trx, inherited, now)
  for (const batch of chunks([...mergedAway, ...unrecorded].map((row) => row.id)))
    await trx.deleteFrom('bookings').where('id', 'in', batch).execute()

  for (const batch of chunks(cancelled)) {
    await pause()
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
  for (const row of cancelled) if (saleRuns(row).length > 0) news.push({ kind: 'cancelled', stay: row })
  return { added, cancelled: cancelled.length, touched, news }
}

/**
 * What one line's change tells the host, by the nights it sells as the platform's own: news
 * when it sells some and sold none (`new`; after a cancellation, restored), `cancelled` the
 * other way, `changed` when those nights differ, and nothing when a run was merged, split or
 * given a new UID but its sale is the same.
 */
function newsOfLine(before: readonly BookingRow[], after: readonly BookingRow[]): News[] {
  const active = before.filter((row) => row.cancelled_at === null)
  const sold = unionOf(active.map(saleRuns))
  const selling = after.filter((row) => saleRuns(row).length > 0)
  const sells = unionOf(selling.map(saleRuns))
  if (sold.length === 0) {
    const restored = before.some((row) => row.cancelled_at !== null && saleRuns(row).length > 0)
    if (restored) return selling.slice(0, 1).map((stay) => ({ kind: 'new', stay, restored: true }))
    return selling.map((stay) => ({ kind: 'new', stay, restored: false }))
  }
  if (sells.length === 0)
    return [{ kind: 'cancelled', stay: active.find((row) => saleRuns(row).length > 0)! }]
  if (sameRuns(sold, sells)) return []
  return [{ kind: 'changed', stay: selling[0]!, previous: span(sold) }]
}

/**
 * A clash announced for a stay is announced for the stays it goes on in: a merged or split run
 * does not announce its conflicts again.
 */
async function inheritAnnouncedConflicts(
  trx: Db,
  inherited: readonly { from: string[]; to: string[] }[],
  now: string,
) {
  for (const { from, to } of inherited) {
    const pairs = await trx
      .selectFrom('announced_conflicts')
      .select(['first_id', 'second_id'])
      .where((eb) => eb.or([eb('first_id', 'in', from), eb('second_id', 'in', from)]))
      .execute()
    const values = pairs.flatMap((pair) => {
      const partner = from.includes(pair.first_id) ? pair.second_id : pair.first_id
      return to
        .filter((id) => id !== partner)
        .map((id) => {
          const [first, second] = [id, partner].sort()
          return { first_id: first!, second_id: second!, created_at: now }
        })
    })
    for (const batch of chunks(values))
      await trx
        .insertInto('announced_conflicts')
        .values(batch)
        .onConflict((conflict) => conflict.columns(['first_id', 'second_id']).doNothing())
        .execute()
  }
}
