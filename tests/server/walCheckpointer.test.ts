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
