import type { Db } from './database.ts'

/** Far below either database's limit on parameters, and more than arrive together in practice. */
const MAX_KEYS_PER_QUERY = 500

type Waiting<Row> = { resolve: (row: Row | undefined) => void; reject: (error: unknown) => void }

/**
 * Rows looked up by key, the keys of one turn of the event loop in one query: under load the
 * requests that arrive together share a round trip to the database instead of queueing for a
 * connection each. `lookup` answers the rows of any of the keys, each with the key it matched.
 * A lookup is never older than its request: its query starts after the request arrived.
 * `db` is the database itself, never a transaction, which could end before the query runs.
 */
export function batchedLookup<Row>(
  lookup: (db: Db, keys: string[]) => Promise<Array<{ key: string; row: Row }>>,
) {
  const pending = new WeakMap<Db, Map<string, Waiting<Row>[]>>()

  async function flush(db: Db, batch: Map<string, Waiting<Row>[]>) {
    try {
      const found = new Map((await lookup(db, [...batch.keys()])).map(({ key, row }) => [key, row]))
      for (const [key, waiting] of batch) for (const { resolve } of waiting) resolve(found.get(key))
    } catch (error) {
      for (const waiting of batch.values()) for (const { reject } of waiting) reject(error)
    }
  }

  function open(db: Db) {
    const batch = new Map<string, Waiting<Row>[]>()
    pending.set(db, batch)
    setImmediate(() => {
      if (pending.get(db) === batch) pending.delete(db)
      void flush(db, batch)
    })
    return batch
  }

  return function find(db: Db, key: string): Promise<Row | undefined> {
    const batch = pending.get(db) ?? open(db)
    const waiting = batch.get(key) ?? []
    batch.set(key, waiting)
    // A full batch still runs at its turn; the next key opens another.
    if (batch.size >= MAX_KEYS_PER_QUERY) pending.delete(db)
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }))
  }
}
