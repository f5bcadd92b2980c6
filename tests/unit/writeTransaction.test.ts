import { describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/database.ts'
import { writeTransaction } from '../../server/db/errors.ts'

/** A database whose transactions fail with these errors in turn, then succeed. */
function failingDatabase(failures: unknown[]) {
  let attempts = 0
  const db = {
    transaction: () => ({
      execute: async <T>(work: (trx: unknown) => Promise<T>) => {
        attempts += 1
        const failure = failures.shift()
        if (failure) throw failure
        return work('trx')
      },
    }),
  }
  // Only `transaction().execute` is used; the fake stands in for the whole Kysely instance.
  return { db: db as unknown as Db, attempts: () => attempts }
}

const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' })

describe('write transactions', () => {
  it('run again when PostgreSQL broke a deadlock', async () => {
    const { db, attempts } = failingDatabase([deadlock, deadlock])
    await expect(writeTransaction(db, async () => 'written')).resolves.toBe('written')
    expect(attempts()).toBe(3)
  })

  it('give up after three deadlocks, and never retry any other failure', async () => {
    const stuck = failingDatabase([deadlock, deadlock, deadlock, deadlock])
    await expect(writeTransaction(stuck.db, async () => 'written')).rejects.toBe(deadlock)
    expect(stuck.attempts()).toBe(3)
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' })
    const broken = failingDatabase([unique])
    await expect(writeTransaction(broken.db, async () => 'written')).rejects.toBe(unique)
    expect(broken.attempts()).toBe(1)
  })
})
