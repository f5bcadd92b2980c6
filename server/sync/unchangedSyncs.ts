import { sql } from 'kysely'
import type { Db } from '../db/database.ts'
import { quietBefore, unstableMarkIfQuietBefore } from './churn.ts'
import { textOrder } from '../../src/domain/textOrder.ts'

/**
 * What a sync that found its feed unchanged (a 304, or the same text as last time) writes of its
 * link: when it was synced and when it is due again; a 200's validators too. It also frees the
 * lease, clears the failures and lifts a quiet link's unstable mark, as every successful sync does.
 */
export type UnchangedSync = {
  calendarId: string
  /** The link's owner: a batch writes its links in their owners' order (see `writeUnchanged`). */
  ownerId: string
  syncedAt: string
  nextSyncAt: string
  /** A 200's validators, kept for the next fetch; none for a 304, which keeps the link's own. */
  validators?: { etag: string | null; last_modified: string | null }
}

/** Far below either database's limit on parameters (7 a link). */
const MAX_LINKS_PER_STATEMENT = 500

/**
 * One UPDATE for a batch of unchanged links, each row with its own values. The links are written
 * in their owners' order: on PostgreSQL each owner's data version is bumped at commit, in the
 * order of the rows (migration 0033), and two processes that lock owners in one order never wait
 * on each other in a cycle.
 */
async function writeUnchanged(db: Db, syncs: readonly UnchangedSync[], withValidators: boolean) {
  const rows = [...syncs]
    .sort((a, b) => textOrder(a.ownerId, b.ownerId))
    .map(
      (each) =>
        sql`(${each.calendarId}, ${each.syncedAt}, ${each.nextSyncAt}, ${quietBefore(each.syncedAt)}, ${
          each.validators?.etag ?? null
        }, ${each.validators?.last_modified ?? null})`,
    )
  const validators = withValidators ? sql`, etag = synced.etag, last_modified = synced.last_modified` : sql``
  await sql`
    with synced (id, synced_at, next_sync_at, quiet_before, etag, last_modified) as (values ${sql.join(rows)})
    update external_calendars set
      first_synced_at = coalesce(first_synced_at, synced.synced_at),
      last_synced_at = synced.synced_at,
      next_sync_at = synced.next_sync_at,
      last_error = null,
      failure_count = 0,
      budget_failures = 0,
      lease_until = null,
      unstable_since = ${unstableMarkIfQuietBefore(sql.ref('synced.quiet_before'))}
      ${validators}
    from synced
    where external_calendars.id = synced.id`.execute(db)
}

type Waiting = UnchangedSync & { done: () => void; failed: (error: unknown) => void }

/**
 * The writes of unchanged syncs, the links that finish while a batch is written joining the next
 * batch: in a steady round of thousands of unchanged feeds, one statement and one commit for
 * every few links instead of one for each (docs/decisions.md, "Unchanged feeds are written in
 * batches"). `record` resolves once the link's row is written, so a round still ends only after
 * its last link's lease is freed. `db` is the database itself, never a transaction.
 */
export function createUnchangedSyncs(db: Db) {
  let waiting: Waiting[] = []
  let writing = false

  async function writeWaiting() {
    writing = true
    while (waiting.length > 0) {
      const batch = waiting.slice(0, MAX_LINKS_PER_STATEMENT)
      waiting = waiting.slice(batch.length)
      for (const withValidators of [false, true]) {
        const syncs = batch.filter((each) => (each.validators !== undefined) === withValidators)
        if (syncs.length === 0) continue
        try {
          await writeUnchanged(db, syncs, withValidators)
          for (const each of syncs) each.done()
        } catch (error) {
          for (const each of syncs) each.failed(error)
        }
      }
    }
    writing = false
  }

  return {
    record(sync: UnchangedSync): Promise<void> {
      return new Promise((done, failed) => {
        waiting.push({ ...sync, done, failed })
        // The links of one turn of the event loop start the first batch together.
        if (!writing) {
          writing = true
          setImmediate(() => void writeWaiting())
        }
      })
    },
  }
}

export type UnchangedSyncs = ReturnType<typeof createUnchangedSyncs>
