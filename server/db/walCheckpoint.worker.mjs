// The WAL checkpointer's thread (see walCheckpointer.ts): a connection of its own to the SQLite
// file, writing the log back into it every `intervalMs`. PASSIVE never waits for the server's
// connection and never makes it wait: it copies what no reader still needs, and returns.
import { parentPort, workerData } from 'node:worker_threads'
import Database from 'better-sqlite3'

const connection = new Database(workerData.file, { fileMustExist: true })
const timer = setInterval(() => {
  try {
    connection.pragma('wal_checkpoint(PASSIVE)')
  } catch {
    // SQLITE_BUSY (another checkpoint is running): the next turn tries again.
  }
}, workerData.intervalMs)

parentPort?.once('message', () => {
  clearInterval(timer)
  connection.close()
  parentPort?.close()
})
