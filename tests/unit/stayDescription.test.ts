import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseFeed } from '../../src/features/calendar/calendarFeed.ts'
import { isPlatformHost } from '../../src/domain/platforms.ts'
import { parseStayDescription, platformLink } from '../../src/domain/stayDescription.ts'
import { readFixture } from '../fixtures/feedServer.ts'

const AIRBNB =
  'Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMQ4XK2Z9P\nPhone Number (Last 4 Digits): 4821'

describe("a stay's DESCRIPTION", () => {
  it("reads Airbnb's export as the fixture writes it: link, code and the phone's last 4 digits", () => {
    const [reserved] = parseFeed(readFixture('airbnb.ics')).filter((event) => event.summary === 'Reserved')
    expect(parseStayDescription(reserved!.description, 'Airbnb')).toEqual({
      reservationUrl: 'https://www.airbnb.com/hosting/reservations/details/HMQ4XK2Z9P',
      reservationCode: 'HMQ4XK2Z9P',
      phoneLast4: '4821',
      text: '',
    })
  })

  it("takes an Airbnb country domain (airbnb.com.co, airbnb.co.uk) as Airbnb's own", () => {
    const said = parseStayDescription(
      'Reservation URL: https://www.airbnb.com.co/hosting/reservations/details/HM3KTNNJQ5\nPhone Number (Last 4 Digits): 2833',
      'Airbnb',
    )
    expect(said.reservationUrl).toBe('https://www.airbnb.com.co/hosting/reservations/details/HM3KTNNJQ5')
    expect(said.reservationCode).toBe('HM3KTNNJQ5')
    expect(isPlatformHost('www.airbnb.co.uk', 'Airbnb')).toBe(true)
    expect(isPlatformHost('airbnb.ae', 'Airbnb')).toBe(true)
  })

  it('reads CRLF, CR, U+2028, U+0085 and a twice-escaped \\n as line breaks', () => {
    for (const description of [
      AIRBNB.replace('\n', '\r\n'),
      AIRBNB.replace('\n', '\r'),
      AIRBNB.replace('\n', '\u2028'),
      AIRBNB.replace('\n', '\u0085'),
      AIRBNB.replace('\n', '\\n'),
      AIRBNB.replace('\n', '\\N'),
    ])
      expect(parseStayDescription(description, 'Airbnb')).toMatchObject({
        reservationCode: 'HMQ4XK2Z9P',
        phoneLast4: '4821',
        text: '',
      })
  })

  it("reads Vrbo's reservation code and keeps the rest as text, without a link", () => {
    const [reserved] = parseFeed(readFixture('vrbo.ics'))
    expect(parseStayDescription(reserved!.description, 'Vrbo')).toEqual({
      reservationUrl: null,
      reservationCode: 'HA-7Q2M9X',
      phoneLast4: null,
      text: 'Guests: 4 adults, 1 child. Arrival 16:00, departure 11:00. Reservation HA-7Q2M9X through vrbo.com.',
    })
  })

  it('shows a Google-style note as text, and finds no code in "Reservation confirmed"', () => {
    expect(parseStayDescription('Direct booking, paid by bank transfer.', 'Other')).toEqual({
      reservationUrl: null,
      reservationCode: null,
      phoneLast4: null,
      text: 'Direct booking, paid by bank transfer.',
    })
    expect(parseStayDescription('Reservation confirmed', 'Gathern').reservationCode).toBeNull()
  })

  it('gives nothing for an empty description, or one with only some of the parts', () => {
    expect(parseStayDescription('', 'Airbnb')).toEqual({
      reservationUrl: null,
      reservationCode: null,
      phoneLast4: null,
      text: '',
    })
    expect(parseStayDescription('Phone Number (Last 4 Digits): 0042', 'Airbnb')).toMatchObject({
      reservationUrl: null,
      reservationCode: null,
      phoneLast4: '0042',
    })
  })

  it('takes a link on the platform’s host from any line, e.g. a Gathern note', () => {
    const said = parseStayDescription('Booking 55123\nhttps://business.gathern.co/bookings/55123', 'Gathern')
    expect(said.reservationUrl).toBe('https://business.gathern.co/bookings/55123')
    expect(said.text).toBe('Booking 55123')
  })

  describe('hostile input', () => {
    it.each([
      ['javascript:alert(1)'],
      ['data:text/html,<script>alert(1)</script>'],
      ['https://airbnb.com.evil.example/hosting/reservations/details/HM1'],
      ['https://evil.example/airbnb.com/HM1'],
      ['https://www.airbnb.com@evil.example/HM1'],
      ['https://user:pass@www.airbnb.com/HM1'],
      ['https://www.airbnb.com:8443/hosting/reservations/details/HM1'],
      ['ftp://www.airbnb.com/HM1'],
      ['https://notairbnb.com/HM1'],
    ])('never makes a link of %s (kept as text)', (address) => {
      const said = parseStayDescription(`Reservation URL: ${address}`, 'Airbnb')
      expect(said.reservationUrl).toBeNull()
      expect(said.reservationCode).toBeNull()
      expect(said.text).toBe(`Reservation URL: ${address}`)
    })

    it("never links to another platform's host", () => {
      expect(platformLink('https://www.booking.com/x', 'Airbnb')).toBeNull()
      expect(platformLink('https://www.airbnb.com/x', 'Manual')).toBeNull()
      expect(platformLink('https://www.airbnb.com/x', 'Other')).toBeNull()
    })

    it('takes only four digits as the phone, and drops bidi overrides and control characters', () => {
      expect(parseStayDescription('Phone Number (Last 4 Digits): 12345', 'Airbnb').phoneLast4).toBeNull()
      expect(parseStayDescription('Phone Number (Last 4 Digits): 12a4', 'Airbnb').phoneLast4).toBeNull()
      expect(parseStayDescription('Pay \u202Eexe.txt\u0007 now', 'Other').text).toBe('Pay exe.txt now')
    })

    it('cuts a very long description short', () => {
      const said = parseStayDescription('x'.repeat(100_000), 'Other')
      expect(said.text.length).toBeLessThanOrEqual(600)
      expect(said.text.endsWith('…')).toBe(true)
    })

    it('never throws, and links only to the platform’s own http(s) host, whatever the text', () => {
      fc.assert(
        fc.property(
          fc.string({ maxLength: 300 }),
          fc.constantFrom('Airbnb', 'Vrbo', 'Other'),
          (text, platform) => {
            const said = parseStayDescription(text, platform)
            if (said.reservationUrl === null) return
            const url = new URL(said.reservationUrl)
            expect(['http:', 'https:']).toContain(url.protocol)
            expect(isPlatformHost(url.hostname, platform)).toBe(true)
          },
        ),
        { numRuns: 300 },
      )
    })
  })
})
