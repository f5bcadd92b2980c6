import { describe, expect, it } from 'vitest'
import { rangeFromLink, rangeProblem, thisMonth } from '../../src/domain/dateRange.ts'
import { previousWindow } from '../../src/domain/statistics.ts'

describe('a picked period', () => {
  it('is this month by default, first day to last', () => {
    expect(thisMonth('2024-02-13')).toEqual({ start: '2024-02-01', end: '2024-02-29' })
    expect(thisMonth('2026-12-31')).toEqual({ start: '2026-12-01', end: '2026-12-31' })
  })

  it('refuses an end before the start and more than 366 days', () => {
    expect(rangeProblem({ start: '2026-03-10', end: '2026-03-10' })).toBeNull()
    expect(rangeProblem({ start: '2026-03-10', end: '2026-03-09' })).toBe('endBeforeStart')
    expect(rangeProblem({ start: '2024-01-01', end: '2024-12-31' })).toBeNull() // 366 days
    expect(rangeProblem({ start: '2025-01-01', end: '2026-01-02' })).toBe('tooLong') // 367
  })

  it('is read from a link only when both dates are real and no rule is broken', () => {
    expect(rangeFromLink('2026-03-01', '2026-03-31')).toEqual({ start: '2026-03-01', end: '2026-03-31' })
    for (const [start, end] of [
      [null, '2026-03-31'],
      ['2026-02-30', '2026-03-31'],
      ['March', '2026-03-31'],
      ['2026-03-31', '2026-03-01'],
      ['2024-01-01', '2025-01-01'],
    ] as const)
      expect(rangeFromLink(start, end), `${start}..${end}`).toBeNull()
  })
})

describe('the period a period is compared with', () => {
  it('is as many whole months before a period of whole months', () => {
    expect(previousWindow({ start: '2024-03-01', end: '2024-04-01' })).toEqual({
      start: '2024-02-01',
      end: '2024-03-01',
    })
    expect(previousWindow({ start: '2026-01-01', end: '2026-04-01' })).toEqual({
      start: '2025-10-01',
      end: '2026-01-01',
    })
  })

  it('is as many days just before any other period', () => {
    // 10–19 March 2024 (10 nights) against 29 February–9 March.
    expect(previousWindow({ start: '2024-03-10', end: '2024-03-20' })).toEqual({
      start: '2024-02-29',
      end: '2024-03-10',
    })
    // From the 1st to mid-month is not a whole month: 15 days before.
    expect(previousWindow({ start: '2026-03-01', end: '2026-03-16' })).toEqual({
      start: '2026-02-14',
      end: '2026-03-01',
    })
  })
})
