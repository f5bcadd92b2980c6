import type { Db } from '../db/database.ts'
import { managedBy } from '../team/access.ts'
import { pausedSql } from './paused.ts'
import type { SyncNowOptions } from './scheduler.ts'
import type { SyncOutcome } from './syncCalendar.ts'

export type SyncServiceDeps = {
  db: Db
  /** The scheduler's `syncNow`: the fetches share its fair slots with the scheduled ones. */
  syncNow: (calendarIds: string[], options?: SyncNowOptions) => Promise<SyncOutcome[]>
}

/** What an account asks of the sync: "Sync now" of every one of its links. */
export function createSyncService({ db, syncNow }: SyncServiceDeps) {
  /** The external calendars of every property the user manages (owns or co-hosts). */
  async function calendarIdsOfOwner(userId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('external_calendars')
      .innerJoin('properties', 'properties.id', 'external_calendars.property_id')
      .select('external_calendars.id')
      .where(managedBy(db, userId))
      .execute()
    return rows.map((row) => row.id)
  }

  /**
   * "Sync now" gives the feeds paused for failing their budgets a new start: each is fetched now
   * and may fail its budgets as many times again before it is paused again.
   */
  async function resumePausedCalendars(calendarIds: string[]): Promise<void> {
    if (calendarIds.length === 0) return
    await db
      .updateTable('external_calendars')
      .set({ budget_failures: 0 })
      .where('id', 'in', calendarIds)
      .where(pausedSql())
      .execute()
  }

  return {
    /** Fetches every link of the owner's properties now, paused ones too, and answers each outcome. */
    async syncOwnerNow(ownerId: string): Promise<SyncOutcome[]> {
      const calendarIds = await calendarIdsOfOwner(ownerId)
      await resumePausedCalendars(calendarIds)
      return syncNow(calendarIds)
    },
  }
}

export type SyncService = ReturnType<typeof createSyncService>
