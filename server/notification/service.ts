import type { Db } from '../db/database.ts'
import { notFound } from '../errors.ts'
import type { Notification } from '../../contract/notification.ts'
import { toNotification } from './store.ts'

/** How much history the panel loads. */
const LIST_LIMIT = 100

export type NotificationServiceDeps = { db: Db }

/** The notification panel's calls: one's own notifications, and marking one read. */
export function createNotificationService({ db }: NotificationServiceDeps) {
  return {
    /** The user's notifications, newest first. */
    async list(userId: string): Promise<Notification[]> {
      const rows = await db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(LIST_LIMIT)
        .execute()
      return rows.map(toNotification)
    },

    /** Marks one of the user's notifications read (once: a second call keeps the first time). */
    async markRead(userId: string, id: string): Promise<Notification> {
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
    },
  }
}

export type NotificationService = ReturnType<typeof createNotificationService>
