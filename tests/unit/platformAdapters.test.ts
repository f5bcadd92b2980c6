import { describe, expect, it } from 'vitest'
import { classifySummary } from '../../src/domain/bookings.ts'
import { adapterOf, calendarPageOf } from '../../src/domain/platformAdapters.ts'
import { PLATFORM_NAMES } from '../../src/domain/platforms.ts'

const CLOSED = 'CLOSED - Not available'
const SUMMARIES = [
  CLOSED,
  'Closed',
  'Airbnb (Not available)',
  'Blocked',
  'Not available',
  'Reserved',
  'Reserved - Layla Haddad',
  '',
]
const OTHERS = PLATFORM_NAMES.filter((name) => name !== 'Booking.com')

describe("each platform's adapter", () => {
  it("takes Booking.com's closure that is no echo as a sale whose guest the feed does not name", () => {
    const booking = adapterOf('Booking.com')
    expect(booking.readSummary(CLOSED, { echo: false })).toEqual({
      status: 'Not available',
      guestName: 'Blocked',
      kind: 'booking',
    })
    expect(booking.readSummary(CLOSED, { echo: true })).toEqual(classifySummary(CLOSED))
    for (const summary of SUMMARIES.filter((text) => !/^closed\b/i.test(text)))
      expect(booking.readSummary(summary, { echo: false })).toEqual(classifySummary(summary))
  })

  it.each([...OTHERS, 'booking.com', 'Manual', 'ical.example.com'])(
    "keeps the same closure a block on %j's feed, and reads every summary by the shared rule",
    (platform) => {
      expect(adapterOf(platform).readSummary(CLOSED, { echo: false }).kind).toBe('block')
      for (const summary of SUMMARIES)
        for (const echo of [false, true])
          expect(adapterOf(platform).readSummary(summary, { echo })).toEqual(classifySummary(summary))
    },
  )

  it("judges the rules among closed nights on Airbnb's feed only", () => {
    expect(adapterOf('Airbnb').rules).toBeDefined()
    for (const platform of [...PLATFORM_NAMES.filter((name) => name !== 'Airbnb'), 'airbnb', 'Manual'])
      expect(adapterOf(platform).rules).toBeUndefined()
  })
})

describe("each platform's own calendar of a listing", () => {
  it("reads Airbnb's listing from its export address, on any of its country sites", () => {
    for (const url of [
      'https://www.airbnb.com/calendar/ical/4815162342.ics?s=0123abcd',
      'https://www.airbnb.co.uk/calendar/ical/4815162342.ics?s=0123abcd',
      'https://airbnb.ae/calendar/ical/4815162342.ics',
    ])
      expect(calendarPageOf('Airbnb', url)).toBe('https://www.airbnb.com/multicalendar/4815162342')
  })

  it('gives no page for an Airbnb link it does not recognise', () => {
    for (const url of [
      'https://calendars.example/4815162342.ics',
      'https://www.airbnb.com.evil.example/calendar/ical/1.ics',
      'https://www.airbnb.com/calendar/ical/abc.ics',
      'https://www.airbnb.com/calendar/ical/1.ics/extra',
      'not a url',
    ])
      expect(calendarPageOf('Airbnb', url)).toBeNull()
  })

  it('gives no page for a platform whose export address does not name the listing: the host gets the steps', () => {
    const exports: Record<string, string> = {
      'Booking.com': 'https://ical.booking.com/v1/export?t=0f3c-secret',
      Vrbo: 'https://www.vrbo.com/icalendar/9a8b7c6d5e.ics?nonTentative',
      Gathern: 'https://gathern.co/ical/abc123.ics',
      Agoda: 'https://ycs.agoda.com/en-us/api/ical/abc.ics',
      Expedia: 'https://www.expedia.com/ical/abc.ics',
      Other: 'https://www.airbnb.com/calendar/ical/4815162342.ics',
    }
    for (const platform of PLATFORM_NAMES.filter((name) => name !== 'Airbnb')) {
      expect(adapterOf(platform).calendarPage).toBeUndefined()
      expect(calendarPageOf(platform, exports[platform] ?? 'https://calendars.example/1.ics')).toBeNull()
    }
  })
})
