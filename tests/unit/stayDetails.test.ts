import { describe, expect, it } from 'vitest'
import { calendarText } from '../../server/calendar/ics.ts'
import { parseFeed } from '../../src/features/calendar/calendarFeed.ts'
import { toBookings } from '../../src/features/calendar/feedBookings.ts'
import { conflictingStays, stayAmounts } from '../../src/domain/stayDetails.ts'
import { relativeParts } from '../../src/ui/calendar/month/relativeTime.ts'
import { aBooking } from '../ui/builders.ts'

describe("a stay's nights, price and total", () => {
  it('multiplies the nights by the nightly price in force', () => {
    expect(stayAmounts(aBooking({ start: '2026-03-10', end: '2026-03-14', nightlyPrice: 450 }))).toEqual({
      nights: 4,
      nightlyPrice: 450,
      total: 1800,
    })
  })

  it('counts nights across a month end and keeps halalas', () => {
    expect(stayAmounts(aBooking({ start: '2026-02-27', end: '2026-03-02', nightlyPrice: 99.5 }))).toEqual({
      nights: 3,
      nightlyPrice: 99.5,
      total: 298.5,
    })
  })

  it('shows no total without a price (none set, or a feed from before X-MANZIL-PRICE)', () => {
    expect(stayAmounts(aBooking({ nightlyPrice: null }))).toEqual({
      nights: 2,
      nightlyPrice: null,
      total: null,
    })
    expect(stayAmounts(aBooking({}))).toEqual({ nights: 2, nightlyPrice: null, total: null })
  })

  it('gives a block no price: it earns nothing', () => {
    expect(stayAmounts(aBooking({ kind: 'block', nightlyPrice: 450 }))).toEqual({
      nights: 2,
      nightlyPrice: null,
      total: null,
    })
  })

  it('takes a free stay (price 0) as a total of 0, not as no price', () => {
    expect(stayAmounts(aBooking({ nightlyPrice: 0 })).total).toBe(0)
  })
})

describe('the stays a conflict is with', () => {
  const airbnb = aBooking({
    uid: 'a',
    conflict: true,
    calendarId: 'cal-airbnb',
    start: '2026-03-10',
    end: '2026-03-14',
  })
  const vrbo = aBooking({
    uid: 'v',
    conflict: true,
    calendarId: 'cal-vrbo',
    platform: 'Vrbo',
    guestName: 'Layla Haddad',
    start: '2026-03-12',
    end: '2026-03-15',
  })
  const manual = aBooking({
    uid: 'm',
    conflict: true,
    manual: true,
    calendarId: null,
    platform: 'Manual',
    start: '2026-03-09',
    end: '2026-03-11',
  })

  it('names the other flagged stays of the property that share a night, by check-in', () => {
    expect(conflictingStays(airbnb, [airbnb, vrbo, manual]).map((stay) => stay.uid)).toEqual(['m', 'v'])
    expect(conflictingStays(vrbo, [airbnb, vrbo, manual]).map((stay) => stay.uid)).toEqual(['a'])
  })

  it('leaves out stays of the same source, of another property, echoes, unflagged and touching ones', () => {
    const sameSource = aBooking({
      uid: 's',
      conflict: true,
      calendarId: 'cal-airbnb',
      start: '2026-03-11',
      end: '2026-03-12',
    })
    const elsewhere = { ...vrbo, uid: 'e', propertyId: 'p2' }
    const echo = { ...vrbo, uid: 'x', echo: true }
    const unflagged = { ...vrbo, uid: 'u', conflict: false }
    const touching = { ...vrbo, uid: 't', start: '2026-03-14', end: '2026-03-16' }
    expect(
      conflictingStays(airbnb, [airbnb, sameSource, elsewhere, echo, unflagged, touching]).map(
        (stay) => stay.uid,
      ),
    ).toEqual([])
  })

  it('has none for a stay that is not a conflict', () => {
    expect(conflictingStays({ ...airbnb, conflict: false }, [airbnb, vrbo])).toEqual([])
  })
})

describe('"5 minutes ago"', () => {
  const now = Date.parse('2026-03-10T12:00:00Z')
  it('picks the largest whole unit, and "now" under a minute', () => {
    expect(relativeParts('2026-03-10T11:59:30Z', now)).toEqual({ value: 0, unit: 'second' })
    expect(relativeParts('2026-03-10T11:55:00Z', now)).toEqual({ value: -5, unit: 'minute' })
    expect(relativeParts('2026-03-10T09:00:00Z', now)).toEqual({ value: -3, unit: 'hour' })
    expect(relativeParts('2026-03-08T12:00:00Z', now)).toEqual({ value: -2, unit: 'day' })
  })
})

describe("the export feed's X-MANZIL-PRICE and X-MANZIL-CALENDAR", () => {
  const row = {
    id: 'stay-1',
    summary: 'Reserved',
    start_date: '2030-03-10',
    end_date: '2030-03-14',
    status: 'Reserved',
    guest_name: '',
    platform: 'Airbnb',
    kind: 'booking' as const,
    updated_at: '2030-02-01T10:00:00.000Z',
    conflict: false,
    description: 'Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMQ4XK2Z9P',
  }
  const read = (feed: string) => toBookings(parseFeed(feed), { id: 'p1', name: 'Palm Villa' }, feed)[0]!

  it('reads back the price, the calendar and the description the server wrote', () => {
    const booking = read(calendarText([{ ...row, nightly_price: 612.5, calendar_id: 'cal-airbnb' }]))
    expect(booking).toMatchObject({
      nightlyPrice: 612.5,
      calendarId: 'cal-airbnb',
      description: row.description,
    })
  })

  it('reads a stay without them (a manual stay, or a property without a price) as null', () => {
    expect(read(calendarText([{ ...row, nightly_price: null, calendar_id: null }]))).toMatchObject({
      nightlyPrice: null,
      calendarId: null,
    })
  })

  it('ignores a price that is not a number', () => {
    const feed = calendarText([row]).replace('END:VEVENT', 'X-MANZIL-PRICE:lots\r\nEND:VEVENT')
    expect(read(feed).nightlyPrice).toBeNull()
  })
})
