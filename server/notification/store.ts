import { randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import type { Db } from '../db/database.ts'
import type { NotificationsTable } from '../db/schema.ts'
import type { Notification, NotificationData, StreamNotification } from '../../contract/notification.ts'
import { nextTurn } from '../eventLoop.ts'

type NotificationRow = Selectable<NotificationsTable>

/** A stored notification as the API answers it. */
export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  title: row.title,
  data: JSON.parse(row.data) as NotificationData,
  readAt: row.read_at,
  createdAt: row.created_at,
})

export type NewNotification = {
  userId: string
  title: string | null
  data: NotificationData
  now: string
  /** The notice this one copies to another listener of the same alarm. */
  copyOf?: string
}

/**
 * Rows per insert. A sync may store thousands of notices; on SQLite each statement runs on the
 * event loop, so they go a hundred at a time, a turn of the loop apart.
 */
const INSERT_BATCH = 100

/** Stores the notifications, in order; their ids, in the same order. */
export async function createNotifications(
  db: Db,
  notifications: readonly NewNotification[],
): Promise<string[]> {
  const rows = notifications.map((notification) => ({
    id: randomUUID(),
    user_id: notification.userId,
    title: notification.title,
    data: JSON.stringify(notification.data),
    read_at: null,
    created_at: notification.now,
    kind: notification.data.kind ?? null,
    // Only a notice with a `kind` waits in the mail and push outboxes; kindless ones count as sent.
    mailed_at: notification.data.kind ? null : notification.now,
    pushed_at: notification.data.kind ? null : notification.now,
    copy_of: notification.copyOf ?? null,
  }))
  for (let from = 0; from < rows.length; from += INSERT_BATCH) {
    if (from > 0) await nextTurn()
    await db
      .insertInto('notifications')
      .values(rows.slice(from, from + INSERT_BATCH))
      .execute()
  }
  return rows.map((row) => row.id)
}

export const createNotification = async (db: Db, notification: NewNotification): Promise<string> =>
  (await createNotifications(db, [notification]))[0]!

/** Stored notifications read for the stream in one query. */
const STREAM_READ_BATCH = 200

/** Stored notifications of `userId` as the stream sends them, in the order of `ids`. */
export async function streamEventsOf(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<StreamNotification[]> {
  const events: StreamNotification[] = []
  for (let from = 0; from < ids.length; from += STREAM_READ_BATCH) {
    if (from > 0) await nextTurn()
    const batch = ids.slice(from, from + STREAM_READ_BATCH)
    const rows = await db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', 'in', batch)
      .execute()
    const byId = new Map(rows.map((row) => [row.id, row]))
    for (const id of batch) {
      const row = byId.get(id)
      if (!row) continue
      const { data, title, createdAt } = toNotification(row)
      events.push({ id, title, ...data, createdAt })
    }
  }
  return events
}
