import { describe, expect, it } from 'vitest'
import { FeedError } from '../../server/sync/feedError.ts'
import { parseFeed } from '../../server/sync/parse.ts'
import { calendarOf, readFixture } from '../fixtures/feedServer.ts'

const TODAY = '2026-11-23'

const calendar = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Feed//EN', ...events, 'END:VCALENDAR', ''].join('\r\n')
const event = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n')

describe('parsing a feed', () => {
  it("reads Airbnb's all-day stays, folded description included", () => {
    const events = parseFeed(readFixture('airbnb.ics'), TODAY)
    expect(events).toHaveLength(3)
    expect(events[0]).toEqual({
      uid: '1418fb94e984-8b2c7a1d5e3f4b6a9c0d1e2f3a4b5c6d@airbnb.com',
      summary: 'Reserved',
      description:
        'Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMQ4XK2Z9P\nPhone Number (Last 4 Digits): 4821',
      location: null,
      start: '2030-03-10',
      end: '2030-03-15',
      warning: null,
    })
    expect(events[2]).toMatchObject({
      summary: 'Airbnb (Not available)',
      start: '2030-04-20',
      end: '2030-05-01',
    })
  })

  it('reads Booking.com and Vrbo feeds', () => {
    expect(parseFeed(readFixture('booking.ics'), TODAY).map((event) => event.summary)).toEqual([
      'CLOSED - Not available',
      'CLOSED - Not available',
    ])
    const [reserved] = parseFeed(readFixture('vrbo.ics'), TODAY)
    expect(reserved).toMatchObject({
      summary: 'Reserved - Layla Haddad',
      start: '2030-03-12',
      end: '2030-03-16',
      description: expect.stringContaining('Reservation HA-7Q2M9X through vrbo.com.'),
    })
  })

  it("dates a UTC time by its day in the property's zone", () => {
    const events = parseFeed(readFixture('google-recurring.ics'), TODAY, 'Asia/Riyadh')
    // 22:00 UTC on 1 April is 01:00 on 2 April in Riyadh, where the property is.
    expect(events.find((event) => event.uid === '0h1j2k3l4m5n6o7p8q9r@google.com')).toMatchObject({
      start: '2030-04-02',
      end: '2030-04-03',
    })
  })

  it('expands a weekly rule over the next 18 months, with moved and cancelled instances', () => {
    const weekly = parseFeed(readFixture('google-recurring.ics'), '2030-01-01').filter((event) =>
      event.uid.startsWith('5kq2m9c1v0b3n5x8z4a6s1d2f3@google.com#'),
    )
    // The Monday stay of 31 December checks out today: it is over.
    expect(weekly[0]).toMatchObject({
      uid: '5kq2m9c1v0b3n5x8z4a6s1d2f3@google.com#2030-01-07',
      start: '2030-01-07',
      end: '2030-01-08',
      summary: 'Maintenance - Cleaning crew',
      location: 'Villa Rawdah, Riyadh',
    })
    const starts = weekly.map((event) => event.start)
    // Every Monday up to 18 months ahead (2031-07-01), the cancelled one excepted.
    expect(starts.at(-1)).toBe('2031-06-30')
    expect(starts).toHaveLength(77)
    expect(starts).not.toContain('2030-10-21')
    expect(weekly.find((event) => event.uid.endsWith('#2030-10-14'))).toMatchObject({
      start: '2030-10-15',
      end: '2030-10-16',
      summary: 'Maintenance - Cleaning crew (moved)',
    })
  })

  it('leaves out moved instances that now fall outside the window, and their occurrences', () => {
    // From 2026, the instance moved in October 2030 is years beyond the 18 months.
    const weekly = parseFeed(readFixture('google-recurring.ics'), TODAY).filter((event) =>
      event.uid.startsWith('5kq2m9c1v0b3n5x8z4a6s1d2f3@google.com#'),
    )
    expect(weekly.map((event) => event.start).filter((start) => start > '2028-05-23')).toEqual([])
    const movedToThePast = calendarOf([]).replace(
      'END:VCALENDAR',
      [
        'BEGIN:VEVENT',
        'UID:weekly',
        'DTSTART;VALUE=DATE:20261130',
        'DTEND;VALUE=DATE:20261201',
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'SUMMARY:Reserved - Weekly guest',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:weekly',
        'RECURRENCE-ID;VALUE=DATE:20261207',
        'DTSTART;VALUE=DATE:20261110',
        'DTEND;VALUE=DATE:20261111',
        'SUMMARY:Reserved - Weekly guest',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    )
    expect(parseFeed(movedToThePast, TODAY).map((event) => event.start)).toEqual(['2026-11-30', '2026-12-14'])
  })

  it('gives a stay without DTEND, or ending before it starts, one night', () => {
    const text = calendarOf([]).replace(
      'END:VCALENDAR',
      [
        'BEGIN:VEVENT',
        'UID:a',
        'DTSTART:20300301',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:b',
        'DTSTART;VALUE=DATE:20300310',
        'DTEND;VALUE=DATE:20300305',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:c',
        'DTSTART;VALUE=DATE:20300320',
        'DURATION:P3D',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    )
    expect(parseFeed(text, TODAY).map(({ uid, start, end }) => ({ uid, start, end }))).toEqual([
      { uid: 'a', start: '2030-03-01', end: '2030-03-02' },
      { uid: 'b', start: '2030-03-10', end: '2030-03-11' },
      { uid: 'c', start: '2030-03-20', end: '2030-03-23' },
    ])
  })

  it('keeps a DTEND before its DTSTART as one night, warned with both days; a same-day DTEND silently', () => {
    const events = parseFeed(readFixture('airbnb-end-before-start.ics'), TODAY)
    expect(events.map(({ start, end, warning }) => ({ start, end, warning }))).toEqual([
      {
        start: '2030-03-10',
        end: '2030-03-11',
        warning: { kind: 'endBeforeStart', start: '2030-03-10', end: '2030-03-05' },
      },
      { start: '2030-04-01', end: '2030-04-06', warning: null },
      { start: '2030-04-20', end: '2030-04-21', warning: null },
    ])
  })

  it('reduces a date-time DTEND to its day before comparing it with DTSTART', () => {
    const text = calendarOf([]).replace(
      'END:VCALENDAR',
      [
        'BEGIN:VEVENT',
        'UID:earlier-day',
        'DTSTART:20300310T150000Z',
        'DTEND:20300308T110000Z',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:same-day',
        'DTSTART:20300320T150000Z',
        'DTEND:20300320T110000Z',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:negative-duration',
        'DTSTART;VALUE=DATE:20300401',
        'DURATION:-P2D',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    )
    expect(parseFeed(text, TODAY).map(({ uid, end, warning }) => ({ uid, end, warning }))).toEqual([
      {
        uid: 'earlier-day',
        end: '2030-03-11',
        warning: { kind: 'endBeforeStart', start: '2030-03-10', end: '2030-03-08' },
      },
      { uid: 'same-day', end: '2030-03-21', warning: null },
      // Only a DTEND is the feed's own check-out; a DURATION below zero is just one night.
      { uid: 'negative-duration', end: '2030-04-02', warning: null },
    ])
  })

  it('keeps stays up to the end of the fifth year after this one, cutting longer ones with a warning', () => {
    const text = calendar(
      event('UID:forever', 'DTSTART;VALUE=DATE:20270110', 'DTEND;VALUE=DATE:99991231'),
      event('UID:to-the-edge', 'DTSTART;VALUE=DATE:20311220', 'DTEND;VALUE=DATE:20320101'),
      event('UID:beyond', 'DTSTART;VALUE=DATE:20320101', 'DTEND;VALUE=DATE:20320105'),
      event(
        'UID:weekly',
        'DTSTART;VALUE=DATE:20270104',
        'DTEND;VALUE=DATE:21000101',
        'RRULE:FREQ=WEEKLY;COUNT=2',
      ),
      event('UID:years', 'DTSTART;VALUE=DATE:20270201', 'DURATION:P36500D'),
    )
    const started = performance.now()
    const stays = parseFeed(text, TODAY).map(({ uid, start, end, warning }) => ({ uid, start, end, warning }))
    expect(performance.now() - started).toBeLessThan(100)
    expect(stays).toEqual([
      {
        uid: 'forever',
        start: '2027-01-10',
        end: '2032-01-01',
        warning: { kind: 'beyondHorizon', start: '2027-01-10', end: '9999-12-31' },
      },
      { uid: 'to-the-edge', start: '2031-12-20', end: '2032-01-01', warning: null },
      {
        uid: 'weekly#2027-01-04',
        start: '2027-01-04',
        end: '2032-01-01',
        warning: { kind: 'beyondHorizon', start: '2027-01-04', end: '2100-01-01' },
      },
      {
        uid: 'weekly#2027-01-11',
        start: '2027-01-11',
        end: '2032-01-01',
        warning: { kind: 'beyondHorizon', start: '2027-01-11', end: '2100-01-08' },
      },
      {
        uid: 'years',
        start: '2027-02-01',
        end: '2032-01-01',
        warning: { kind: 'beyondHorizon', start: '2027-02-01', end: '2127-01-08' },
      },
    ])
    // On the first day of a new year the horizon moves a year on, and not before.
    expect(parseFeed(text, '2026-12-31')[0]?.end).toBe('2032-01-01')
    expect(parseFeed(text, '2027-01-01')[0]?.end).toBe('2033-01-01')
  })

  it('ends a timed start plus DURATION on the day that time reaches, not after whole days', () => {
    const text = calendar(
      event('UID:floating', 'DTSTART:20301210T150000', 'DURATION:PT44H'),
      event('UID:utc', 'DTSTART:20301210T200000Z', 'DURATION:PT40H'),
      event('UID:zoned', 'DTSTART;TZID=America/New_York:20301210T150000', 'DURATION:PT44H'),
      event('UID:all-day', 'DTSTART;VALUE=DATE:20301210', 'DURATION:P1DT23H'),
    )
    expect(parseFeed(text, TODAY, 'Asia/Riyadh').map(({ uid, start, end }) => ({ uid, start, end }))).toEqual(
      [
        // Check-in 15:00 on the 10th, check-out 11:00 on the 12th: two nights.
        { uid: 'floating', start: '2030-12-10', end: '2030-12-12' },
        // 20:00 UTC is 23:00 in Riyadh; 40 hours on is 15:00 on the 12th there.
        { uid: 'utc', start: '2030-12-10', end: '2030-12-12' },
        // 15:00 in New York is 23:00 in Riyadh; 44 hours on is 19:00 on the 12th there.
        { uid: 'zoned', start: '2030-12-10', end: '2030-12-12' },
        // An all-day start counts whole days only.
        { uid: 'all-day', start: '2030-12-10', end: '2030-12-11' },
      ],
    )
  })

  it('reads dates and times written in the extended form (2027-02-05, 2027-02-05T15:00:00Z)', () => {
    const text = calendar(
      event('UID:date', 'DTSTART;VALUE=DATE:2027-02-05', 'DTEND;VALUE=DATE:2027-02-08'),
      event('UID:utc', 'DTSTART:2027-03-05T15:00:00Z', 'DTEND:2027-03-07T11:00:00Z'),
      event(
        'UID:weekly',
        'DTSTART;TZID=Asia/Riyadh:2027-04-05T15:00:00',
        'DTEND;TZID=Asia/Riyadh:2027-04-06T11:00:00',
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'EXDATE;TZID=Asia/Riyadh:2027-04-12T15:00:00',
      ),
    )
    expect(parseFeed(text, TODAY, 'Asia/Riyadh').map(({ uid, start, end }) => ({ uid, start, end }))).toEqual(
      [
        { uid: 'date', start: '2027-02-05', end: '2027-02-08' },
        { uid: 'utc', start: '2027-03-05', end: '2027-03-07' },
        { uid: 'weekly#2027-04-05', start: '2027-04-05', end: '2027-04-06' },
        { uid: 'weekly#2027-04-19', start: '2027-04-19', end: '2027-04-20' },
      ],
    )
  })

  it.each([
    ['in UTC', 'EXDATE:20261208T120000Z'],
    ["in the start's own zone", 'EXDATE;TZID=Asia/Riyadh:20261208T150000'],
    ['in another zone', 'EXDATE;TZID=Europe/London:20261208T120000'],
  ])('leaves out an occurrence its EXDATE names %s', (_, exdate) => {
    const text = calendar(
      event(
        'UID:weekly',
        'DTSTART;TZID=Asia/Riyadh:20261201T150000',
        'DTEND;TZID=Asia/Riyadh:20261202T110000',
        'RRULE:FREQ=WEEKLY;COUNT=3',
        exdate,
      ),
    )
    expect(parseFeed(text, TODAY, 'Asia/Riyadh').map((stay) => stay.start)).toEqual([
      '2026-12-01',
      '2026-12-15',
    ])
  })

  it('keys events sharing a UID the same whichever order the feed lists them in', () => {
    const january = event('UID:dup', 'DTSTART;VALUE=DATE:20270110', 'DTEND;VALUE=DATE:20270112')
    const february = event('UID:dup', 'DTSTART;VALUE=DATE:20270210', 'DTEND;VALUE=DATE:20270212')
    const keys = (text: string) =>
      parseFeed(text, TODAY)
        .map(({ uid, start }) => `${uid} ${start}`)
        .sort()
    // The earliest keeps the bare UID, as it did when the feed listed it first.
    expect(keys(calendar(january, february))).toEqual(['dup 2027-01-10', 'dup#2027-02-10 2027-02-10'])
    expect(keys(calendar(february, january))).toEqual(keys(calendar(january, february)))
  })

  it('identifies an event without a UID by its stay alone, not by when the feed was stamped', () => {
    const stamped = (dtstamp: string) =>
      calendar(
        event(
          `DTSTAMP:${dtstamp}`,
          `LAST-MODIFIED:${dtstamp}`,
          'SEQUENCE:3',
          'DTSTART;VALUE=DATE:20270110',
          'DTEND;VALUE=DATE:20270112',
          'SUMMARY:Reserved',
        ),
      )
    const [first] = parseFeed(stamped('20261120T081512Z'), TODAY)
    const [second] = parseFeed(stamped('20261121T000000Z'), TODAY)
    expect(first?.uid).toMatch(/^[0-9a-f]{32}$/)
    expect(second?.uid).toBe(first?.uid)
    const moved = parseFeed(stamped('20261120T081512Z').replace('20270112', '20270113'), TODAY)
    expect(moved[0]?.uid).not.toBe(first?.uid)
  })

  it('reads an empty calendar as no stays', () => {
    expect(parseFeed(readFixture('empty.ics'), TODAY)).toEqual([])
  })

  it('refuses a feed none of whose events has a readable start, and skips one such event among others', () => {
    expect(() => parseFeed(readFixture('unreadable-dates.ics'), TODAY)).toThrow(
      expect.objectContaining({ reason: 'unreadableEvents' }),
    )
    const oneReadable = calendar(
      event('UID:a', 'DTSTART;VALUE=DATE:05.02.2027', 'SUMMARY:Reserved'),
      event('UID:b', 'DTSTART;VALUE=DATE:20270205', 'DTEND;VALUE=DATE:20270208', 'SUMMARY:Reserved'),
    )
    expect(parseFeed(oneReadable, TODAY).map((stay) => stay.uid)).toEqual(['b'])
  })

  it("reads a summary and a location as one line, a description's breaks as LF, and no control character", () => {
    const [stay] = parseFeed(
      calendar(
        event(
          'UID:a',
          'DTSTART;VALUE=DATE:20270205',
          'DTEND;VALUE=DATE:20270208',
          'SUMMARY:Reserved - Sara\rBEGIN:VEVENT\u2028Omar\u0085Ali\u0007',
          'DESCRIPTION:Gate 4821\rLift\u2029Floor 3\\nDoor\u001b',
          'LOCATION:King Fahd Road\u000b12',
        ),
      ),
      TODAY,
    )
    expect(stay).toMatchObject({
      summary: 'Reserved - Sara BEGIN:VEVENT Omar Ali',
      description: 'Gate 4821\nLift\nFloor 3\nDoor',
      location: 'King Fahd Road 12',
    })
  })

  it.each(['truncated.ics', 'not-ical.html'])('refuses %s as not a calendar', (fixture) => {
    expect(() => parseFeed(readFixture(fixture), TODAY)).toThrow(FeedError)
  })
})
