import { describe, expect, it } from 'vitest'
import { classifySummary, nightsOverlap } from '../../src/domain/bookings.ts'
import { addDays, localToday, nightsBetween, normaliseDate } from '../../src/domain/dates.ts'
import { detectPlatform } from '../../src/domain/platforms.ts'
import { readFixture } from '../fixtures/feedServer.ts'

describe('booking classification', () => {
  it.each([
    ['Confirmed - Sara Ali', { status: 'Confirmed', guestName: 'Sara Ali', kind: 'booking' }],
    ['Reserved', { status: 'Reserved', guestName: 'Blocked', kind: 'booking' }],
    ['', { status: 'Blocked', guestName: 'Blocked', kind: 'booking' }],
    ['Airbnb (Not available)', { status: 'Blocked', guestName: 'Blocked', kind: 'block' }],
    ['CLOSED - Not available', { status: 'Blocked', guestName: 'Blocked', kind: 'block' }],
    ['Blocked', { status: 'Blocked', guestName: 'Blocked', kind: 'block' }],
  ])('reads %j', (summary, expected) => {
    expect(classifySummary(summary)).toEqual(expected)
  })

  it('sees overlapping nights, not a shared changeover day', () => {
    expect(
      nightsOverlap({ start: '2026-03-01', end: '2026-03-04' }, { start: '2026-03-03', end: '2026-03-05' }),
    ).toBe(true)
    expect(
      nightsOverlap({ start: '2026-03-01', end: '2026-03-04' }, { start: '2026-03-04', end: '2026-03-05' }),
    ).toBe(false)
  })
})

describe('dates', () => {
  it('counts nights on dates, not clocks', () => {
    expect(nightsBetween('2026-03-01', '2026-03-04')).toBe(3)
    expect(nightsBetween('2026-03-28', '2026-04-02')).toBe(5)
    expect(nightsBetween('2028-02-28', '2028-03-01')).toBe(2)
  })

  it('reads iCal basic dates', () => {
    expect(normaliseDate('20260301')).toBe('2026-03-01')
    expect(normaliseDate('20260230')).toBeNull()
  })

  it('adds days across month ends', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01')
  })

  it("takes today's date from the local calendar", () => {
    expect(localToday(new Date(2026, 2, 1, 23, 59))).toBe('2026-03-01')
  })
})

describe('platform detection', () => {
  it('recognises every known platform domain', () => {
    expect(
      detectPlatform('PRODID:-//Airbnb Inc//Hosting Calendar//EN https://www.airbnb.com/', 'Other'),
    ).toBe('Airbnb')
    expect(detectPlatform('URL:https://admin.booking.com/hotel', 'Other')).toBe('Booking.com')
    expect(detectPlatform('https://www.vrbo.com/123', 'Other')).toBe('Vrbo')
  })

  it('recognises a Vrbo export by its HomeAway PRODID, its UIDs naming no domain', () => {
    expect(detectPlatform(readFixture('vrbo-homeaway.ics'), 'Other')).toBe('Vrbo')
  })

  it('reads domains whole: mybooking.com and booking.company are no Booking.com', () => {
    expect(detectPlatform('URL:https://mybooking.com/stay', 'Other')).toBe('Other')
    expect(detectPlatform('DESCRIPTION:see booking.company', 'Other')).toBe('Other')
    expect(detectPlatform('UID:1234@secure.booking.com', 'Other')).toBe('Booking.com')
  })

  it('keeps the linked platform when the text names it, else takes the first named', () => {
    const booking = [
      'PRODID:-//admin.booking.com//EN',
      'UID:7b1e@booking.com',
      'DESCRIPTION:Guest also asked on https://www.airbnb.com/rooms/1',
    ].join('\r\n')
    expect(detectPlatform(booking, 'Booking.com')).toBe('Booking.com')
    expect(detectPlatform(booking, 'Other')).toBe('Booking.com')
    // A Booking.com link pasted where the host meant Vrbo is still read as Booking.com's.
    expect(detectPlatform(booking, 'Vrbo')).toBe('Booking.com')
  })

  it("falls back to the calendar's platform", () => {
    expect(detectPlatform('BEGIN:VCALENDAR', 'Gathern')).toBe('Gathern')
  })
})
