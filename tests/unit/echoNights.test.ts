import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { nightsOf } from '../../src/domain/bookings.ts'
import { addDays } from '../../src/domain/dates.ts'
import { formatRuns, holdsAnyOf, ownRuns, parseRuns, runsOfNights } from '../../src/domain/echoNights.ts'

const day = (n: number) => addDays('2031-01-01', n)

describe('echo nights', () => {
  it('writes nights as runs and reads them back', () => {
    const runs = runsOfNights([day(4), day(0), day(1), day(1), day(5), day(9)])
    expect(formatRuns(runs)).toBe('2031-01-01/2031-01-03,2031-01-05/2031-01-07,2031-01-10/2031-01-11')
    expect(parseRuns(formatRuns(runs))).toEqual(runs)
  })

  it('reads nothing from a malformed list', () => {
    expect(parseRuns('2031-01-05/2031-01-01,junk,2031-02-30/2031-03-01')).toEqual([])
    expect(parseRuns(null)).toEqual([])
  })

  it("leaves a stay its platform's own nights: all, none, or all but its echo nights", () => {
    const stay = { start: day(0), end: day(6) }
    expect(ownRuns(stay, { echo: false, echoRuns: [] })).toEqual([stay])
    expect(ownRuns(stay, { echo: true, echoRuns: [] })).toEqual([])
    expect(ownRuns(stay, { echo: false, echoRuns: [{ start: day(2), end: day(4) }] })).toEqual([
      { start: day(0), end: day(2) },
      { start: day(4), end: day(6) },
    ])
    const split = { ...stay, echo: false, echoRuns: [{ start: day(2), end: day(4) }] }
    expect(holdsAnyOf(split, { start: day(2), end: day(4) })).toBe(false)
    expect(holdsAnyOf(split, { start: day(3), end: day(5) })).toBe(true)
  })

  it('splits any stay into its echo nights and its own, losing and adding none', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 29 })),
        (length, picked) => {
          const stay = { start: day(0), end: day(length) }
          const echo = picked.filter((n) => n < length).map(day)
          const own = ownRuns(stay, { echo: false, echoRuns: runsOfNights(echo) }).flatMap(nightsOf)
          expect([...own, ...echo].sort()).toEqual(nightsOf(stay))
        },
      ),
    )
  })
})
