import { describe, expect, it } from 'vitest'
import { parseFeed } from '../../src/features/calendar/calendarFeed.ts'
import { toBookings, toPortfolioBookings } from '../../src/features/calendar/feedBookings.ts'
import { calendarDays, contrastRatio, textColorOn } from '../../src/ui/calendar/month/calendarDays.ts'
import { EVENT_COLORS } from '../../src/domain/stayColors.ts'

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
        kind: undefined,
        conflict: false,
        echo: false,
        echoRuns: [],
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

  it('follows the " - " summary rule and detects the platform from the event, then the feed', () => {
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

  it("takes conflicts from the server's X-MANZIL-CONFLICT only, blocks and closures too", () => {
    // Two Airbnb bookings on the same nights, which the client once marked itself: the server
    // did not, so neither is a conflict; a block the server marked is one.
    const feed = calendar(
      ...manzilEvent('a', '20260301', '20260304', ['SUMMARY:Reserved - Sara', 'X-MANZIL-PLATFORM:Airbnb']),
      ...manzilEvent('b', '20260302', '20260305', ['SUMMARY:Reserved - Omar', 'X-MANZIL-PLATFORM:Vrbo']),
      ...manzilEvent('c', '20260302', '20260303', [
        'SUMMARY:CLOSED - Not available',
        'X-MANZIL-PLATFORM:Booking.com',
        'X-MANZIL-KIND:block',
        'X-MANZIL-CONFLICT:TRUE',
      ]),
    )
    expect(toBookings(parseFeed(feed), property, feed).map(({ uid, conflict }) => [uid, conflict])).toEqual([
      ['a@manzil', false],
      ['b@manzil', false],
      ['c@manzil', true],
    ])
  })
})

/** One VEVENT of Manzil's private export: UID `<stayId>@manzil`, all-day dates, then `lines`. */
const manzilEvent = (stayId: string, start: string, end: string, lines: string[]) => [
  'BEGIN:VEVENT',
  `UID:${stayId}@manzil`,
  `DTSTART;VALUE=DATE:${start}`,
  `DTEND;VALUE=DATE:${end}`,
  ...lines,
  'END:VEVENT',
]

describe("the export feed's X-MANZIL-* fields: kind, echo, manual stays, guest", () => {
  const property = { id: 'p1', name: 'Palm Villa' }
  const bookingsOf = (...events: string[][]) => {
    const feed = calendar(...events.flat())
    return toBookings(parseFeed(feed), property, feed)
  }

  it('reads X-MANZIL-KIND and X-MANZIL-ECHO from the event', () => {
    const feed = calendar(
      ...manzilEvent('s1', '20260301', '20260303', [
        'SUMMARY:Not available',
        'X-MANZIL-KIND:block',
        'X-MANZIL-ECHO:TRUE',
      ]),
      ...manzilEvent('s2', '20260305', '20260306', ['SUMMARY:Reserved', 'X-MANZIL-KIND:BOOKING']),
      ...manzilEvent('s3', '20260307', '20260308', ['SUMMARY:Reserved', 'X-MANZIL-KIND:maybe']),
    )
    expect(parseFeed(feed).map(({ kind, echo }) => ({ kind, echo }))).toEqual([
      { kind: 'block', echo: true },
      { kind: 'booking', echo: false },
      { kind: undefined, echo: false },
    ])
  })

  it("takes the server's kind over the summary's: a Booking.com closure that is a sale", () => {
    const [closure, unknown] = bookingsOf(
      manzilEvent('s1', '20260301', '20260303', [
        'SUMMARY:CLOSED - Not available',
        'X-MANZIL-PLATFORM:Booking.com',
        'X-MANZIL-STATUS:Not available',
        'X-MANZIL-KIND:booking',
      ]),
      // Without X-MANZIL-KIND (an older export), the summary still decides.
      manzilEvent('s2', '20260305', '20260306', ['SUMMARY:CLOSED - Not available']),
    )
    expect(closure).toMatchObject({ kind: 'booking', platform: 'Booking.com', echo: false, manual: false })
    expect(unknown).toMatchObject({ kind: 'block' })
  })

  it('marks an echo, which is never taken as a conflict by the client', () => {
    const [echo] = bookingsOf(
      manzilEvent('s1', '20260301', '20260303', [
        'SUMMARY:Airbnb (Not available)',
        'X-MANZIL-PLATFORM:Airbnb',
        'X-MANZIL-KIND:block',
        'X-MANZIL-ECHO:TRUE',
      ]),
    )
    expect(echo).toMatchObject({ echo: true, conflict: false, kind: 'block', manual: false, note: null })
  })

  it('reads a manual stay: its stay id, "Manual", its note and its guest', () => {
    const [booking, block] = bookingsOf(
      manzilEvent('01J9ZK', '20260310', '20260313', [
        'SUMMARY:Booked - Huda Al-Harbi',
        'X-MANZIL-PLATFORM:Manual',
        'X-MANZIL-STATUS:Booked',
        'X-MANZIL-GUEST:Huda Al-Harbi',
        'X-MANZIL-KIND:booking',
        'DESCRIPTION:Paid in cash\\, 3 nights\\nLate check-in',
      ]),
      manzilEvent('01J9ZM', '20260320', '20260322', [
        'SUMMARY:Blocked',
        'X-MANZIL-PLATFORM:Manual',
        'X-MANZIL-STATUS:Blocked',
        'X-MANZIL-GUEST:',
        'X-MANZIL-KIND:block',
      ]),
    )
    expect(booking).toMatchObject({
      uid: '01J9ZK@manzil',
      stayId: '01J9ZK',
      manual: true,
      platform: 'Manual',
      kind: 'booking',
      guestName: 'Huda Al-Harbi',
      note: 'Paid in cash, 3 nights\nLate check-in',
      start: '2026-03-10',
      end: '2026-03-13',
    })
    expect(block).toMatchObject({
      stayId: '01J9ZM',
      manual: true,
      kind: 'block',
      guestName: 'Blocked',
      note: null,
    })
  })

  it('treats an empty or missing X-MANZIL-GUEST as no guest', () => {
    const [emptyGuest, noGuest, platformStay] = bookingsOf(
      manzilEvent('m1', '20260301', '20260302', [
        'SUMMARY:Booked',
        'X-MANZIL-PLATFORM:Manual',
        'X-MANZIL-GUEST:',
        'X-MANZIL-KIND:booking',
      ]),
      manzilEvent('m2', '20260303', '20260304', [
        'SUMMARY:Booked',
        'X-MANZIL-PLATFORM:Manual',
        'X-MANZIL-KIND:booking',
      ]),
      manzilEvent('f1', '20260305', '20260306', [
        'SUMMARY:Reserved - Sara Ali',
        'X-MANZIL-PLATFORM:Airbnb',
        'X-MANZIL-GUEST:',
      ]),
    )
    // A manual booking without a name shows "Unknown guest"; a platform's stay falls back to its summary.
    expect(emptyGuest!.guestName).toBe('')
    expect(noGuest!.guestName).toBe('')
    expect(platformStay!.guestName).toBe('Sara Ali')
  })

  it("keeps a platform stay's DESCRIPTION out of the note, and gives no stay id to a foreign UID", () => {
    const [airbnb] = bookingsOf([
      'BEGIN:VEVENT',
      'UID:1418fb94e984-abc@airbnb.com',
      'DTSTART;VALUE=DATE:20260301',
      'DTEND;VALUE=DATE:20260304',
      'SUMMARY:Reserved',
      'DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMABC',
      'END:VEVENT',
    ])
    expect(airbnb).toMatchObject({ stayId: null, manual: false, note: null, echo: false })
  })
})

describe('calendar helpers', () => {
  it('gives each stay of the feed of all properties the listed property its event names', () => {
    const event = (uid: string, property: string) => [
      'BEGIN:VEVENT',
      `UID:${uid}@manzil`,
      'DTSTART;VALUE=DATE:20260301',
      'DTEND;VALUE=DATE:20260304',
      'SUMMARY:Reserved - Sara Ali',
      'X-MANZIL-PLATFORM:Airbnb',
      `X-MANZIL-PROPERTY:${property}`,
      'END:VEVENT',
    ]
    const feed = [
      'BEGIN:VCALENDAR',
      ...event('s1', 'p1'),
      ...event('s2', 'p2'),
      ...event('s3', 'gone'),
      'END:VCALENDAR',
    ].join('\r\n')
    const properties = [
      { id: 'p1', name: 'Palm Villa' },
      { id: 'p2', name: 'Corniche Loft' },
    ]
    expect(
      toPortfolioBookings(parseFeed(feed), properties).map((booking) => [
        booking.stayId,
        booking.propertyName,
      ]),
    ).toEqual([
      ['s1', 'Palm Villa'],
      ['s2', 'Corniche Loft'],
    ])
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
