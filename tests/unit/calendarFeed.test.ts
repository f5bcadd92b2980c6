import { describe, expect, it } from 'vitest'
import {
  markConflicts,
  parseFeed,
  relativePath,
  toBookings,
  type FeedBooking,
} from '../../src/actors/calendarFeed.ts'
import { calendarDays, contrastRatio, textColorOn } from '../../src/ui/calendar/calendarDays.ts'
import { EVENT_COLORS } from '../../src/machines/colorPalette.ts'

const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR'].join('\r\n')

describe('parseFeed', () => {
  it('reads an all-day VEVENT with every field', () => {
    const feed = calendar(
      'BEGIN:VEVENT',
      'UID:1418fb94e984-abc@airbnb.com',
      'DTSTART;VALUE=DATE:20260301',
      'DTEND;VALUE=DATE:20260304',
      'SUMMARY:Reserved',
      'DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMABC\\nPhone',
      '  Number (Last 4 Digits): 1234',
      'LOCATION:Riyadh',
      'END:VEVENT',
    )
    expect(parseFeed(feed)).toEqual([
      {
        uid: '1418fb94e984-abc@airbnb.com',
        summary: 'Reserved',
        description:
          'Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMABC\nPhone Number (Last 4 Digits): 1234',
        location: 'Riyadh',
        start: '2026-03-01',
        end: '2026-03-04',
        platform: undefined,
        status: undefined,
        guestName: undefined,
        conflict: false,
      },
    ])
  })

  it('reads bare YYYYMMDD dates as days', () => {
    const feed = calendar('BEGIN:VEVENT', 'UID:b', 'DTSTART:20260305', 'DTEND:20260307', 'END:VEVENT')
    expect(parseFeed(feed)[0]).toMatchObject({ start: '2026-03-05', end: '2026-03-07', summary: '' })
  })

  it('takes the written day of a date-time with TZID, and one night when DTEND is missing', () => {
    const feed = calendar(
      'BEGIN:VEVENT',
      'UID:c',
      'DTSTART;TZID=America/New_York:20260310T230000',
      'DTEND;TZID=America/New_York:20260312T110000',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:d',
      'DTSTART;VALUE=DATE:20260320',
      'END:VEVENT',
    )
    expect(parseFeed(feed).map(({ start, end }) => [start, end])).toEqual([
      ['2026-03-10', '2026-03-12'],
      ['2026-03-20', '2026-03-21'],
    ])
  })

  it("reads Manzil's own X-MANZIL fields and skips cancelled events", () => {
    const feed = calendar(
      'BEGIN:VEVENT',
      'UID:e',
      'DTSTART;VALUE=DATE:20260401',
      'DTEND;VALUE=DATE:20260403',
      'SUMMARY:Confirmed - Sara Ali',
      'X-MANZIL-PLATFORM:Booking.com',
      'X-MANZIL-CONFLICT:TRUE',
      'X-MANZIL-STATUS:Confirmed',
      'X-MANZIL-GUEST:Sara Ali',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:f',
      'STATUS:CANCELLED',
      'DTSTART;VALUE=DATE:20260401',
      'END:VEVENT',
    )
    expect(parseFeed(feed)).toEqual([
      expect.objectContaining({
        platform: 'Booking.com',
        conflict: true,
        status: 'Confirmed',
        guestName: 'Sara Ali',
      }),
    ])
  })

  it("reads the export feed's X-MANZIL-WARNING into the booking, and ignores a malformed one", () => {
    const feed = calendar(
      'BEGIN:VEVENT',
      'UID:w1',
      'DTSTART;VALUE=DATE:20300310',
      'DTEND;VALUE=DATE:20300311',
      'SUMMARY:Reserved',
      'X-MANZIL-WARNING;X-DTSTART=2030-03-10;X-DTEND=2030-03-05;VALUE=TEXT:endBef',
      ' oreStart',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:w2',
      'DTSTART;VALUE=DATE:20300401',
      'DTEND;VALUE=DATE:20300402',
      'X-MANZIL-WARNING;X-DTSTART=2030-04-01;X-DTEND=2030-02-30:endBeforeStart',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:w3',
      'DTSTART;VALUE=DATE:20300501',
      'DTEND;VALUE=DATE:20300502',
      'END:VEVENT',
    )
    const bookings = toBookings(parseFeed(feed), { id: 'p1', name: 'Palm Villa' }, feed)
    expect(bookings.map((booking) => booking.feedWarning)).toEqual([
      { kind: 'endBeforeStart', start: '2030-03-10', end: '2030-03-05' },
      null,
      null,
    ])
  })

  it('refuses text that is not iCalendar', () => {
    expect(() => parseFeed('<html>Sign in</html>')).toThrow()
    expect(() => parseFeed('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x')).toThrow()
  })
})

describe('bookings from a feed', () => {
  const property = { id: 'p1', name: 'Palm Villa' }

  it("follows SPEC's summary rule and detects the platform from the event, then the feed", () => {
    const feed = calendar(
      'BEGIN:VEVENT',
      'UID:x1@airbnb.com',
      'DTSTART;VALUE=DATE:20260301',
      'DTEND;VALUE=DATE:20260302',
      'SUMMARY:Reserved',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:x2',
      'DTSTART;VALUE=DATE:20260305',
      'DTEND;VALUE=DATE:20260306',
      'SUMMARY:CLOSED - Not available',
      'END:VEVENT',
    )
    const bookings = toBookings(parseFeed(feed), property, feed)
    expect(
      bookings.map(({ guestName, status, platform, kind }) => ({ guestName, status, platform, kind })),
    ).toEqual([
      { guestName: 'Blocked', status: 'Reserved', platform: 'Airbnb', kind: 'booking' },
      { guestName: 'Blocked', status: 'Blocked', platform: 'Airbnb', kind: 'block' },
    ])
  })

  it('leaves the platform empty when nothing names one (shown as "Manual")', () => {
    const feed = calendar(
      'BEGIN:VEVENT',
      'UID:m',
      'DTSTART:20260301',
      'SUMMARY:Confirmed - Omar',
      'END:VEVENT',
    )
    expect(toBookings(parseFeed(feed), property, feed)[0]).toMatchObject({
      platform: '',
      status: 'Confirmed',
      guestName: 'Omar',
      propertyName: 'Palm Villa',
    })
  })

  const booking = (
    uid: string,
    platform: string,
    start: string,
    end: string,
    kind: 'booking' | 'block' = 'booking',
  ) =>
    ({
      uid,
      propertyId: 'p1',
      propertyName: 'Palm Villa',
      guestName: 'Guest',
      status: 'Confirmed',
      platform,
      kind,
      conflict: false,
      feedWarning: null,
      start,
      end,
    }) satisfies FeedBooking

  it('marks bookings from different platforms that share a night, not blocks nor a changeover day', () => {
    const marked = markConflicts([
      booking('a', 'Airbnb', '2026-03-01', '2026-03-04'),
      booking('b', 'Booking.com', '2026-03-03', '2026-03-05'),
      booking('c', 'Vrbo', '2026-03-05', '2026-03-07'),
      booking('d', 'Airbnb', '2026-03-06', '2026-03-08', 'block'),
      booking('e', 'Airbnb', '2026-03-03', '2026-03-04'),
    ])
    expect(marked.filter((b) => b.conflict).map((b) => b.uid)).toEqual(['a', 'b', 'e'])
  })
})

describe('calendar helpers', () => {
  it('turns the absolute export URL into a path on our own origin', () => {
    expect(relativePath('https://manzil.example/api/calendar/abc.ics')).toBe('/api/calendar/abc.ics')
    expect(relativePath('/api/calendar/abc.ics?x=1')).toBe('/api/calendar/abc.ics?x=1')
  })

  it('lays out whole Sunday-first weeks', () => {
    const days = calendarDays('2026-02')
    expect(days).toHaveLength(28)
    expect(days[0]).toBe('2026-02-01')
    expect(calendarDays('2026-05')).toHaveLength(42)
    expect(calendarDays('2026-05')[0]).toBe('2026-04-26')
  })

  it('writes dark text on light palette colours', () => {
    expect(textColorOn('#FCE48C')).toBe('#0f172a')
    expect(textColorOn('#7411D0')).toBe('#ffffff')
  })

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5)
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#777777', '#777777')).toBe(1)
    // WebAIM's checker: #767676 on white is the lightest grey that passes AA, at 4.54.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2)
  })

  it('writes every bar of every palette colour at WCAG AA contrast or better', () => {
    for (const color of EVENT_COLORS)
      expect(contrastRatio(color, textColorOn(color)), color).toBeGreaterThanOrEqual(4.5)
  })
})
