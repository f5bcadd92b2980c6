import { once } from 'node:events'
import { Worker } from 'node:worker_threads'

/** How often the checkpointer writes the log back. */
const CHECKPOINT_INTERVAL_MS = 200
/** The log restarts (in the checkpointer's thread) once it holds this many pages: 16 MB. */
const RESTART_PAGES = 4_096
/**
 * The server's own connection checkpoints only past this many log pages (160 MB): a safety net
 * should the checkpointer ever fall behind, never the usual path. Deleting a large account
 * writes about 30,000 pages a second, so a lower net caught the log between two restarts and
 * copied it on the event loop.
 */
export const MAIN_THREAD_CHECKPOINT_PAGES = 40_000
/** After a checkpoint has emptied it, the log file is cut back to this size. */
export const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024

/** Runs `work` while the server's connection is held, its queries waiting (not its event loop). */
export type HoldConnection = (work: () => Promise<void>) => Promise<void>

/**
 * SQLite in WAL mode writes its log back into the database file (a checkpoint, fsync included)
 * inside whichever COMMIT crosses `wal_autocheckpoint` pages, and syncs the log's header inside
 * whichever COMMIT restarts the log. better-sqlite3 runs a COMMIT on the event loop: during a
 * first sync of 5,000 feeds one commit in 40 took 15 to 35 ms, and while an account of 2,000
 * properties was deleted one commit in 50 took 30 to 150 ms. This worker thread checkpoints and
 * restarts the log instead, with connections of its own (walCheckpoint.worker.mjs); for a
 * restart it asks the server to `hold` its connection for the moment.
 */
export function startWalCheckpointer(file: string, hold: HoldConnection) {
  const worker = new Worker(new URL('./walCheckpoint.worker.mjs', import.meta.url), {
    workerData: {
      file,
      intervalMs: CHECKPOINT_INTERVAL_MS,
      restartPages: RESTART_PAGES,
      walSizeLimitBytes: WAL_SIZE_LIMIT_BYTES,
    },
  })
  worker.unref()
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  worker.on('message', (message) => {
    if (message !== 'restart') return
    hold(async () => {
      const restarted = once(worker, 'message')
      worker.postMessage('restart-now')
      await Promise.race([restarted, exited])
    }).catch(() => {
      // The database is closing: the thread stops with it.
    })
  })
  return {
    /**
     * Ends the thread and closes its connections (before the server's closes, which cleans up).
     * The thread is unref'd so that it never keeps a process alive by itself; while it stops, it
     * must: an exit awaited with nothing else pending would never come, the loop emptying first.
     */
    async stop() {
      if (worker.threadId === -1) return
      worker.ref()
      worker.postMessage('stop')
      await exited
    },
  }
}
