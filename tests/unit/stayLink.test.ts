import { describe, expect, it } from 'vitest'
import { stayLink } from '../../src/domain/stayLink.ts'
import { fromSearch, showingDay, toSearch, withoutStays } from '../../src/machines/calendar/calendarView.ts'

const today = '2026-03-10'
const staysOf = (search: string) => fromSearch(search, { today, phone: false }).context.stays

describe('stays in the calendar’s address', () => {
  it('reads ?stay= repeated or comma-separated, each id once, two at most, dropping what is no id', () => {
    expect(staysOf('?stay=a1&stay=b-2')).toEqual(['a1', 'b-2'])
    expect(staysOf('?stay=a1,b-2')).toEqual(['a1', 'b-2'])
    expect(staysOf('?stay=a1&stay=a1')).toEqual(['a1'])
    expect(staysOf('?stay=a1,b2,c3')).toEqual(['a1', 'b2'])
    expect(staysOf('?stay=<script>&stay=' + 'x'.repeat(65))).toEqual([])
    expect(staysOf('')).toEqual([])
  })

  it('writes them back beside the view, and takes them off or moves to a day', () => {
    const { view, context } = fromSearch('?view=timeline&stay=a1,b2', { today, phone: false })
    expect(toSearch(view, context)).toBe('?view=timeline&stay=a1&stay=b2')
    expect(withoutStays('?month=2026-05&stay=a1&stay=b2')).toBe('?month=2026-05')
    expect(withoutStays('?stay=a1')).toBe('')
    expect(showingDay('?stay=a1', '2026-07-14')).toBe('?stay=a1&month=2026-07')
    expect(showingDay('?view=timeline&start=2026-03-08&stay=a1', '2026-07-14')).toBe(
      '?view=timeline&start=2026-07-14&stay=a1&month=2026-07',
    )
  })

  it('links notifications and results to their stays', () => {
    expect(stayLink(['a1'])).toBe('/calendar?stay=a1')
    expect(stayLink(['a1', 'b2', 'c3'])).toBe('/calendar?stay=a1&stay=b2')
    expect(stayLink(['gone'], { month: '2026-04' })).toBe('/calendar?month=2026-04&stay=gone')
    expect(stayLink([], { property: 'p1' })).toBe('/calendar?property=p1')
    expect(stayLink([])).toBe('/calendar')
  })
})
