import { describe, expect, it } from 'vitest'
import { addDays } from '../../src/domain/dates.ts'
import {
  MAX_MANUAL_NIGHTS,
  parsePrice,
  priceValues,
  stayDatesProblem,
  staysHoldingNights,
} from '../../src/domain/manualStays.ts'
import { manualStayBody } from '../../src/features/calendar/manualStayBody.ts'
import { aBooking, aManualStay } from '../ui/builders.ts'

describe('the dates of a stay entered by hand', () => {
  it('needs the check-out after the check-in', () => {
    expect(stayDatesProblem('2026-03-10', '2026-03-10')).toBe('endNotAfterStart')
    expect(stayDatesProblem('2026-03-10', '2026-03-09')).toBe('endNotAfterStart')
    expect(stayDatesProblem('2026-03-10', '2026-03-11')).toBeNull()
  })

  it('allows 365 nights at most, across a leap day', () => {
    expect(MAX_MANUAL_NIGHTS).toBe(365)
    expect(stayDatesProblem('2027-03-01', addDays('2027-03-01', 365))).toBeNull()
    expect(stayDatesProblem('2027-03-01', addDays('2027-03-01', 366))).toBe('tooLong')
    // 2028 is a leap year: 1 March 2027 to 1 March 2028 is 366 nights.
    expect(stayDatesProblem('2027-03-01', '2028-03-01')).toBe('tooLong')
  })
})

describe('the body sent for a manual stay', () => {
  const values = {
    start: '2026-03-10',
    end: '2026-03-12',
    kind: 'booking' as const,
    guestName: '  Huda Al-Harbi ',
    note: ' Paid in cash ',
    price: '',
    priceBasis: 'night' as const,
  }

  it('trims the texts, and a new stay leaves out what is empty', () => {
    expect(manualStayBody(values, 'create')).toEqual({
      start: '2026-03-10',
      end: '2026-03-12',
      kind: 'booking',
      guestName: 'Huda Al-Harbi',
      note: 'Paid in cash',
    })
    expect(manualStayBody({ ...values, guestName: ' ', note: '' }, 'create')).toEqual({
      start: '2026-03-10',
      end: '2026-03-12',
      kind: 'booking',
    })
  })

  it('sends a block without a guest, even one typed before switching to block', () => {
    expect(manualStayBody({ ...values, kind: 'block' }, 'create')).toEqual({
      start: '2026-03-10',
      end: '2026-03-12',
      kind: 'block',
      note: 'Paid in cash',
    })
  })

  it('sends every field of an edit, an empty text clearing what was there', () => {
    expect(manualStayBody({ ...values, kind: 'block', note: '' }, 'update')).toEqual({
      start: '2026-03-10',
      end: '2026-03-12',
      kind: 'block',
      guestName: '',
      note: '',
      price: null,
    })
  })

  it('sends a booking’s price per night or for the stay; empty, the property’s on a new stay and none on an edit', () => {
    expect(manualStayBody({ ...values, price: ' 350.5 ' }, 'create').price).toEqual({
      per: 'night',
      amount: 350.5,
    })
    expect(manualStayBody({ ...values, price: '1000', priceBasis: 'stay' }, 'update').price).toEqual({
      per: 'stay',
      amount: 1000,
    })
    expect('price' in manualStayBody(values, 'create')).toBe(false)
    expect(manualStayBody(values, 'update').price).toBeNull()
    expect(manualStayBody({ ...values, kind: 'block', price: '90' }, 'update').price).toBeNull()
  })
})

describe('a manual booking’s price', () => {
  it('is a non-negative amount with at most two decimals, within its bound', () => {
    expect(parsePrice('', 'night')).toBeNull()
    expect(parsePrice('0', 'night')).toEqual({ per: 'night', amount: 0 })
    for (const typed of ['-1', '1e3', '12.345', 'abc', '1,000', '1000001'])
      expect(parsePrice(typed, 'night'), typed).toBe('invalid')
    // A stay's total may be more than a night's bound.
    expect(parsePrice('1000001', 'stay')).toEqual({ per: 'stay', amount: 1_000_001 })
  })

  it("opens in the form per night when a night's price is in cents, else as the stay's total", () => {
    expect(priceValues(null, 3)).toEqual({ price: '', priceBasis: 'night' })
    expect(priceValues(350.5, 3)).toEqual({ price: '350.5', priceBasis: 'night' })
    expect(priceValues(1000 / 3, 3)).toEqual({ price: '1000', priceBasis: 'stay' })
  })
})

describe('the stays already holding the nights a host picks', () => {
  const nights = { propertyId: 'p1', start: '2026-11-26', end: '2026-11-29' }
  const airbnb = aBooking({ uid: 'a@manzil', stayId: 'a', start: '2026-11-25', end: '2026-11-27' })
  const vrbo = aBooking({
    uid: 'v@manzil',
    stayId: 'v',
    platform: 'Vrbo',
    start: '2026-11-28',
    end: '2026-12-02',
  })

  it('lists every stay of the property sharing a night, by check-in', () => {
    expect(staysHoldingNights([vrbo, airbnb], nights)).toEqual([airbnb, vrbo])
  })

  it('lets a check-out day be the next check-in day', () => {
    const leavesOnArrival = aBooking({ start: '2026-11-20', end: '2026-11-26' })
    const arrivesOnDeparture = aBooking({ start: '2026-11-29', end: '2026-12-01' })
    expect(staysHoldingNights([leavesOnArrival, arrivesOnDeparture], nights)).toEqual([])
  })

  it("counts blocks, closures and the host's own stays, not other properties' stays", () => {
    const block = aBooking({
      uid: 'b',
      kind: 'block',
      guestName: 'Blocked',
      start: '2026-11-27',
      end: '2026-11-28',
    })
    const manual = aManualStay({ start: '2026-11-26', end: '2026-11-27' })
    const elsewhere = aBooking({ propertyId: 'p2', start: '2026-11-26', end: '2026-11-29' })
    expect(staysHoldingNights([block, manual, elsewhere], nights)).toEqual([manual, block])
  })

  it('leaves out echoes, which are our own export coming back, and platforms’ own rules', () => {
    expect(staysHoldingNights([{ ...airbnb, echo: true }], nights)).toEqual([])
    expect(staysHoldingNights([{ ...airbnb, kind: 'block', rule: 'notice' }], nights)).toEqual([])
  })

  it('does not count the stay being edited against itself', () => {
    const edited = aManualStay({ stayId: 'stay-7', start: '2026-11-26', end: '2026-11-29' })
    expect(staysHoldingNights([edited, airbnb], nights, 'stay-7')).toEqual([airbnb])
    expect(staysHoldingNights([edited], nights)).toEqual([edited])
  })

  it('finds nothing while the dates are not yet a stay', () => {
    expect(staysHoldingNights([airbnb], { ...nights, end: nights.start })).toEqual([])
    expect(staysHoldingNights([airbnb], { ...nights, start: '2026-11-30' })).toEqual([])
  })
})
