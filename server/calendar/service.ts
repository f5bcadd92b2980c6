import type { Db } from '../db/database.ts'
import type { FetchLog } from '../imports/fetchLog.ts'
import { createExportFeeds, createOwnerFeeds, ownerStaysById, type Answer } from './feeds.ts'
import { cachedBody } from '../db/stampedCache.ts'
import { createStayLists } from './stayLists.ts'
import { managedIds, type Reader } from '../team/access.ts'

export type CalendarServiceDeps = {
  db: Db
  /** When a platform's fetch was served (the echo rule reads it). */
  clock: () => Date
  /** Where platforms' fetches of their availability feeds are noted; null: nowhere. */
  fetchLog: FetchLog | null
}

/**
 * The feeds Manzil serves: each property's and platform's by token, each owner's portfolio, and
 * the pages of their stay lists. Built once per app, so every request shares one cache of each
 * (createExportFeeds, createOwnerFeeds, createStayLists), keyed by token or reader and stamped
 * with the data's version.
 */
export function createCalendarService({ db, clock, fetchLog }: CalendarServiceDeps) {
  const exportFeeds = createExportFeeds(db, clock)
  const ownerFeeds = createOwnerFeeds(db)
  const stayLists = createStayLists(db, clock)
  return {
    /** The private or availability feed behind a token; null for an unknown one. */
    exportFeed: exportFeeds,
    /**
     * Notes a platform's fetch of its availability feed as answered: 304 when its copy was
     * current. A fetch of the private feed is no platform's import and is not noted.
     */
    noteFetch(feed: Answer, answer: { notModified: boolean; userAgent: string | undefined }) {
      if (!feed.served) return
      fetchLog?.note({
        feedId: feed.served.feedId,
        at: clock(),
        status: answer.notModified ? 304 : 200,
        bytes: answer.notModified ? 0 : feed.body.plain.length,
        userAgent: answer.userAgent,
      })
    },
    /** Writes the fetches noted so far (they are written every few seconds anyway). */
    flushFetches: async () => await fetchLog?.flush(),
    ownerFeedEtag: ownerFeeds.currentEtag,
    ownerFeed: ownerFeeds.feed,
    /** Whether the reader owns or co-hosts the property: whether its own feed is theirs to read. */
    manages: async (reader: Reader, propertyId: string) =>
      (await managedIds(db, reader.id, propertyId).executeTakeFirst()) !== undefined,
    /** The stays of these ids that a user manages, wherever they are; read each time (links are opened seldom). */
    ownerStaysById: async (ownerId: string, ids: readonly string[]) => {
      const { bytes, etag } = await ownerStaysById(db, ownerId, ids)
      return { body: await cachedBody(bytes), etag }
    },
    /** A page of a reader's current or upcoming stays; null for a property not theirs. */
    stayPage: stayLists.page,
    stayPageKnown: stayLists.current,
  }
}

export type CalendarService = ReturnType<typeof createCalendarService>
