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
    echoNights: fc.option(
      fc.record({ from: fc.integer({ min: 0, max: 11 }), count: fc.integer({ min: 1, max: 4 }) }),
    ),
  })
  .map(({ property, source, start, nights, cancelled, echo, echoNights }) => {
    // Some nights inside the stay may be echoes: the stay holds only the others.
    const from = echoNights ? Math.min(echoNights.from, nights - 1) : 0
    const to = echoNights ? Math.min(from + echoNights.count, nights) : 0
    const partly = !echo && echoNights !== null && to - from < nights
    return {
      property_id: property,
      calendar_id: source,
      start_date: day(start),
      end_date: day(start + nights),
      cancelled_at: cancelled ? '2031-01-01T00:00:00.000Z' : null,
      echo: echo ? (1 as const) : (0 as const),
      echo_runs: partly ? `${day(start + from)}/${day(start + to)}` : null,
      platform_rule: null,
    }
  })
const stays = fc
  .array(aStay, { maxLength: 40 })
  .map((list) => list.map((stay, i): ConflictCandidate => ({ ...stay, id: `s${i}` })))

describe('conflicts', () => {
  it('marks exactly the stays of some pair, as a check of every pair finds them', () => {
    fc.assert(
      fc.property(stays, (list) => {
        // Night by night: a stay holds its nights but its echo ones.
        const held = (stay: ConflictCandidate) => {
          if (stay.echo === 1 || stay.cancelled_at !== null) return new Set<string>()
          const [echoFrom, echoTo] = (stay.echo_runs ?? '/').split('/')
          const nights = new Set<string>()
          for (let n = 0; day(n) < stay.end_date; n++)
            if (day(n) >= stay.start_date && !(echoFrom && day(n) >= echoFrom && day(n) < echoTo!))
              nights.add(day(n))
          return nights
        }
        const expected = new Set<string>()
        for (const a of list)
          for (const b of list)
            if (
              a !== b &&
              a.property_id === b.property_id &&
              (a.calendar_id ?? 'manual') !== (b.calendar_id ?? 'manual') &&
              [...held(a)].some((night) => held(b).has(night))
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
        echo_runs: null,
        platform_rule: null,
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
