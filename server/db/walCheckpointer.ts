import { once } from 'node:events'
import { Worker } from 'node:worker_threads'

/** How often the checkpointer writes the log back. */
const CHECKPOINT_INTERVAL_MS = 200
/**
 * The server's own connection checkpoints only past this many log pages (40 MB): a safety net
 * should the checkpointer ever fall behind, never the usual path.
 */
export const MAIN_THREAD_CHECKPOINT_PAGES = 10_000
/** After a checkpoint has emptied it, the log file is cut back to this size. */
export const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024

/**
 * SQLite in WAL mode writes its log back into the database file (a checkpoint, fsync included)
 * inside whichever COMMIT crosses `wal_autocheckpoint` pages. better-sqlite3 runs that COMMIT on
 * the event loop: during a first sync of 5,000 feeds one commit in 40 took 15 to 35 ms, about
 * every 120 ms (bench:sync). This worker thread checkpoints instead, with a connection of
 * its own.
 */
export function startWalCheckpointer(file: string) {
  const worker = new Worker(new URL('./walCheckpoint.worker.mjs', import.meta.url), {
    workerData: { file, intervalMs: CHECKPOINT_INTERVAL_MS },
  })
  worker.unref()
  return {
    /**
     * Ends the thread and closes its connection (before the server's closes, which cleans up).
     * The thread is unref'd so that it never keeps a process alive by itself; while it stops, it
     * must: an exit awaited with nothing else pending would never come, the loop emptying first.
     */
    async stop() {
      if (worker.threadId === -1) return
      worker.ref()
      const exited = once(worker, 'exit')
      worker.postMessage('stop')
      await exited
    },
  }
}
