import { describe, expect, it } from 'vitest'
import { isTurnoverWindow, turnoverRange } from '../../src/domain/turnoverWindow.ts'
import { propertiesToday } from '../../src/features/turnovers/turnovers.ts'

describe('the Turnovers windows', () => {
  it('counts each window from today, both ends included', () => {
    expect(turnoverRange('today', '2030-12-31')).toEqual({ start: '2030-12-31', end: '2030-12-31' })
    expect(turnoverRange('tomorrow', '2030-12-31')).toEqual({ start: '2031-01-01', end: '2031-01-01' })
    expect(turnoverRange('week', '2030-12-31')).toEqual({ start: '2030-12-31', end: '2031-01-06' })
    expect(turnoverRange('month', '2030-12-31')).toEqual({ start: '2030-12-31', end: '2031-01-29' })
  })

  it('knows its windows from an address’s other words', () => {
    expect(isTurnoverWindow('week')).toBe(true)
    expect(isTurnoverWindow('year')).toBe(false)
    expect(isTurnoverWindow(null)).toBe(false)
  })

  it('takes today where the chosen property is, or where most of the properties are', () => {
    // 22:30 in UTC: still the 9th in New York, already the 10th in Riyadh.
    const now = new Date('2030-03-09T22:30:00Z')
    const properties = [
      { id: 'ny', timeZone: 'America/New_York' },
      { id: 'r1', timeZone: 'Asia/Riyadh' },
      { id: 'r2', timeZone: 'Asia/Riyadh' },
    ]
    expect(propertiesToday(properties, null, now)).toBe('2030-03-10')
    expect(propertiesToday(properties, 'ny', now)).toBe('2030-03-09')
    expect(propertiesToday([], null, now)).toMatch(/^2030-03-(09|10)$/)
  })
})
