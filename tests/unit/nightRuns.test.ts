import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { nightsOf, type Stay } from '../../src/domain/bookings.ts'
import { addDays } from '../../src/domain/dates.ts'
import { runsOfNights } from '../../src/domain/echoNights.ts'
import {
  covers,
  intersect,
  nightCount,
  runsOf,
  sameRuns,
  subtract,
  union,
} from '../../src/domain/nightRuns.ts'

const day = (n: number) => addDays('2031-01-01', n)
const aStay = fc
  .record({ start: fc.integer({ min: 0, max: 60 }), nights: fc.integer({ min: 1, max: 15 }) })
  .map(({ start, nights }): Stay => ({ start: day(start), end: day(start + nights) }))
const someRuns = fc.array(aStay, { maxLength: 6 }).map(runsOf)
const nights = (runs: readonly Stay[]) => new Set(runs.flatMap(nightsOf))
const asRuns = (set: Set<string>) => runsOfNights(set)

describe('runs of nights', () => {
  it('unite, intersect and subtract as the sets of their nights do', () => {
    fc.assert(
      fc.property(someRuns, someRuns, (a, b) => {
        const [na, nb] = [nights(a), nights(b)]
        expect(union(a, b)).toEqual(asRuns(new Set([...na, ...nb])))
        expect(intersect(a, b)).toEqual(asRuns(new Set([...na].filter((n) => nb.has(n)))))
        expect(subtract(a, b)).toEqual(asRuns(new Set([...na].filter((n) => !nb.has(n)))))
        expect(nightCount(a)).toBe(na.size)
        expect(covers(a, b)).toBe([...nb].every((n) => na.has(n)))
        expect(sameRuns(a, b)).toBe(na.size === nb.size && [...na].every((n) => nb.has(n)))
      }),
      { numRuns: 500 },
    )
  })

  it('costs the number of runs, not nights: ten years less a night in the middle', () => {
    const decade = { start: '2030-01-01', end: '2040-01-01' }
    expect(subtract([decade], [{ start: '2035-06-01', end: '2035-06-02' }])).toEqual([
      { start: '2030-01-01', end: '2035-06-01' },
      { start: '2035-06-02', end: '2040-01-01' },
    ])
  })
})
