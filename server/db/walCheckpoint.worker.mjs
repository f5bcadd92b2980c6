// The WAL checkpointer's thread (see walCheckpointer.ts): connections of its own to the SQLite
// file, writing the log back into it every `intervalMs`, and the only place the log restarts.
//
// A writer that finds the log wholly written back starts it over from the beginning, and syncs
// the log's new header to disk first: on the server's connection that is an fsync on the event
// loop, 20 to 150 ms on a busy disk. SQLite restarts the log only when no reader holds a snapshot
// that reaches into it; so `reader` holds one at all times, and the server's commits append. When
// the log has grown to `restartPages`, this thread asks the server to hold its connection (its
// queries wait, its event loop does not), writes the rest back, restarts the log with a write of
// its own (the sync is paid here), and lets go.
import { parentPort, workerData } from 'node:worker_threads'
import Database from 'better-sqlite3'

const { file, intervalMs, restartPages, walSizeLimitBytes } = workerData

const checkpointer = new Database(file, { fileMustExist: true })
checkpointer.pragma(`journal_size_limit = ${walSizeLimitBytes}`)
const reader = new Database(file, { fileMustExist: true, readonly: true })
const beginRead = reader.prepare('begin')
const endRead = reader.prepare('commit')
const readSchema = reader.prepare('select count(*) from sqlite_schema')

/**
 * Whether the held snapshot stops the server's connection from restarting the log: a snapshot
 * taken while every frame was written back reads the database file alone and guards nothing.
 */
let guarding = false
let restartAsked = false

/** A snapshot at the log's end; it guards when frames are left to write back. */
function holdSnapshot(guards) {
  if (reader.inTransaction) endRead.run()
  beginRead.run()
  readSchema.get()
  guarding = guards
}

/** At most this many pages (32 MB) are left to write back when a restart holds the server. */
const MAX_LEFT_PAGES = 8_192

const checkpoint = () => checkpointer.pragma('wal_checkpoint(PASSIVE)')[0]

function turn() {
  if (restartAsked) return
  // PASSIVE never waits for the server's connection and never makes it wait: it copies what no
  // reader still needs, up to the held snapshot, and returns.
  const { log, checkpointed } = checkpoint()
  const left = log - checkpointed
  // While the server holds its connection for a restart, its queries wait for what is left to
  // write back: after a burst (a large import), a turn of copying here first.
  const shortHold = left <= MAX_LEFT_PAGES
  if (log > 0 && shortHold && (log >= restartPages || (left === 0 && !guarding))) {
    restartAsked = true
    parentPort?.postMessage('restart')
  } else if (left > 0) {
    holdSnapshot(true)
  }
}

/** Runs while the server holds its connection: nothing else writes meanwhile. */
function restart() {
  if (reader.inTransaction) endRead.run()
  const { log, checkpointed } = checkpoint()
  // A write on the wholly written-back log starts it over (and cuts the file to the size limit).
  if (log > 0 && checkpointed === log)
    checkpointer.pragma(`user_version = ${checkpointer.pragma('user_version', { simple: true })}`)
  holdSnapshot(log > 0)
}

const timer = setInterval(() => {
  try {
    turn()
  } catch {
    // SQLITE_BUSY (another checkpoint is running): the next turn tries again.
  }
}, intervalMs)

parentPort?.on('message', (message) => {
  if (message === 'restart-now') {
    try {
      restart()
    } catch {
      // The log could not restart this time; the server's connection stays free to write.
    }
    restartAsked = false
    parentPort?.postMessage('restarted')
    return
  }
  clearInterval(timer)
  if (reader.inTransaction) endRead.run()
  reader.close()
  checkpointer.close()
  parentPort?.close()
})
