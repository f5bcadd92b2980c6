import { describe, expect, it } from 'vitest'
import { batchedLookup } from '../../server/db/batchedLookup.ts'
import type { Db } from '../../server/db/database.ts'

/** A lookup of squares that records the keys of every query it was asked. */
function squares(failOn?: string) {
  const queries: string[][] = []
  const find = batchedLookup<number>(async (_db, keys) => {
    queries.push(keys)
    if (failOn && keys.includes(failOn)) throw new Error('database down')
    return keys.filter((key) => key !== 'missing').map((key) => ({ key, row: Number(key) ** 2 }))
  })
  return { find, queries }
}

// The lookup never touches the database it is given: any object stands for one.
const aDb = () => ({}) as Db
const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('batched lookups', () => {
  it('asks one query for the keys of one turn, each key once, and answers each caller its row', async () => {
    const { find, queries } = squares()
    const db = aDb()
    const answers = await Promise.all(['2', '3', '2', 'missing'].map((key) => find(db, key)))
    expect(answers).toEqual([4, 9, 4, undefined])
    expect(queries).toEqual([['2', '3', 'missing']])
  })

  it('asks a new query in a later turn, and keeps databases apart', async () => {
    const { find, queries } = squares()
    const [first, second] = [aDb(), aDb()]
    const early = Promise.all([find(first, '1'), find(second, '2')])
    await nextTurn()
    expect(await Promise.all([early, find(first, '3')])).toEqual([[1, 4], 9])
    expect(queries).toEqual([['1'], ['2'], ['3']])
  })

  it('refuses every caller of a failed query, and the next query runs', async () => {
    const { find, queries } = squares('13')
    const db = aDb()
    const failed = await Promise.allSettled([find(db, '12'), find(db, '13')])
    expect(failed.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected'])
    expect(await find(db, '5')).toBe(25)
    expect(queries).toEqual([['12', '13'], ['5']])
  })

  it('splits a turn of more keys than one query takes', async () => {
    const { find, queries } = squares()
    const db = aDb()
    const keys = Array.from({ length: 1200 }, (_, index) => String(index))
    const answers = await Promise.all(keys.map((key) => find(db, key)))
    expect(answers).toEqual(keys.map((key) => Number(key) ** 2))
    expect(queries.map((query) => query.length)).toEqual([500, 500, 200])
  })
})
