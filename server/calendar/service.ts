import type { Db } from '../db/database.ts'
import { createExportFeeds, createOwnerFeeds } from './feeds.ts'

export type CalendarServiceDeps = {
  db: Db
  /** When a platform's fetch was served (the echo rule reads it). */
  clock: () => Date
}

/**
 * The feeds Manzil serves: each property's and platform's by token, and each owner's portfolio.
 * Built once per app, so every request shares one cache of each (createExportFeeds,
 * createOwnerFeeds), keyed by token or owner and stamped with the data's version.
 */
export function createCalendarService({ db, clock }: CalendarServiceDeps) {
  const exportFeeds = createExportFeeds(db, clock)
  const ownerFeeds = createOwnerFeeds(db)
  return {
    /** The private or availability feed behind a token; null for an unknown one. */
    exportFeed: exportFeeds,
    ownerFeedEtag: ownerFeeds.currentEtag,
    ownerFeed: ownerFeeds.feed,
  }
}

export type CalendarService = ReturnType<typeof createCalendarService>
