import { calendarText } from '../calendar/ics.ts'
import type { Db } from '../db/database.ts'
import type { NoticeKind } from '../db/schema.ts'
import { translatorFor } from '../i18n.ts'
import type { NoticeStay, NotificationData } from '../notification/schemas.ts'
import { createNotification } from '../notification/service.ts'
import { conflictCandidates, conflictPairs, type ConflictPair } from './conflicts.ts'
import type { BookingRow, StoredChanges } from './store.ts'

type Owner = {
  propertyName: string
  userId: string
  notificationsEnabled: number
  language: 'en' | 'ar'
}

/** Whose the property is, what it is called, and whether they want to hear of it. */
const ownerOf = (db: Db, propertyId: string): Promise<Owner | undefined> =>
  db
    .selectFrom('properties')
    .innerJoin('users', 'users.id', 'properties.owner_id')
    .select([
      'properties.name as propertyName',
      'users.id as userId',
      'users.notifications_enabled as notificationsEnabled',
      'users.language',
    ])
    .where('properties.id', '=', propertyId)
    .executeTakeFirst()

type NoticeRow = Pick<
  BookingRow,
  'id' | 'summary' | 'start_date' | 'end_date' | 'status' | 'guest_name' | 'platform' | 'kind' | 'updated_at'
>

const noticeStay = (row: NoticeRow): NoticeStay => ({
  guestName: row.guest_name,
  start: row.start_date,
  end: row.end_date,
  platform: row.platform,
  kind: row.kind,
})

const TITLES: Record<NoticeKind, string> = {
  new: 'sync.notices.new',
  changed: 'sync.notices.changed',
  cancelled: 'sync.notices.cancelled',
  conflict: 'sync.notices.conflict',
}

/** The stays a conflict's pair names, as rows the calendar text can write. */
const stayRows = (db: Db, ids: string[]) =>
  db
    .selectFrom('bookings')
    .select([
      'id',
      'summary',
      'start_date',
      'end_date',
      'status',
      'guest_name',
      'platform',
      'kind',
      'updated_at',
    ])
    .where('id', 'in', ids)
    .execute()

/**
 * How many new conflicts one sync announces. Every conflicting stay is marked on the calendar
 * and in the feeds whatever their number; a feed whose stays clash by the thousand (2,000
 * year-long blocks beside a year of bookings: 200,000 pairs) would otherwise write a notice and
 * a row per pair in the sync's transaction. Those past the cap are announced by later syncs
 * that touch them.
 */
const MAX_CONFLICTS_ANNOUNCED = 100

/**
 * The conflicts of the property that involve a stay this sync touched and were never announced:
 * each pair is recorded as announced in the sync's transaction, so no restart or other process
 * announces it again.
 */
async function newConflicts(
  trx: Db,
  propertyId: string,
  touched: ReadonlySet<string>,
  now: string,
): Promise<ConflictPair[]> {
  if (touched.size === 0) return []
  const fresh: ConflictPair[] = []
  for (const pair of conflictPairs(await conflictCandidates(trx, [propertyId]).execute())) {
    if (fresh.length === MAX_CONFLICTS_ANNOUNCED) break
    if (!touched.has(pair.first.id) && !touched.has(pair.second.id)) continue
    const [firstId, secondId] = [pair.first.id, pair.second.id].sort()
    const inserted = await trx
      .insertInto('announced_conflicts')
      .values({ first_id: firstId!, second_id: secondId!, created_at: now })
      .onConflict((conflict) => conflict.columns(['first_id', 'second_id']).doNothing())
      .returning('first_id')
      .executeTakeFirst()
    if (inserted) fresh.push(pair)
  }
  return fresh
}

export type Notices = {
  /** Every notification stored, to announce over the live stream. */
  ids: string[]
  /** The conflicts among them, mailed at once. */
  conflictIds: string[]
}

/**
 * One notification per change a sync found, in the owner's language, when they have
 * notifications on: each sale that is `new` (restored ones too; not on the first import of a
 * link, which is silent), `changed` (its own nights moved) or `cancelled` (left the feed before
 * it was over), and each `conflict` this sync made, first import included.
 */
export async function noticesOfSync(
  trx: Db,
  calendar: { property_id: string; platform_name: string },
  changes: StoredChanges,
  options: { firstImport: boolean; now: string },
): Promise<Notices> {
  const { touched } = changes
  const conflicts = await newConflicts(trx, calendar.property_id, touched, options.now)
  const owner = await ownerOf(trx, calendar.property_id)
  if (!owner || !owner.notificationsEnabled) return { ids: [], conflictIds: [] }
  const t = translatorFor(owner.language)
  const store = (
    kind: NoticeKind,
    stays: NoticeRow[],
    extra: Partial<NotificationData>,
    title: string = TITLES[kind],
  ) =>
    createNotification(trx, {
      userId: owner.userId,
      title: t(title, { property: owner.propertyName }),
      data: {
        kind,
        ical: calendarText(stays.map((stay) => ({ ...stay, conflict: kind === 'conflict' }))),
        platformName: calendar.platform_name,
        propertyName: owner.propertyName,
        propertyId: calendar.property_id,
        conflict: kind === 'conflict',
        stay: noticeStay(stays[0]!),
        ...extra,
      },
      now: options.now,
    })

  const ids: string[] = []
  if (!options.firstImport)
    for (const news of changes.news) {
      if (news.kind === 'changed') ids.push(await store('changed', [news.stay], { previous: news.previous }))
      else if (news.kind === 'new' && news.restored)
        ids.push(await store('new', [news.stay], { restored: true }, 'sync.notices.restored'))
      else ids.push(await store(news.kind, [news.stay], {}))
    }
  const conflictIds: string[] = []
  for (const { first, second } of conflicts) {
    const rows = await stayRows(trx, [first.id, second.id])
    // The stay this sync brought first, the one it clashes with second.
    const ordered = touched.has(first.id) ? [first.id, second.id] : [second.id, first.id]
    const [stay, other] = ordered.map((id) => rows.find((row) => row.id === id)!)
    const nights = {
      start: first.start_date > second.start_date ? first.start_date : second.start_date,
      end: first.end_date < second.end_date ? first.end_date : second.end_date,
    }
    const id = await store('conflict', [stay!, other!], {
      stay: noticeStay(stay!),
      other: noticeStay(other!),
      nights,
    })
    ids.push(id)
    conflictIds.push(id)
  }
  return { ids, conflictIds }
}
