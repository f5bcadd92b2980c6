import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { conflictingIds, conflictPairs, type ConflictCandidate } from '../../server/sync/conflicts.ts'

const day = (n: number) => new Date(Date.UTC(2031, 0, 1 + n)).toISOString().slice(0, 10)

const aStay = fc
  .record({
    property: fc.constantFrom('p1', 'p2'),
    source: fc.constantFrom('airbnb', 'booking', 'vrbo', null),
    start: fc.integer({ min: 0, max: 40 }),
    nights: fc.integer({ min: 1, max: 12 }),
    cancelled: fc.boolean(),
    echo: fc.boolean(),
  })
  .map(({ property, source, start, nights, cancelled, echo }) => ({
    property_id: property,
    calendar_id: source,
    start_date: day(start),
    end_date: day(start + nights),
    cancelled_at: cancelled ? '2031-01-01T00:00:00.000Z' : null,
    echo: echo ? (1 as const) : (0 as const),
  }))
const stays = fc
  .array(aStay, { maxLength: 40 })
  .map((list) => list.map((stay, i): ConflictCandidate => ({ ...stay, id: `s${i}` })))

describe('conflicts', () => {
  it('marks exactly the stays of some pair, as a check of every pair finds them', () => {
    fc.assert(
      fc.property(stays, (list) => {
        const expected = new Set<string>()
        for (const a of list)
          for (const b of list)
            if (
              a !== b &&
              a.property_id === b.property_id &&
              (a.calendar_id ?? 'manual') !== (b.calendar_id ?? 'manual') &&
              a.cancelled_at === null &&
              b.cancelled_at === null &&
              a.echo === 0 &&
              b.echo === 0 &&
              a.start_date < b.end_date &&
              b.start_date < a.end_date
            )
              expected.add(a.id)
        expect([...conflictingIds(list)].sort()).toEqual([...expected].sort())
        const paired = new Set([...conflictPairs(list)].flatMap(({ first, second }) => [first.id, second.id]))
        expect([...paired].sort()).toEqual([...expected].sort())
      }),
      { numRuns: 500 },
    )
  })

  it('marks two feeds of 2,000 stays on the same nights without making their four million pairs', () => {
    const year = (source: string) =>
      Array.from({ length: 2000 }, (_, i): ConflictCandidate => ({
        id: `${source}${i}`,
        property_id: 'p1',
        calendar_id: source,
        start_date: '2031-01-01',
        end_date: '2032-01-01',
        cancelled_at: null,
        echo: 0,
      }))
    const started = performance.now()
    expect(conflictingIds([...year('a'), ...year('b')]).size).toBe(4000)
    expect(performance.now() - started).toBeLessThan(500)
  })
})
