import { describe, expect, it } from 'vitest'
import { parseFeed as parsePropertyFeed } from '../../server/sync/parse.ts'
import { parseFeed } from '../../src/features/calendar/calendarFeed.ts'
import { localToday, nightsBetween } from '../../src/domain/dates.ts'
import {
  dayOfWallTimeIn,
  instantOfWallTime,
  isTimeZone,
  prevailingZone,
  todayIn,
  zoneOfTzid,
} from '../../src/domain/timeZones.ts'
import { defaultTimeZone, timeZoneOfCountry } from '../../src/domain/countryZones.ts'
import { readFixture } from '../fixtures/feedServer.ts'
import { calendarDays } from '../../src/ui/calendar/month/calendarDays.ts'
import { formattersFor } from '../../src/ui/common/format.ts'

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

  it("takes the host's own day, just after midnight and just before", () => {
    expect(localToday(new Date(2026, 2, 1, 0, 5))).toBe('2026-03-01')
    expect(localToday(new Date(2026, 1, 28, 23, 55))).toBe('2026-02-28')
  })

  it('lays out and prints months on the same days', () => {
    expect(calendarDays('2026-03').slice(0, 2)).toEqual(['2026-03-01', '2026-03-02'])
    expect(calendarDays('2026-04')[0]).toBe('2026-03-29')
    expect(formattersFor('en').date('2026-03-01')).toBe('1 Mar 2026')
  })

  it("writes the pickers' dates as en-GB's day/month/year does, in each language's digits", () => {
    const enGb = new Intl.DateTimeFormat('en-GB', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    })
    // Arabic's digits as Intl writes them for the interface's other figures.
    const arabicDigits = new Intl.NumberFormat('ar-SA', { useGrouping: false })
    for (const date of ['2026-03-05', '2026-12-31', '2027-01-01', '2024-02-29']) {
      const shown = enGb.format(new Date(`${date}T00:00:00Z`))
      const inArabic = shown.replace(/\d/g, (digit) => arabicDigits.format(Number(digit)))
      expect([formattersFor('en').numericDate(date), formattersFor('ar').numericDate(date)]).toEqual([
        shown,
        inArabic,
      ])
    }
    expect(formattersFor('ar').numericDate('2026-03-05')).toBe('٠٥/٠٣/٢٠٢٦')
  })
})

describe(`property time zones, with the machine in ${process.env.TZ ?? 'its own zone'}`, () => {
  it("takes a property's zone from its country, however the host spells it", () => {
    const saudi = ['Saudi', 'Saudi Arabia', 'KSA', 'SA', 'ksa', 'saudi ARABIA', 'السعودية']
    for (const country of [...saudi, 'المملكة العربية السعودية'])
      expect([country, defaultTimeZone(country)]).toEqual([country, 'Asia/Riyadh'])
    // The address field's first words name the country; the longest known name wins.
    expect(defaultTimeZone('Saudi Riyadh Olaya King Fahd Road 12')).toBe('Asia/Riyadh')
    expect(defaultTimeZone('المملكة العربية السعودية الرياض العليا')).toBe('Asia/Riyadh')
    expect(defaultTimeZone('United Arab Emirates Dubai Marina')).toBe('Asia/Dubai')
    expect(defaultTimeZone('United Kingdom London Soho')).toBe('Europe/London')
    expect(defaultTimeZone('المملكة المتحدة لندن')).toBe('Europe/London')
    expect(defaultTimeZone('U.K. London')).toBe('Europe/London')
    expect(
      ['UAE', 'Qatar', 'Kuwait', 'Bahrain', 'Oman', 'Egypt', 'Jordan', 'Morocco', 'Turkey'].map(
        defaultTimeZone,
      ),
    ).toEqual([
      'Asia/Dubai',
      'Asia/Qatar',
      'Asia/Kuwait',
      'Asia/Bahrain',
      'Asia/Muscat',
      'Africa/Cairo',
      'Asia/Amman',
      'Africa/Casablanca',
      'Europe/Istanbul',
    ])
    expect(['UK', 'France', 'Spain', 'Italy', 'Germany', 'USA'].map(defaultTimeZone)).toEqual([
      'Europe/London',
      'Europe/Paris',
      'Europe/Madrid',
      'Europe/Rome',
      'Europe/Berlin',
      'America/New_York',
    ])
    expect(['الإمارات', 'قطر', 'مصر', 'الاردن', 'عُمان'].map(defaultTimeZone)).toEqual([
      'Asia/Dubai',
      'Asia/Qatar',
      'Africa/Cairo',
      'Asia/Amman',
      'Asia/Muscat',
    ])
    // Unknown, empty, or only a country's first word that is no country of its own.
    expect(timeZoneOfCountry('Narnia Cair Paravel')).toBeNull()
    expect(defaultTimeZone('Narnia')).toBe('UTC')
    expect(defaultTimeZone('')).toBe('UTC')
    expect(defaultTimeZone('United')).toBe('UTC')
  })

  it('knows an IANA zone from anything else', () => {
    for (const zone of ['Asia/Riyadh', 'America/New_York', 'America/Argentina/Salta', 'UTC'])
      expect([zone, isTimeZone(zone)]).toEqual([zone, true])
    // Another name of a listed zone (browsers list Asia/Kolkata, Node Asia/Calcutta).
    expect(isTimeZone('Asia/Kolkata')).toBe(true)
    for (const name of ['asia/riyadh', 'Mars/Olympus_Mons', 'Arab Standard Time', 'EST', '+03:00', ''])
      expect([name, isTimeZone(name)]).toEqual([name, false])
    // Every zone a country gives is one the API accepts.
    for (const country of ['Saudi', 'UAE', 'Maldives', 'Malaysia', 'USA', 'Canada', 'Morocco'])
      expect(isTimeZone(defaultTimeZone(country))).toBe(true)
  })

  it('says what day it is where the property is, whatever the machine says', () => {
    const lateEvening = new Date('2026-12-09T22:30:00Z')
    expect(todayIn('Asia/Riyadh', lateEvening)).toBe('2026-12-10')
    expect(todayIn('UTC', lateEvening)).toBe('2026-12-09')
    expect(todayIn('America/Los_Angeles', lateEvening)).toBe('2026-12-09')
    expect(todayIn('Pacific/Kiritimati', new Date('2026-12-09T10:00:00Z'))).toBe('2026-12-10')
    // Either side of New York's spring-forward and of Riyadh's midnight.
    expect(todayIn('America/New_York', new Date('2026-03-08T04:59:59Z'))).toBe('2026-03-07')
    expect(todayIn('America/New_York', new Date('2026-03-08T05:00:00Z'))).toBe('2026-03-08')
    expect(todayIn('Asia/Riyadh', new Date('2026-02-28T20:59:59Z'))).toBe('2026-02-28')
    expect(todayIn('Asia/Riyadh', new Date('2026-02-28T21:00:00Z'))).toBe('2026-03-01')
  })

  it('turns a wall time in a zone into its instant, summer, winter and the hours DST skips or repeats', () => {
    const wall = (text: string) => {
      const [year = 0, month = 0, day = 0, hour = 0, minute = 0] = text.split(/[-T:]/).map(Number)
      return { year, month, day, hour, minute, second: 0 }
    }
    const iso = (instant: number) => new Date(instant).toISOString()
    expect(iso(instantOfWallTime(wall('2026-12-05T15:00'), 'Asia/Riyadh'))).toBe('2026-12-05T12:00:00.000Z')
    expect(iso(instantOfWallTime(wall('2026-12-15T23:00'), 'Europe/London'))).toBe('2026-12-15T23:00:00.000Z')
    expect(iso(instantOfWallTime(wall('2026-07-01T23:00'), 'Europe/London'))).toBe('2026-07-01T22:00:00.000Z')
    expect(iso(instantOfWallTime(wall('2026-07-01T09:00'), 'America/Los_Angeles'))).toBe(
      '2026-07-01T16:00:00.000Z',
    )
    // 02:30 does not exist in New York on 8 March 2026: read as 03:30 EDT.
    expect(iso(instantOfWallTime(wall('2026-03-08T02:30'), 'America/New_York'))).toBe(
      '2026-03-08T07:30:00.000Z',
    )
    // 01:30 happens twice on 1 November 2026: the first, in EDT.
    expect(iso(instantOfWallTime(wall('2026-11-01T01:30'), 'America/New_York'))).toBe(
      '2026-11-01T05:30:00.000Z',
    )
    // 23:00 in London is already the next day in Riyadh.
    expect(dayOfWallTimeIn(wall('2026-12-15T23:00'), 'Europe/London', 'Asia/Riyadh')).toBe('2026-12-16')
    expect(dayOfWallTimeIn(wall('2026-12-15T23:00'), 'Europe/London', 'Europe/London')).toBe('2026-12-15')
  })

  it('reads the zone of a TZID: IANA, Windows, prefixed, or none', () => {
    expect(zoneOfTzid('Asia/Riyadh')).toBe('Asia/Riyadh')
    expect(zoneOfTzid('"Asia/Riyadh"')).toBe('Asia/Riyadh')
    expect(zoneOfTzid('Arab Standard Time')).toBe('Asia/Riyadh')
    expect(zoneOfTzid('Arabian Standard Time')).toBe('Asia/Dubai')
    expect(zoneOfTzid('Egypt Standard Time')).toBe('Africa/Cairo')
    expect(zoneOfTzid('/mozilla.org/20050126_1/Europe/London')).toBe('Europe/London')
    expect(zoneOfTzid('Customized Time Zone')).toBeNull()
  })

  it("dates a Google export's timed stays by their check-in day where the property is", () => {
    const stays = (zone: string) =>
      parsePropertyFeed(readFixture('google-timezones.ics'), '2030-11-23', zone).map(
        ({ summary, start, end }) => `${summary}: ${start} → ${end}`,
      )
    expect(stays('Asia/Riyadh')).toEqual([
      'Confirmed - Noura Al-Harbi: 2030-12-05 → 2030-12-08',
      // 22:30 UTC on 9 December is 01:30 on the 10th in Riyadh.
      'Confirmed - James Whitfield: 2030-12-10 → 2030-12-12',
      // 23:00 in London on the 15th is 02:00 on the 16th in Riyadh.
      'Confirmed - Oliver Grant: 2030-12-16 → 2030-12-18',
      'Confirmed - Huda Qasim: 2030-12-20 → 2030-12-23',
    ])
    expect(stays('America/Los_Angeles')).toEqual([
      'Confirmed - Noura Al-Harbi: 2030-12-05 → 2030-12-08',
      'Confirmed - James Whitfield: 2030-12-09 → 2030-12-12',
      'Confirmed - Oliver Grant: 2030-12-15 → 2030-12-18',
      // A date is the day as written, wherever the property is.
      'Confirmed - Huda Qasim: 2030-12-20 → 2030-12-23',
    ])
  })

  it("reads a TZID it cannot resolve, and a floating time, in the property's (or the calendar's) zone", () => {
    const calendar = (...lines: string[]) =>
      feed(
        vevent(
          'unknown',
          'DTSTART;TZID=Customized Time Zone:20261205T230000',
          'DTEND;TZID=Customized Time Zone:20261207T110000',
        ),
        vevent(
          'windows',
          'DTSTART;TZID=Arab Standard Time:20261205T010000',
          'DTEND;TZID=Arab Standard Time:20261207T110000',
        ),
        vevent('floating', 'DTSTART:20261205T230000', 'DTEND:20261207T110000'),
      ).replace('PRODID:-//test//EN', ['PRODID:-//test//EN', ...lines].join('\r\n'))
    const dates = (text: string, zone: string) =>
      parsePropertyFeed(text, '2026-11-23', zone).map(({ uid, start, end }) => `${uid} ${start} ${end}`)
    expect(dates(calendar(), 'Europe/London')).toEqual([
      // An unknown TZID: the property's zone, so the day as written.
      'unknown 2026-12-05 2026-12-07',
      // 01:00 in Riyadh is 22:00 the evening before in London.
      'windows 2026-12-04 2026-12-07',
      'floating 2026-12-05 2026-12-07',
    ])
    // A floating time in a calendar that names its zone is that zone's: 23:00 in London is the
    // next day in Riyadh.
    expect(dates(calendar('X-WR-TIMEZONE:Europe/London'), 'Asia/Riyadh')).toEqual([
      'unknown 2026-12-05 2026-12-07',
      'windows 2026-12-05 2026-12-07',
      'floating 2026-12-06 2026-12-07',
    ])
  })

  it("marks the shown properties' today where most of them are", () => {
    expect(prevailingZone(['Asia/Riyadh', 'America/Los_Angeles', 'America/Los_Angeles'])).toBe(
      'America/Los_Angeles',
    )
    expect(prevailingZone(['Asia/Riyadh', 'America/Los_Angeles'])).toBe('Asia/Riyadh')
    expect(prevailingZone([])).toBeNull()
  })
})
