import { describe, expect, it } from 'vitest'
import { countIntervals, intervalMinutesOf, intervalQuantiles } from '../../server/imports/intervals.ts'

const at = (minute: number) => new Date(Date.UTC(2027, 4, 1, 0, minute)).toISOString()

describe('import intervals', () => {
  it('are the minutes between consecutive fetches', () => {
    expect(intervalMinutesOf([at(0), at(60), at(180)])).toEqual([60, 120])
    expect(intervalMinutesOf([at(0)])).toEqual([])
  })

  it('pooled across feeds give the nearest-rank median and 95th percentile of all of them', () => {
    const counts = new Map<number, number>()
    // One feed every 2 hours, another every 30 minutes: 3 and 9 intervals.
    countIntervals(counts, [120, 120, 120])
    countIntervals(counts, [30, 30, 30, 30, 30, 30, 30, 30, 30])
    expect(intervalQuantiles(counts, 3)).toEqual({ medianIntervalMinutes: 30, p95IntervalMinutes: 120 })
  })

  it('match a sorted list’s nearest ranks', () => {
    const minutes = [5, 1, 9, 3, 7, 2, 8, 6, 4, 10, 100, 20, 30, 40, 50, 60, 70, 80, 90, 15]
    const sorted = [...minutes].sort((a, b) => a - b)
    const rank = (share: number) => sorted[Math.ceil(share * sorted.length) - 1]
    expect(intervalQuantiles(countIntervals(new Map(), minutes), 3)).toEqual({
      medianIntervalMinutes: rank(0.5),
      p95IntervalMinutes: rank(0.95),
    })
  })

  it('are unknown under the minimum', () => {
    expect(intervalQuantiles(countIntervals(new Map(), [60, 60]), 3)).toEqual({
      medianIntervalMinutes: null,
      p95IntervalMinutes: null,
    })
    expect(intervalQuantiles(new Map(), 0)).toEqual({ medianIntervalMinutes: null, p95IntervalMinutes: null })
  })
})
