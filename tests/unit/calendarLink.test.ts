import { describe, expect, it } from 'vitest'
import { otherPlatformOfLink } from '../../src/domain/calendarLink.ts'
import { platformOfHost } from '../../src/domain/platforms.ts'

const AIRBNB_LINK = 'https://www.airbnb.com/calendar/ical/12345678.ics?s=0f1e2d3c4b5a'

describe('a calendar link pasted into the wrong platform', () => {
  it("names Airbnb for Airbnb's own link typed in Booking.com's or Vrbo's slot", () => {
    expect(otherPlatformOfLink(AIRBNB_LINK, 'Booking.com')).toBe('Airbnb')
    expect(otherPlatformOfLink(AIRBNB_LINK, 'Vrbo')).toBe('Airbnb')
    expect(otherPlatformOfLink(AIRBNB_LINK, 'Gathern')).toBe('Airbnb')
  })

  it("takes a platform's subdomains, country domains and feed marks as that platform's", () => {
    expect(otherPlatformOfLink('https://admin.booking.com/hotel/hoteladmin/ical.html?t=1', 'Airbnb')).toBe(
      'Booking.com',
    )
    expect(otherPlatformOfLink('https://ical.booking.com/v1/export?t=abc', 'Vrbo')).toBe('Booking.com')
    expect(otherPlatformOfLink('https://www.airbnb.co.uk/calendar/ical/1.ics', 'Booking.com')).toBe('Airbnb')
    expect(otherPlatformOfLink('http://www.vrbo.com/icalendar/abc.ics', 'Airbnb')).toBe('Vrbo')
    expect(otherPlatformOfLink('https://admin.vrbo.com/icalendar/abc.ics', 'Booking.com')).toBe('Vrbo')
    expect(otherPlatformOfLink('https://www.homeaway.com/icalendar/abc.ics', 'Airbnb')).toBe('Vrbo')
    expect(otherPlatformOfLink('https://ycs.agoda.com/ical/1.ics', 'Expedia')).toBe('Agoda')
  })

  it("reads the link as Manzil fetches it: a webcal link, the host's case, a trailing dot", () => {
    expect(otherPlatformOfLink('  webcal://www.airbnb.com/calendar/ical/1.ics ', 'Vrbo')).toBe('Airbnb')
    expect(otherPlatformOfLink('https://WWW.AIRBNB.COM/calendar/ical/1.ics', 'Vrbo')).toBe('Airbnb')
    expect(otherPlatformOfLink('https://www.airbnb.com./calendar/ical/1.ics', 'Vrbo')).toBe('Airbnb')
  })

  it("accepts a platform's own link in its own slot", () => {
    expect(otherPlatformOfLink(AIRBNB_LINK, 'Airbnb')).toBeNull()
    expect(otherPlatformOfLink('https://admin.booking.com/hotel/ical/2.ics', 'Booking.com')).toBeNull()
    expect(otherPlatformOfLink('https://www.homeaway.com/icalendar/abc.ics', 'Vrbo')).toBeNull()
    expect(otherPlatformOfLink('https://www.airbnb.ae/calendar/ical/1.ics', 'Airbnb')).toBeNull()
  })

  it('accepts any link under "Other", and hosts no platform owns under any platform', () => {
    expect(otherPlatformOfLink(AIRBNB_LINK, 'Other')).toBeNull()
    for (const link of [
      'https://ical.channel-manager.example/feeds/7.ics',
      'https://calendar.google.com/calendar/ical/abc%40group.calendar.google.com/private-1/basic.ics',
      'https://a0.muscache.com/calendar/1.ics',
      'https://gathern.com/ical/1.ics',
      'https://mybooking.com/cal.ics',
      'https://booking.company/cal.ics',
      'https://airbnb.com.evil.example/cal.ics',
      'https://www.airbnb.com@feeds.example/cal.ics',
    ])
      expect(otherPlatformOfLink(link, 'Booking.com'), link).toBeNull()
  })

  it('leaves text that is no calendar link, and unknown slots, to the other rules', () => {
    expect(otherPlatformOfLink('', 'Vrbo')).toBeNull()
    expect(otherPlatformOfLink('airbnb.com/calendar/ical/1.ics', 'Vrbo')).toBeNull()
    expect(otherPlatformOfLink('ftp://www.airbnb.com/1.ics', 'Vrbo')).toBeNull()
    expect(otherPlatformOfLink(AIRBNB_LINK, 'MySpace')).toBeNull()
  })
})

describe("a host's platform", () => {
  it('is the known platform that owns it, as a whole domain, or none', () => {
    expect(platformOfHost('www.airbnb.com')).toBe('Airbnb')
    expect(platformOfHost('admin.booking.com')).toBe('Booking.com')
    expect(platformOfHost('gathern.co')).toBe('Gathern')
    expect(platformOfHost('mybooking.com')).toBeNull()
    expect(platformOfHost('booking.com.example')).toBeNull()
    expect(platformOfHost('')).toBeNull()
  })
})
