import type { Db } from '../db/database.ts'
import type { FeedFetchesTable } from '../db/schema.ts'
import { textOrder } from '../../src/domain/textOrder.ts'

/** A platform's fetch of its availability feed, as answered. */
export type FeedFetch = {
  feedId: string
  at: Date
  status: 200 | 304
  bytes: number
  userAgent: string | undefined
}

/** The most of a User-Agent kept: one line of a browser's or a crawler's. */
export const USER_AGENT_MAX = 200

/** How often the fetches noted are written: one insert for all of them, off the answers' path. */
export const FETCH_FLUSH_MS = 2000

/** Rows per insert (6 parameters each). */
const INSERT_BATCH = 150

/**
 * A User-Agent as kept: one line, no control or format characters (a header may carry any
 * byte a client sends), at most USER_AGENT_MAX characters.
 */
export const userAgentOf = (header: string | undefined): string =>
  (header ?? '')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, USER_AGENT_MAX)

const minuteOf = (at: Date) => at.toISOString().slice(0, 16)

/**
 * The record of platforms' fetches (docs/decisions.md, "Imports measured"). `note` only keeps the
 * fetch in memory, the first of each feed's minute, so an answer never waits on it and a platform
 * polling every second costs one row a minute; a timer writes what was noted in batches. Two
 * processes noting the same minute keep the first written.
 */
export function createFetchLog(db: Db, onError: (error: unknown) => void) {
  let pending = new Map<string, FeedFetchesTable>()
  /** The minute each feed was last noted in, so a second fetch in it costs a lookup. */
  let noted = new Map<string, string>()
  /** The latest minute noted: feeds noted before it are forgotten at the next write. */
  let latestMinute = ''
  let timer: NodeJS.Timeout | undefined
  let writing: Promise<void> = Promise.resolve()

  async function write(rows: FeedFetchesTable[]) {
    for (let from = 0; from < rows.length; from += INSERT_BATCH)
      await db
        .insertInto('feed_fetches')
        .values(rows.slice(from, from + INSERT_BATCH))
        .onConflict((conflict) => conflict.columns(['feed_id', 'minute']).doNothing())
        .execute()
  }

  function flush(): Promise<void> {
    clearTimeout(timer)
    timer = undefined
    // In the feeds' order: each row's trigger updates its feed's row (migration 0034), and two
    // processes writing at once take those locks in one order, so neither waits on the other's.
    const rows = [...pending.values()].sort((a, b) => textOrder(a.feed_id, b.feed_id))
    pending = new Map()
    noted = new Map([...noted].filter(([, minute]) => minute >= latestMinute))
    if (rows.length === 0) return writing
    writing = writing.then(() => write(rows)).catch(onError)
    return writing
  }

  return {
    note(fetch: FeedFetch) {
      const minute = minuteOf(fetch.at)
      if (noted.get(fetch.feedId) === minute) return
      noted.set(fetch.feedId, minute)
      if (minute > latestMinute) latestMinute = minute
      pending.set(`${fetch.feedId} ${minute}`, {
        feed_id: fetch.feedId,
        minute,
        fetched_at: fetch.at.toISOString(),
        status: fetch.status,
        bytes: fetch.bytes,
        user_agent: userAgentOf(fetch.userAgent),
      })
      timer ??= setTimeout(() => void flush(), FETCH_FLUSH_MS).unref()
    },
    /** Writes what was noted now; the app's close waits for it. */
    flush,
  }
}

export type FetchLog = ReturnType<typeof createFetchLog>
