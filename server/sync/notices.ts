import { calendarText } from '../calendar/ics.ts'
import type { Db } from '../db/database.ts'
import type { NoticeKind } from '../../src/domain/noticeKinds.ts'
import type { NoticeStay, NotificationData } from '../../contract/notification.ts'
import { createNotifications, type NewNotification } from '../notification/store.ts'
import { writeTransaction } from '../db/errors.ts'
import { conflictCandidates, conflictPairs, conflictPairsOf, type ConflictPair } from './conflicts.ts'
import { churnOfSync } from './churn.ts'
import { ownRowParts } from './ownNights.ts'
import { intersect, runsOf } from '../../src/domain/nightRuns.ts'
import type { BookingRow, StoredChanges } from './store.ts'
import { loopPauses } from '../eventLoop.ts'
import { noticeRecipients } from '../team/access.ts'

/** What the property is called, and who hears of it: its owner and co-hosts who want to. */
async function audienceOf(db: Db, propertyId: string) {
  const [property, listeners] = await Promise.all([
    db.selectFrom('properties').select('name').where('id', '=', propertyId).executeTakeFirst(),
    noticeRecipients(db, propertyId),
  ])
  return property && listeners.length > 0 ? { propertyName: property.name, listeners } : null
}

const NOTICE_COLUMNS = [
  'id',
  'summary',
  'start_date',
  'end_date',
  'status',
  'guest_name',
  'platform',
  'kind',
  'updated_at',
  'echo',
  'echo_runs',
  'platform_rule',
] as const

type NoticeRow = Pick<BookingRow, (typeof NOTICE_COLUMNS)[number]>

/**
 * A stay as a notice names it: by the nights its platform sells or closes itself, from the first
 * to the last (a Booking.com sale merged with the nights it imported around it names the sale's
 * nights only); a stay with none of its own, by all of them.
 */
function byOwnNights<T extends NoticeRow>(row: T): T {
  const own = ownRowParts(row)
  if (own.length === 0) return row
  return { ...row, start_date: own[0]!.start_date, end_date: own.at(-1)!.end_date, echo_runs: null }
}

const noticeStay = (row: NoticeRow): NoticeStay => {
  const named = byOwnNights(row)
  return {
    id: row.id,
    guestName: row.guest_name,
    start: named.start_date,
    end: named.end_date,
    platform: row.platform,
    kind: row.kind,
    status: row.status,
  }
}

/** The stays a conflict's pair names, as rows the calendar text can write. */
const stayRows = (db: Db, ids: string[]) =>
  db.selectFrom('bookings').select(NOTICE_COLUMNS).where('id', 'in', ids).execute()

/**
 * How many new conflicts one sync announces. Every conflicting stay is marked on the calendar
 * and in the feeds whatever their number; a feed whose stays clash by the thousand (2,000
 * year-long blocks beside a year of bookings: 200,000 pairs) would otherwise write a notice and
 * a row per pair. Those past the cap are announced by later syncs that touch them.
 */
const MAX_CONFLICTS_ANNOUNCED = 100

/**
 * The search for new conflicts is bounded by what the sync changed: for each run of own nights
 * it touched, the stays overlapping it (at most this many, by check-in), and this many pairs in
 * all. A hostile property of thousands of overlapping stays costs the same bounded search.
 */
const OVERLAPS_READ_PER_STAY = 200
/** Stays read at once around a sync's changes, when no more lie there. */
const STAYS_READ_AROUND = 1000
const MAX_PAIRS_EXAMINED = 20_000
/** Touched stays read per query. */
const TOUCHED_PER_READ = 200

/**
 * The pairs of stays in conflict that involve a stay this sync touched and were never announced,
 * found from the touched stays and what overlaps each (through the property's index by dates),
 * never by walking the property's pairs. Read outside the sync's write transaction.
 */
async function unannouncedConflicts(
  db: Db,
  propertyId: string,
  touched: ReadonlySet<string>,
): Promise<ConflictPair[]> {
  const found = new Map<string, ConflictPair>()
  let examined = 0
  const record = (pair: ConflictPair) => {
    const key = [pair.first.id, pair.second.id].sort().join(' ')
    if (!found.has(key)) found.set(key, pair)
  }
  const ids = [...touched]
  // On SQLite every read runs on the event loop: the search pauses once it has held it its share.
  const pause = loopPauses()
  search: for (let from = 0; from < ids.length; from += TOUCHED_PER_READ) {
    await pause()
    const batch = new Set(ids.slice(from, from + TOUCHED_PER_READ))
    const stays = await conflictCandidates(db, [propertyId])
      .where('id', 'in', [...batch])
      .execute()
    if (stays.length === 0) continue
    // Most often the stays around what changed are few: one read of them all, paired in memory.
    const first = stays.reduce(
      (earliest, stay) => (stay.start_date < earliest ? stay.start_date : earliest),
      stays[0]!.start_date,
    )
    const last = stays.reduce(
      (latest, stay) => (stay.end_date > latest ? stay.end_date : latest),
      stays[0]!.end_date,
    )
    const around = await conflictCandidates(db, [propertyId])
      .where('start_date', '<', last)
      .where('end_date', '>', first)
      .limit(STAYS_READ_AROUND + 1)
      .execute()
    if (around.length <= STAYS_READ_AROUND) {
      for (const pair of conflictPairs(around)) {
        await pause()
        if (++examined > MAX_PAIRS_EXAMINED) break search
        if (batch.has(pair.first.id) || batch.has(pair.second.id)) record(pair)
      }
      continue
    }
    // Crowded nights: each changed stay's own overlaps, a bounded read each.
    for (const part of stays.flatMap(ownRowParts)) {
      await pause()
      const overlapping = await conflictCandidates(db, [propertyId])
        .where('start_date', '<', part.end_date)
        .where('end_date', '>', part.start_date)
        .where('id', '!=', part.id)
        .orderBy('start_date')
        .limit(OVERLAPS_READ_PER_STAY)
        .execute()
      for (const pair of conflictPairsOf(part, overlapping)) record(pair)
      examined += overlapping.length
      if (examined >= MAX_PAIRS_EXAMINED) break search
    }
  }
  if (found.size === 0) return []
  const announced = new Set<string>()
  const keys = [...found.keys()]
  for (let from = 0; from < keys.length; from += TOUCHED_PER_READ) {
    await pause()
    const firsts = keys.slice(from, from + TOUCHED_PER_READ).map((key) => key.split(' ')[0]!)
    const rows = await db
      .selectFrom('announced_conflicts')
      .select(['first_id', 'second_id'])
      .where('first_id', 'in', firsts)
      .execute()
    for (const row of rows) announced.add(`${row.first_id} ${row.second_id}`)
  }
  return [...found.entries()].filter(([key]) => !announced.has(key)).map(([, pair]) => pair)
}

/** Every notification stored, by whose it is, to announce over each one's live streams. */
export type Notices = ReadonlyMap<string, string[]>

const NO_NOTICES: Notices = new Map()

/** Two syncs' notices together, each user's in order. */
export const joinNotices = (first: Notices, second: Notices): Notices => {
  const joined = new Map([...first].map(([userId, ids]) => [userId, [...ids]]))
  for (const [userId, ids] of second) joined.set(userId, [...(joined.get(userId) ?? []), ...ids])
  return joined
}

/**
 * Writes notifications for the property's owner and co-hosts who want them (docs/product.md §6):
 * `notice` makes one, `store` stores it for each of them, a batch at a time. A notice stores its
 * facts and no title: the browser words it in the reader's language
 * (src/domain/stayLabels.ts's `noticeTitle`), and the mail in each reader's.
 */
async function noticeWriter(trx: Db, calendar: { property_id: string; platform_name: string }, now: string) {
  const audience = await audienceOf(trx, calendar.property_id)
  if (!audience) return null
  const notice = (
    kind: NoticeKind,
    stays: NoticeRow[],
    extra: Partial<NotificationData>,
  ): NewNotification => ({
    userId: audience.listeners[0]!,
    title: null,
    data: {
      kind,
      ical: calendarText(stays.map((stay) => ({ ...byOwnNights(stay), conflict: kind === 'conflict' }))),
      platformName: calendar.platform_name,
      propertyName: audience.propertyName,
      propertyId: calendar.property_id,
      conflict: kind === 'conflict',
      stay: noticeStay(stays[0]!),
      ...extra,
    },
    now,
  })
  const store = async (notices: readonly NewNotification[]): Promise<Notices> => {
    const stored = new Map<string, string[]>()
    for (const userId of audience.listeners)
      stored.set(
        userId,
        await createNotifications(
          trx,
          notices.map((made) => ({ ...made, userId })),
        ),
      )
    return stored
  }
  return { notice, store }
}

/**
 * One notification per change a sync found, in the owner's language, when they have
 * notifications on: each sale that is `new` (restored ones too), `changed` (its own nights moved)
 * or `cancelled` (left the feed before it was over). Written in the sync's transaction, so no
 * restart or other process tells it again. The first import of a link tells no news. A link that
 * keeps changing (server/sync/churn.ts) tells, once, that it is unstable, and then none of its
 * news one by one until it is stable again.
 */
export async function newsOfSync(
  trx: Db,
  calendar: { id: string; property_id: string; platform_name: string },
  changes: StoredChanges,
  options: { firstImport: boolean; now: string; newsKept: number },
): Promise<Notices> {
  if (options.firstImport || changes.news.length === 0) return NO_NOTICES
  const verdict = await churnOfSync(trx, calendar.id, changes.news, options)
  if (verdict === 'unstable') return NO_NOTICES
  const writer = await noticeWriter(trx, calendar, options.now)
  if (!writer) return NO_NOTICES
  const { notice, store } = writer
  if (verdict === 'becameUnstable') return store([notice('unstable', [changes.news[0]!.stay], {})])
  const preparation = await preparationTimeAround(
    trx,
    calendar.property_id,
    changes.news.flatMap((news) => (news.kind === 'new' ? [news.stay] : [])),
  )
  const notices: NewNotification[] = []
  // Each notice writes a calendar text: a sync's thousands of news pause as they hold the loop.
  const pause = loopPauses()
  for (const news of changes.news) {
    await pause()
    const taken = news.kind === 'new' && !news.restored ? preparationTaken(preparation, news.stay) : undefined
    notices.push(
      news.kind === 'changed'
        ? notice('changed', [news.stay], { previous: news.previous })
        : news.kind === 'new' && news.restored
          ? notice('new', [news.stay], { restored: true })
          : taken
            ? notice('new', [news.stay], { overPreparation: taken })
            : notice(news.kind, [news.stay], {}),
    )
  }
  return store(notices)
}

/** Preparation-time rows read for one sync's new sales, at most: a property has two a reservation. */
const MAX_PREPARATION_READ = 2000

type PreparationRow = Pick<BookingRow, 'start_date' | 'end_date' | 'platform'>

/** The property's preparation-time rows (another platform's buffer) around these new sales. */
async function preparationTimeAround(
  trx: Db,
  propertyId: string,
  stays: readonly BookingRow[],
): Promise<PreparationRow[]> {
  const own = stays.flatMap(ownRowParts)
  if (own.length === 0) return []
  const from = own.reduce(
    (first, part) => (part.start_date < first ? part.start_date : first),
    own[0]!.start_date,
  )
  const to = own.reduce((last, part) => (part.end_date > last ? part.end_date : last), own[0]!.end_date)
  return trx
    .selectFrom('bookings')
    .select(['start_date', 'end_date', 'platform'])
    .where('property_id', '=', propertyId)
    .where('platform_rule', '=', 'preparation')
    .where('cancelled_at', 'is', null)
    .where('start_date', '<', to)
    .where('end_date', '>', from)
    .orderBy('start_date')
    .limit(MAX_PREPARATION_READ)
    .execute()
}

/**
 * The preparation nights a new sale holds as its own, from the first to the last, and whose
 * buffer they are; none when it holds none. A sale of its platform's own nights never takes its
 * own platform's buffer.
 */
function preparationTaken(preparation: readonly PreparationRow[], stay: BookingRow) {
  const others = preparation.filter((row) => row.platform !== stay.platform)
  const asRuns = (rows: readonly Pick<BookingRow, 'start_date' | 'end_date'>[]) =>
    runsOf(rows.map((row) => ({ start: row.start_date, end: row.end_date })))
  const taken = intersect(asRuns(ownRowParts(stay)), asRuns(others))
  if (taken.length === 0) return undefined
  const buffer = others.find((row) => row.start_date < taken[0]!.end && taken[0]!.start < row.end_date)!
  return { start: taken[0]!.start, end: taken.at(-1)!.end, platform: buffer.platform }
}

/**
 * Each new conflict a sync made, first import included: found after the sync's transaction from
 * what it touched, then recorded as announced with its notification in a short transaction of
 * its own, so a pair is announced once whatever the processes. A conflict found by a sync that
 * stops between the two is marked on the calendar but not announced.
 */
export async function announceConflicts(
  db: Db,
  calendar: { property_id: string; platform_name: string },
  touched: ReadonlySet<string>,
  now: string,
): Promise<Notices> {
  if (touched.size === 0) return NO_NOTICES
  const candidates = await unannouncedConflicts(db, calendar.property_id, touched)
  if (candidates.length === 0) return NO_NOTICES
  return writeTransaction(db, async (trx) => {
    const writer = await noticeWriter(trx, calendar, now)
    const notices: NewNotification[] = []
    const pause = loopPauses()
    for (const { first, second } of candidates) {
      if (notices.length === MAX_CONFLICTS_ANNOUNCED) break
      await pause()
      const [firstId, secondId] = [first.id, second.id].sort()
      const inserted = await trx
        .insertInto('announced_conflicts')
        .values({ first_id: firstId!, second_id: secondId!, created_at: now })
        .onConflict((conflict) => conflict.columns(['first_id', 'second_id']).doNothing())
        .returning('first_id')
        .executeTakeFirst()
      // Gone since it was found (deleted, merged away), or announced by another process.
      if (!inserted || !writer) continue
      const rows = await stayRows(trx, [first.id, second.id])
      // The stay this sync brought first, the one it clashes with second.
      const ordered = touched.has(first.id) ? [first.id, second.id] : [second.id, first.id]
      const [stay, other] = ordered.map((id) => rows.find((row) => row.id === id))
      if (!stay || !other) continue
      const nights = {
        start: first.start_date > second.start_date ? first.start_date : second.start_date,
        end: first.end_date < second.end_date ? first.end_date : second.end_date,
      }
      notices.push(
        writer.notice('conflict', [stay, other], {
          stay: noticeStay(stay),
          other: noticeStay(other),
          nights,
        }),
      )
    }
    if (!writer) return NO_NOTICES
    return writer.store(notices)
  })
}
