import { randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import type { Db } from '../db/database.ts'
import type { NotificationsTable } from '../db/schema.ts'
import { notFound } from '../errors.ts'
import type { Notification, NotificationData, StreamNotification } from '../../contract/notification.ts'

type NotificationRow = Selectable<NotificationsTable>

/** How much history the panel loads. */
export const LIST_LIMIT = 100

const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  title: row.title,
  data: JSON.parse(row.data) as NotificationData,
  readAt: row.read_at,
  createdAt: row.created_at,
})

export async function createNotification(
  db: Db,
  notification: { userId: string; title: string | null; data: NotificationData; now: string },
): Promise<string> {
  const id = randomUUID()
  await db
    .insertInto('notifications')
    .values({
      id,
      user_id: notification.userId,
      title: notification.title,
      data: JSON.stringify(notification.data),
      read_at: null,
      created_at: notification.now,
      kind: notification.data.kind ?? null,
      // Only a notice with a `kind` waits in the mail outbox; older kindless ones count as mailed.
      mailed_at: notification.data.kind ? null : notification.now,
    })
    .execute()
  return id
}

/** The user's notifications, newest first. */
export async function listNotifications(db: Db, userId: string): Promise<Notification[]> {
  const rows = await db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute()
  return rows.map(toNotification)
}

/** Marks one of the user's notifications read (once: a second call keeps the first time). */
export async function markRead(db: Db, userId: string, id: string): Promise<Notification> {
  await db
    .updateTable('notifications')
    .set({ read_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute()
  const row = await db
    .selectFrom('notifications')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!row) throw notFound()
  return toNotification(row)
}

/** A stored notification as the stream sends it, with whose it is. */
export async function streamEventOf(
  db: Db,
  id: string,
): Promise<{ userId: string; event: StreamNotification } | null> {
  const row = await db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) return null
  const { data, title, createdAt } = toNotification(row)
  return { userId: row.user_id, event: { id: row.id, title, ...data, createdAt } }
}
