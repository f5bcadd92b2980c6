import { describe, expect, it } from 'vitest'
import {
  dayForKey,
  dayStep,
  openingDay,
  sameDayMonthsOn,
  stepOf,
} from '../../src/ui/calendar/month/dayFocus.ts'

const key = (name: string, shiftKey = false) => ({ key: name, shiftKey })

describe('where a key moves a calendar day', () => {
  it('moves a day with the arrows along the screen, mirrored in Arabic', () => {
    expect(dayForKey('2026-11-29', key('ArrowRight'), 'ltr')).toBe('2026-11-30')
    expect(dayForKey('2026-11-29', key('ArrowLeft'), 'ltr')).toBe('2026-11-28')
    expect(dayForKey('2026-11-29', key('ArrowRight'), 'rtl')).toBe('2026-11-28')
    expect(dayForKey('2026-11-29', key('ArrowLeft'), 'rtl')).toBe('2026-11-30')
    expect(stepOf('ArrowLeft', 'rtl')).toBe('later')
  })

  it('crosses month and year ends, a week with Up and Down', () => {
    expect(dayForKey('2026-11-30', key('ArrowRight'), 'ltr')).toBe('2026-12-01')
    expect(dayForKey('2027-01-01', key('ArrowLeft'), 'ltr')).toBe('2026-12-31')
    expect(dayForKey('2026-11-29', key('ArrowDown'), 'rtl')).toBe('2026-12-06')
    expect(dayForKey('2026-03-03', key('ArrowUp'), 'ltr')).toBe('2026-02-24')
    expect(dayForKey('2024-02-28', key('ArrowRight'), 'ltr')).toBe('2024-02-29')
  })

  it('goes to the Sunday and the Saturday of the week with Home and End, in both directions', () => {
    // Wednesday 2 December 2026: its week runs from Sunday 29 November to Saturday 5 December.
    for (const dir of ['ltr', 'rtl'] as const) {
      expect(dayForKey('2026-12-02', key('Home'), dir)).toBe('2026-11-29')
      expect(dayForKey('2026-12-02', key('End'), dir)).toBe('2026-12-05')
    }
    expect(dayStep('2026-11-29', 'rowStart')).toBe('2026-11-29')
    expect(dayStep('2026-12-05', 'rowEnd')).toBe('2026-12-05')
  })

  it('moves a month with Page Up and Down, to the month`s last day when it is shorter', () => {
    expect(dayForKey('2026-03-31', key('PageUp'), 'ltr')).toBe('2026-02-28')
    expect(dayForKey('2024-03-31', key('PageUp'), 'rtl')).toBe('2024-02-29')
    expect(dayForKey('2026-01-31', key('PageDown'), 'ltr')).toBe('2026-02-28')
    expect(dayForKey('2026-12-15', key('PageDown'), 'ltr')).toBe('2027-01-15')
    expect(sameDayMonthsOn('2026-05-31', -1)).toBe('2026-04-30')
  })

  it('moves a year with Shift and Page, from 29 February to the 28th', () => {
    expect(dayForKey('2024-02-29', key('PageDown', true), 'ltr')).toBe('2025-02-28')
    expect(dayForKey('2026-11-29', key('PageUp', true), 'ltr')).toBe('2025-11-29')
  })

  it('leaves other keys alone', () => {
    expect(dayForKey('2026-11-29', key('Enter'), 'ltr')).toBeNull()
    expect(dayForKey('2026-11-29', key('a'), 'rtl')).toBeNull()
  })
})

describe('the day a date picker opens on', () => {
  it('is the chosen day when it may be picked', () => {
    expect(openingDay('2026-11-29', '2026-11-01', {})).toBe('2026-11-29')
  })

  it('is today when the chosen day may not be, else the nearest day that may', () => {
    expect(openingDay('2026-11-10', '2026-11-29', { min: '2026-11-20' })).toBe('2026-11-29')
    expect(openingDay('2026-11-10', '2026-11-01', { min: '2026-11-20' })).toBe('2026-11-20')
    expect(openingDay('2026-12-10', '2026-12-20', { max: '2026-11-30' })).toBe('2026-11-30')
  })
})
