import { describe, expect, it } from 'vitest'
import en from '../../locales/en.json'
import ar from '../../locales/ar.json'
import type { Booking } from '../../src/domain/bookings.ts'
import { doubleBookedOn } from '../../src/domain/stayDetails.ts'
import { isMuted, shapeMark, shapeName, shapeOf, STAY_SHAPES } from '../../src/domain/stayShapes.ts'
import { createTranslator, type Messages } from '../../src/domain/translator.ts'
import { formattersFor } from '../../src/ui/common/format.ts'
import { aBooking } from '../ui/builders.ts'

const english = createTranslator('en', en as Messages)
const arabic = createTranslator('ar', ar as Messages, en as Messages)

/** Booking.com's closure of 10–14 December: the 10th and 11th Manzil's own export, then its own. */
const partialEcho = aBooking({
  platform: 'Booking.com',
  kind: 'booking',
  status: 'Not available',
  guestName: 'Blocked',
  start: '2026-12-10',
  end: '2026-12-14',
  echoRuns: [{ start: '2026-12-10', end: '2026-12-12' }],
})

describe("a stay's shape", () => {
  it('is one kind each: sale, manual, block, echo, partial echo or platform rule', () => {
    expect(shapeOf(aBooking())).toBe('sale')
    expect(shapeOf(aBooking({ kind: 'block' }))).toBe('block')
    expect(shapeOf(aBooking({ manual: true }))).toBe('manual')
    expect(shapeOf(aBooking({ manual: true, kind: 'block' }))).toBe('manual')
    expect(shapeOf(aBooking({ kind: 'block', echo: true }))).toBe('echo')
    expect(shapeOf(partialEcho)).toBe('partialEcho')
    // Empty echo runs: none of its nights is an echo.
    expect(shapeOf(aBooking({ echoRuns: [] }))).toBe('sale')
    // A rule is a rule whatever else the feed said of its nights.
    expect(shapeOf(aBooking({ kind: 'block', echo: true, rule: 'preparation' }))).toBe('rule')
    expect(STAY_SHAPES.filter(isMuted)).toEqual(['echo', 'rule'])
  })

  it('is named in English and in Arabic, a sale by its title alone', () => {
    const format = formattersFor('en')
    expect(shapeMark(english, aBooking(), format)).toBeNull()
    expect(shapeMark(english, aBooking({ rule: 'notice' }), format)).toBe('Platform rule')
    expect(shapeMark(english, aBooking({ echo: true }), format)).toBe('Synced from Manzil')
    expect(STAY_SHAPES.map((shape) => shapeName(arabic, shape))).toEqual([
      'مباع على منصة',
      'يدوي',
      'محجوب',
      'مُزامَن من منزل',
      'مُزامَن جزئيًا من منزل',
      'قاعدة المنصة',
    ])
  })

  it("says which nights of a partial echo are its platform's own", () => {
    // Intl writes a date range with thin spaces around its dash.
    const spaced = (text: string | null) => text?.replace(/\u2009/g, ' ')
    expect(spaced(shapeMark(english, partialEcho, formattersFor('en')))).toBe(
      'Booking.com closure, partly synced from Manzil; Booking.com’s own: 12 – 14 Dec 2026',
    )
    const arabicMark = shapeMark(arabic, partialEcho, formattersFor('ar'))!
    expect(arabicMark).toMatch(/^إغلاق من Booking\.com، مُزامَن جزئيًا من منزل؛ الخاص بـBooking\.com: /)
    expect(arabicMark).toContain('١٢')
    // Own nights in two runs are listed as the language lists.
    const twoRuns = { ...partialEcho, echoRuns: [{ start: '2026-12-11', end: '2026-12-12' }] }
    expect(spaced(shapeMark(english, twoRuns, formattersFor('en')))).toMatch(
      /own: 10 – 11 Dec 2026 and 12 – 14 Dec 2026$/,
    )
  })
})

describe('a night sold twice', () => {
  const sara = aBooking({ conflict: true, calendarId: 'airbnb' })
  const omar = aBooking({
    uid: 'uid-2',
    conflict: true,
    calendarId: 'vrbo',
    start: '2026-03-11',
    end: '2026-03-13',
  })
  const key = (stays: Booking[]) => stays.map((stay) => stay.uid)

  it('is a night two flagged stays of one property from two sources both hold', () => {
    expect(key(doubleBookedOn([sara, omar], '2026-03-10'))).toEqual([])
    expect(key(doubleBookedOn([sara, omar], '2026-03-11'))).toEqual(['uid-1', 'uid-2'])
    expect(key(doubleBookedOn([sara, omar], '2026-03-12'))).toEqual([])
  })

  it('is not one for a stay flagged alone, another property, one source, or echo nights', () => {
    expect(doubleBookedOn([sara, { ...omar, conflict: false }], '2026-03-11')).toEqual([])
    expect(doubleBookedOn([sara, { ...omar, propertyId: 'p2' }], '2026-03-11')).toEqual([])
    expect(doubleBookedOn([sara, { ...omar, calendarId: 'airbnb' }], '2026-03-11')).toEqual([])
    const echoOn11th = { ...omar, echoRuns: [{ start: '2026-03-11', end: '2026-03-12' }] }
    expect(doubleBookedOn([sara, echoOn11th], '2026-03-11')).toEqual([])
  })
})
