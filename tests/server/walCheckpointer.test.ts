import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/database.ts'
import { nextTurn } from '../../server/eventLoop.ts'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-wal-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

const MB = 1024 * 1024
const ROW_BYTES = 4_000

describe('the SQLite log under a long stream of writes [sqlite]', () => {
  it('restarts in the checkpointer thread, stays bounded, and loses no write', async () => {
    const file = path.join(dataDir, 'stream.db')
    const database = await openDatabase({ engine: 'sqlite', file })
    const { db } = database
    try {
      await sql`create table stream (id integer primary key, body blob not null)`.execute(db)
      let written = 0
      let largestLog = 0
      // 60 MB in short transactions, the event loop turning between them as batched deletes do:
      // the checkpointer's snapshot keeps the server's commits appending, so only its own
      // restarts (at 16 MB) can keep the log small.
      for (let batch = 0; batch < 300; batch++) {
        await db.transaction().execute(async (trx) => {
          for (let row = 0; row < 50; row++)
            await sql`insert into stream (body) values (randomblob(${ROW_BYTES}))`.execute(trx)
        })
        written += 50
        largestLog = Math.max(largestLog, fs.statSync(`${file}-wal`).size)
        await nextTurn()
        if (batch % 30 === 0) await new Promise((resolve) => setTimeout(resolve, 250))
      }
      const { rows } = await sql<{ count: number }>`select count(*) as count from stream`.execute(db)
      expect(rows[0]?.count).toBe(written)
      expect(largestLog / MB).toBeLessThan(40)
      expect(largestLog / MB).toBeGreaterThan(1)
    } finally {
      await database.close()
    }
    const reopened = await openDatabase({ engine: 'sqlite', file })
    try {
      const { rows } = await sql<{ count: number }>`select count(*) as count from stream`.execute(reopened.db)
      expect(rows[0]?.count).toBe(15_000)
    } finally {
      await reopened.close()
    }
  }, 60_000)
})

describe('a transaction beside another connection writing the same file [sqlite]', () => {
  it('waits its turn instead of failing when the other commits between its read and its write', async () => {
    const file = path.join(dataDir, 'two-writers.db')
    const database = await openDatabase({ engine: 'sqlite', file })
    const { db } = database
    try {
      await sql`create table counter (id integer primary key, value integer not null)`.execute(db)
      await sql`insert into counter (id, value) values (1, 0)`.execute(db)
      // Another process (the checkpointer's restart write, a backup, a test's fixtures) commits
      // while the server's transaction is between its read and its write.
      let other: ReturnType<typeof spawn> | undefined
      const otherExit = new Promise<number | null>((resolve) => {
        other = spawn(
          process.execPath,
          [
            '-e',
            `const db = new (require('better-sqlite3'))(${JSON.stringify(file)}, { timeout: 5000 });
             db.prepare('update counter set value = value + 1 where id = 1').run(); db.close()`,
          ],
          { stdio: 'inherit' },
        )
        other.once('exit', resolve)
      })
      await db.transaction().execute(async (trx) => {
        await sql`select value from counter where id = 1`.execute(trx)
        // Long enough for the other process to start and commit, were it not made to wait.
        await new Promise((resolve) => setTimeout(resolve, 1_000))
        await sql`update counter set value = value + 10 where id = 1`.execute(trx)
      })
      expect(await otherExit).toBe(0)
      const { rows } = await sql<{ value: number }>`select value from counter where id = 1`.execute(db)
      expect(rows[0]?.value).toBe(11)
      expect(other?.exitCode).toBe(0)
    } finally {
      await database.close()
    }
  }, 20_000)
})
