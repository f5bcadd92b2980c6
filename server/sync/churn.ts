import { sql, type Expression } from 'kysely'
import type { Db } from '../db/database.ts'
import type { News } from './store.ts'

const HOUR_MS = 60 * 60_000

/**
 * A link is unstable once this many of its syncs churned (see `churns`) within
 * CHURN_WINDOW_MS of the first of them. A feed flipping a stay every other sync (every 15
 * minutes) is caught within about an hour; a real guest moving or cancelling three times in six
 * hours on one link is rare, and a mistaken mark costs only single notices for a day.
 */
export const CHURN_SYNCS = 3
export const CHURN_WINDOW_MS = 6 * HOUR_MS
/** An unstable link is stable again after this long without a sync that churned. */
export const QUIET_MS = 24 * HOUR_MS

/**
 * What a sync does with its news: `announce` each, or, on an `unstable` link, none one by one;
 * `becameUnstable` when this sync marked the link, which the host hears of once.
 */
export type ChurnVerdict = 'announce' | 'becameUnstable' | 'unstable'

const ago = (now: string, ms: number) => new Date(Date.parse(now) - ms).toISOString()

/**
 * New sales one sync may bring as a busy link's ordinary news: a listing sold more than twice in
 * one 15-minute interval is a feed making up stays, not a busy one.
 */
const ORDINARY_NEW_SALES = 2
/**
 * News one sync may tell one by one, or fewer when an account keeps fewer notifications
 * (NOTIFICATIONS_PER_USER). Past it the link is unstable at once: its news would otherwise be
 * written by the thousand, most of them only to be pruned. A sync that moves more of one
 * listing's stays than this is no news to read one by one; the first import of a link, which
 * brings them all, tells none.
 */
const MAX_NEWS_TOLD = 50

/**
 * Whether a sync's news undo or move what was news before, or bring more new sales than a busy
 * link does.
 */
const churns = (news: readonly News[]) =>
  news.some((each) => each.kind !== 'new' || each.restored) ||
  news.filter((each) => each.kind === 'new').length > ORDINARY_NEW_SALES

/**
 * Counts this sync's news against the link's recent churn and says whether they are announced;
 * in the sync's write transaction, so the count and the notices agree. `newsKept`: the
 * notifications an account keeps.
 */
export async function churnOfSync(
  trx: Db,
  calendarId: string,
  news: readonly News[],
  { now, newsKept }: { now: string; newsKept: number },
): Promise<ChurnVerdict> {
  const row = await trx
    .selectFrom('external_calendars')
    .select(['churn_count', 'churn_since', 'churned_at', 'unstable_since'])
    .where('id', '=', calendarId)
    .executeTakeFirst()
  if (!row) return 'announce'
  const unstable =
    row.unstable_since !== null && row.churned_at !== null && row.churned_at > ago(now, QUIET_MS)
  if (!churns(news)) return unstable ? 'unstable' : 'announce'
  const inWindow = row.churn_since !== null && row.churn_since > ago(now, CHURN_WINDOW_MS)
  const count = inWindow ? row.churn_count + 1 : 1
  const marks = !unstable && (count >= CHURN_SYNCS || news.length > Math.min(MAX_NEWS_TOLD, newsKept))
  await trx
    .updateTable('external_calendars')
    .set({
      churn_count: count,
      churn_since: inWindow ? row.churn_since : now,
      churned_at: now,
      unstable_since: unstable ? row.unstable_since : marks ? now : null,
    })
    .where('id', '=', calendarId)
    .execute()
  return unstable ? 'unstable' : marks ? 'becameUnstable' : 'announce'
}

/**
 * The link's unstable mark as a successful sync leaves it: cleared once QUIET_MS passed since
 * its last churn, whether or not the feed changed.
 */
export const unstableMarkAt = (now: string) => unstableMarkIfQuietBefore(sql.val(quietBefore(now)))

/** A link whose last churn came before this, synced at `now`, is quiet again. */
export const quietBefore = (now: string) => ago(now, QUIET_MS)

/** The unstable mark that `unstableMarkAt` leaves, with the quiet bound read from a column. */
export const unstableMarkIfQuietBefore = (bound: Expression<string>) =>
  sql<string | null>`case when churned_at <= ${bound} then null else unstable_since end`
