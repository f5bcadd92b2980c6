import { describe, expect, it } from 'vitest'
import { parseFeed } from '../../src/actors/calendarFeed.ts'
import { currentStays, upcomingStays } from '../../src/domain/bookings.ts'
import { localToday, nightsBetween } from '../../src/domain/dates.ts'
import { calendarDays } from '../../src/ui/calendar/calendarDays.ts'
import { formattersFor } from '../../src/ui/format.ts'

// Run by the `unit` project in the machine's zone and by `unit-riyadh` (UTC+3) and `unit-la`
// (UTC−8/−7) with TZ set: every answer below must be the same in all three.
const feed = (...events: string[][]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events.flat(), 'END:VCALENDAR'].join('\r\n')
const vevent = (uid: string, ...lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, ...lines, 'END:VEVENT']

describe(`stays in the ${process.env.TZ ?? 'local'} time zone`, () => {
  it('runs in the zone the project asked for', () => {
    if (process.env.TZ) expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(process.env.TZ)
  })

  it('reads a stay from 1 to 4 March as three nights', () => {
    const [stay] = parseFeed(feed(vevent('a', 'DTSTART;VALUE=DATE:20260301', 'DTEND;VALUE=DATE:20260304')))
    expect(stay).toMatchObject({ start: '2026-03-01', end: '2026-03-04' })
    expect(nightsBetween(stay!.start, stay!.end)).toBe(3)
  })

  it('keeps the day a UTC or TZID time was written on', () => {
    const stays = parseFeed(
      feed(
        vevent('utc', 'DTSTART:20260301T223000Z', 'DTEND:20260303T090000Z'),
        vevent('tzid', 'DTSTART;TZID=Asia/Tokyo:20260301T000500', 'DTEND;TZID=Asia/Tokyo:20260302T235500'),
      ),
    )
    expect(stays.map(({ start, end }) => [start, end])).toEqual([
      ['2026-03-01', '2026-03-03'],
      ['2026-03-01', '2026-03-02'],
    ])
  })

  const stays = [
    { id: 'checking-out', start: '2026-02-27', end: '2026-03-01' },
    { id: 'arriving', start: '2026-03-01', end: '2026-03-04' },
    { id: 'next-week', start: '2026-03-08', end: '2026-03-10' },
  ]

  it("splits stays by the host's own day, just after midnight and just before", () => {
    const justAfterMidnight = localToday(new Date(2026, 2, 1, 0, 5))
    expect(justAfterMidnight).toBe('2026-03-01')
    expect(currentStays(stays, justAfterMidnight).map((s) => s.id)).toEqual(['arriving'])
    expect(upcomingStays(stays, justAfterMidnight).map((s) => s.id)).toEqual(['next-week'])

    const justBeforeMidnight = localToday(new Date(2026, 1, 28, 23, 55))
    expect(justBeforeMidnight).toBe('2026-02-28')
    expect(currentStays(stays, justBeforeMidnight).map((s) => s.id)).toEqual(['checking-out'])
    expect(upcomingStays(stays, justBeforeMidnight).map((s) => s.id)).toEqual(['arriving', 'next-week'])
  })

  it('lays out and prints months on the same days', () => {
    expect(calendarDays('2026-03').slice(0, 2)).toEqual(['2026-03-01', '2026-03-02'])
    expect(calendarDays('2026-04')[0]).toBe('2026-03-29')
    expect(formattersFor('en').date('2026-03-01')).toBe('1 Mar 2026')
  })
})
