import { describe, expect, it } from 'vitest'
import { addDays } from '../../src/domain/dates.ts'
import { MAX_MANUAL_NIGHTS, manualStayBody, stayDatesProblem } from '../../src/domain/manualStays.ts'

describe('the dates of a stay entered by hand', () => {
  it('needs the check-out after the check-in', () => {
    expect(stayDatesProblem('2026-03-10', '2026-03-10')).toBe('endNotAfterStart')
    expect(stayDatesProblem('2026-03-10', '2026-03-09')).toBe('endNotAfterStart')
    expect(stayDatesProblem('2026-03-10', '2026-03-11')).toBeNull()
  })

  it('allows 365 nights at most, across a leap day', () => {
    expect(MAX_MANUAL_NIGHTS).toBe(365)
    expect(stayDatesProblem('2027-03-01', addDays('2027-03-01', 365))).toBeNull()
    expect(stayDatesProblem('2027-03-01', addDays('2027-03-01', 366))).toBe('tooLong')
    // 2028 is a leap year: 1 March 2027 to 1 March 2028 is 366 nights.
    expect(stayDatesProblem('2027-03-01', '2028-03-01')).toBe('tooLong')
  })
})

describe('the body sent for a manual stay', () => {
  const values = {
    start: '2026-03-10',
    end: '2026-03-12',
    kind: 'booking' as const,
    guestName: '  Huda Al-Harbi ',
    note: ' Paid in cash ',
  }

  it('trims the texts, and a new stay leaves out what is empty', () => {
    expect(manualStayBody(values, 'create')).toEqual({
      start: '2026-03-10',
      end: '2026-03-12',
      kind: 'booking',
      guestName: 'Huda Al-Harbi',
      note: 'Paid in cash',
    })
    expect(manualStayBody({ ...values, guestName: ' ', note: '' }, 'create')).toEqual({
      start: '2026-03-10',
      end: '2026-03-12',
      kind: 'booking',
    })
  })

  it('sends a block without a guest, even one typed before switching to block', () => {
    expect(manualStayBody({ ...values, kind: 'block' }, 'create')).toEqual({
      start: '2026-03-10',
      end: '2026-03-12',
      kind: 'block',
      note: 'Paid in cash',
    })
  })

  it('sends every field of an edit, an empty text clearing what was there', () => {
    expect(manualStayBody({ ...values, kind: 'block', note: '' }, 'update')).toEqual({
      start: '2026-03-10',
      end: '2026-03-12',
      kind: 'block',
      guestName: '',
      note: '',
    })
  })
})
