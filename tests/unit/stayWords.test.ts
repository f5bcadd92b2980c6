import { describe, expect, it } from 'vitest'
import en from '../../locales/en.json'
import ar from '../../locales/ar.json'
import { adapterOf } from '../../src/domain/platformAdapters.ts'
import {
  isClosureSale,
  noticeTitle,
  stayName,
  stayPhrase,
  type WordedStay,
} from '../../src/domain/stayWords.ts'
import { createTranslator, type Language } from '../../src/domain/translator.ts'
import { formattersFor } from '../../src/ui/common/format.ts'

const words = (language: Language) => ({
  t: createTranslator(language, language === 'ar' ? ar : en, en),
  format: formattersFor(language),
})

const LUCAS: WordedStay = {
  guestName: 'Lucas Martin',
  start: '2026-12-12',
  end: '2026-12-15',
  platform: 'Airbnb',
  kind: 'booking',
  status: 'Confirmed',
}

/** Booking.com's export of a sale, as the domain classifies it. */
const sale = adapterOf('Booking.com').readSummary('CLOSED - Not available', { echo: false })
const BOOKING_COM_SALE: WordedStay = { ...LUCAS, ...sale, platform: 'Booking.com' }

const where = { platformName: 'Airbnb', propertyName: 'Dunes Villa' }

describe("a notice's words", () => {
  it('names a new booking by its guest, nights, check-in, platform and property', () => {
    const { t, format } = words('en')
    expect(noticeTitle(t, format, { ...where, kind: 'new', stay: LUCAS })).toBe(
      'New booking: Lucas Martin, 3 nights from 12 Dec 2026 · Airbnb · Dunes Villa',
    )
    expect(noticeTitle(t, format, { ...where, kind: 'new', stay: LUCAS, restored: true })).toBe(
      'Booking back: Lucas Martin, 3 nights from 12 Dec 2026 · Airbnb · Dunes Villa',
    )
    expect(
      noticeTitle(t, format, { ...where, kind: 'cancelled', stay: { ...LUCAS, end: '2026-12-13' } }),
    ).toBe('Cancelled: Lucas Martin, 1 night from 12 Dec 2026 · Airbnb · Dunes Villa')
  })

  it('says the same in Arabic, with Arabic figures', () => {
    const { t, format } = words('ar')
    expect(noticeTitle(t, format, { ...where, kind: 'new', stay: LUCAS })).toBe(
      'حجز جديد: Lucas Martin، ٣ ليالٍ من ١٢\u200f/١٢\u200f/٢٠٢٦، Airbnb، Dunes Villa',
    )
    expect(noticeTitle(t, format, { ...where, kind: 'changed', stay: LUCAS })).toBe(
      'تغيّرت التواريخ: Lucas Martin، ٣ ليالٍ من ١٢\u200f/١٢\u200f/٢٠٢٦، Airbnb، Dunes Villa',
    )
  })

  it('names a Booking.com sale as the closure its export writes, its platform once', () => {
    expect(isClosureSale(BOOKING_COM_SALE)).toBe(true)
    const en = words('en')
    const notice = { ...where, platformName: 'Booking.com', kind: 'new', stay: BOOKING_COM_SALE } as const
    expect(noticeTitle(en.t, en.format, notice)).toBe(
      'New booking: Booking.com closed 12\u2009–\u200914 Dec 2026 · Dunes Villa',
    )
    expect(stayName(en.t, BOOKING_COM_SALE)).toBe('Booking.com reservation')
    const ar = words('ar')
    expect(noticeTitle(ar.t, ar.format, notice)).toBe(
      `حجز جديد: أغلق Booking.com الليالي ${ar.format.dateRange('2026-12-12', '2026-12-14')}، Dunes Villa`,
    )
    expect(stayName(ar.t, BOOKING_COM_SALE)).toBe('حجز على Booking.com')
  })

  it('takes a host’s own closure, an echo and an older notice without a status for what they are', () => {
    const { t, format } = words('en')
    const closed = adapterOf('Booking.com').readSummary('CLOSED - Not available', { echo: true })
    const block: WordedStay = { ...LUCAS, ...closed, platform: 'Booking.com' }
    expect(isClosureSale(block)).toBe(false)
    expect(stayPhrase(t, format, block)).toBe('Blocked, 3 nights from 12 Dec 2026')
    const { status: _status, ...older } = BOOKING_COM_SALE
    expect(stayPhrase(t, format, older)).toBe('Unknown guest, 3 nights from 12 Dec 2026')
  })

  it('names a platform’s rule as the rule, never as a guest', () => {
    const { t } = words('en')
    const rule: WordedStay = { ...LUCAS, guestName: 'Blocked', kind: 'block', rule: 'notice' }
    expect(stayName(t, rule)).toBe('Airbnb notice period')
    expect(stayName(words('ar').t, rule)).toBe('فترة الإشعار المسبق في Airbnb')
  })

  it('names a double booking by its property and shared nights, an unstable link by its platform', () => {
    for (const [language, conflict, unstable] of [
      [
        'en',
        'Double booking: Dunes Villa · 12\u2009–\u200913 Dec 2026',
        'Calendar keeps changing: Airbnb · Dunes Villa',
      ],
      ['ar', 'حجز مزدوج: Dunes Villa، ', 'التقويم يتغيّر باستمرار: Airbnb، Dunes Villa'],
    ] as const) {
      const { t, format } = words(language)
      const nights = { start: '2026-12-12', end: '2026-12-14' }
      expect(noticeTitle(t, format, { ...where, kind: 'conflict', nights })).toBe(
        conflict + (language === 'ar' ? format.dateRange('2026-12-12', '2026-12-13') : ''),
      )
      expect(noticeTitle(t, format, { ...where, kind: 'unstable' })).toBe(unstable)
    }
  })
})
