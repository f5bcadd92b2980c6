import { describe, expect, it } from 'vitest'
import { delayAfterAnswerMs, MAX_BACKOFF_FACTOR, SLOW_ANSWER_MS } from '../../server/sync/syncCalendar.ts'

type Schedule = Parameters<typeof delayAfterAnswerMs>[0]

const INTERVAL_MINUTES = 15
const INTERVAL_MS = INTERVAL_MINUTES * 60_000
const SLOW = SLOW_ANSWER_MS + 1
const LAST_SYNC = Date.parse('2026-11-27T10:00:00.000Z')

/** A calendar whose last sync gave it `factor` intervals of wait, less the jitter `random` drew. */
const waitedAfterSync = (factor: number, random = 0, failures = 0): Schedule => ({
  failure_count: failures,
  last_synced_at: new Date(LAST_SYNC).toISOString(),
  next_sync_at: new Date(LAST_SYNC + factor * INTERVAL_MS * (1 - 0.25 * random)).toISOString(),
})

/** The wait after an answer that took `answeredInMs`, in intervals, before jitter. */
const factorAfter = (schedule: Schedule, answeredInMs: number) =>
  delayAfterAnswerMs(schedule, answeredInMs, INTERVAL_MINUTES, () => 0) / INTERVAL_MS

describe('when a feed that answered is fetched again', () => {
  it('is after the interval for a feed that answers in time, however slow it was before', () => {
    expect(factorAfter(waitedAfterSync(1), SLOW_ANSWER_MS)).toBe(1)
    expect(factorAfter(waitedAfterSync(8), 200)).toBe(1)
  })

  it('doubles the last wait, up to eight intervals, for a feed slow each time, whatever the jitter', () => {
    for (const random of [0, 0.5, 0.999]) {
      const waits: number[] = []
      let schedule: Schedule = {
        failure_count: 0,
        last_synced_at: null,
        next_sync_at: new Date(LAST_SYNC).toISOString(),
      }
      for (let sync = 0; sync < 5; sync++) {
        const factor = factorAfter(schedule, SLOW)
        waits.push(factor)
        schedule = waitedAfterSync(factor, random)
      }
      expect(waits).toEqual([2, 4, 8, 8, 8])
    }
    expect(MAX_BACKOFF_FACTOR).toBe(8)
  })

  it('starts again from two intervals for a slow answer after a failure', () => {
    expect(factorAfter(waitedAfterSync(8, 0, 3), SLOW)).toBe(2)
  })

  it('draws the wait from its last quarter, so feeds slowed together drift apart', () => {
    const delay = delayAfterAnswerMs(waitedAfterSync(1), SLOW, INTERVAL_MINUTES, () => 0.999)
    expect(delay).toBeGreaterThan(2 * INTERVAL_MS * 0.75)
    expect(delay).toBeLessThan(2 * INTERVAL_MS * 0.76)
  })
})
