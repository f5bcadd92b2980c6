import { describe, expect, it } from 'vitest'
import { daysOfMonth } from '../../src/domain/dateRange.ts'
import { feedWindowFor } from '../../src/features/calendar/feedPaths.ts'
import { thisMonthsWindow } from '../../src/features/bookings/bookingKeys.ts'

const monthRead = (month: string) => {
  const { start, end } = daysOfMonth(month)
  return feedWindowFor(start, end)
}

describe('the window of the feed a calendar reads', () => {
  it("reads a month's days with a week on each side", () => {
    expect(monthRead('2026-11')).toEqual({ from: '2026-10-25', to: '2026-12-08' })
    expect(monthRead('2027-02')).toEqual({ from: '2027-01-25', to: '2027-03-08' })
  })

  it("reads a phone's week across a month's end in the month's own window, the one its screens first ask for", () => {
    // The side month (November) and the timeline's week, 29 November to 5 December.
    const week = feedWindowFor('2026-11-01', '2026-12-05')
    expect(week).toEqual(monthRead('2026-11'))
    expect(week).toEqual(thisMonthsWindow('2026-11-30'))
    expect(feedWindowFor('2026-11-01', '2026-12-06')).toEqual(monthRead('2026-11'))
    // A day further, November's margin no longer reaches a day past the last: December is read too.
    expect(feedWindowFor('2026-11-01', '2026-12-07')).toEqual({ from: '2026-10-25', to: '2027-01-08' })
  })

  it("reads the same week on the next month's first days in that month's window, not the month before's too", () => {
    // 1 December: the side month is December, the week 29 November to 5 December.
    expect(feedWindowFor('2026-11-29', '2026-12-31')).toEqual(thisMonthsWindow('2026-12-01'))
    expect(feedWindowFor('2026-11-25', '2026-12-31')).toEqual(monthRead('2026-12'))
    // A day earlier, December's margin no longer reaches a day before the first: November is read too.
    expect(feedWindowFor('2026-11-24', '2026-12-31')).toEqual({ from: '2026-10-25', to: '2027-01-08' })
  })

  it('reads every month a longer window crosses, whole', () => {
    expect(feedWindowFor('2026-11-20', '2026-12-12')).toEqual({ from: '2026-10-25', to: '2027-01-08' })
    expect(feedWindowFor('2026-12-03', '2026-12-03')).toEqual(monthRead('2026-12'))
  })
})
