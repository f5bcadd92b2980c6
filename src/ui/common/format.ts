import { intlLocale, type Language } from '../../domain/translator.ts'
import { useI18n } from '../../i18n.tsx'

export const MISSING = '-'

/** A missing name, address, phone or e-mail shows "-". */
export const orMissing = (value: string | null | undefined) => (value?.trim() ? value : MISSING)

/** Date-only text (YYYY-MM-DD) as a UTC midnight, so no time zone moves it by a day. */
const utcDate = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`)

export type Formatters = ReturnType<typeof buildFormatters>

/** Arabic-Indic digits, zero to nine: the ones Intl writes for Arabic (ar-SA). */
const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩'

/** Made on first use and kept: an Intl formatter costs milliseconds to build on a phone. */
function once<T>(make: () => T): () => T {
  let made: T | undefined
  return () => (made ??= make())
}

/**
 * The locale an English reader's dates are written for: the first English one the browser lists
 * (en-US writes the month first, en-GB the day), else en-GB (docs/decisions.md).
 */
function readersEnglish(): string {
  // Node has a navigator too, but a page written there (the build's prerendered screens) has no reader.
  const listed = typeof window === 'undefined' ? [] : (navigator.languages ?? [navigator.language])
  return listed.find((tag) => /^en-/i.test(tag)) ?? 'en-GB'
}

/** The locale of the dates shown in `language`: Arabic's own, or the reader's English. */
const dateLocaleOf = (language: Language) => (language === 'ar' ? intlLocale(language) : readersEnglish())

/** Every number, amount, rate and date the interface shows, in the reader's language. */
function buildFormatters(language: Language, dateLocale: string) {
  const locale = intlLocale(language)
  const readersDigits =
    language === 'ar'
      ? (text: string) => text.replace(/[0-9]/g, (digit) => ARABIC_DIGITS[Number(digit)]!)
      : (text: string) => text
  const integer = once(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }))
  const compact = once(() => new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }))
  // "SAR 1,200" in English, "١٬٢٠٠ ر.س." in Arabic; halalas only when there are some.
  const sarWith = (fractionDigits: number) =>
    once(
      () =>
        new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: 'SAR',
          currencyDisplay: language === 'ar' ? 'symbol' : 'code',
          minimumFractionDigits: fractionDigits,
          maximumFractionDigits: fractionDigits,
        }),
    )
  const wholeSar = sarWith(0)
  const sarWithHalalas = sarWith(2)
  const rate = once(() => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }))
  const signedRate = once(
    () =>
      new Intl.NumberFormat(locale, {
        style: 'percent',
        maximumFractionDigits: 1,
        signDisplay: 'exceptZero',
      }),
  )
  const signedInteger = once(() => new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' }))
  const list = once(() => new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }))
  const day = once(() => new Intl.DateTimeFormat(dateLocale, { dateStyle: 'medium', timeZone: 'UTC' }))
  const fullDay = once(() => new Intl.DateTimeFormat(dateLocale, { dateStyle: 'full', timeZone: 'UTC' }))
  const moment = once(() => new Intl.DateTimeFormat(dateLocale, { dateStyle: 'medium', timeStyle: 'short' }))
  const shortMonth = once(() => new Intl.DateTimeFormat(dateLocale, { month: 'short', timeZone: 'UTC' }))
  const year = once(() => new Intl.DateTimeFormat(dateLocale, { year: 'numeric', timeZone: 'UTC' }))
  const monthYear = once(
    () => new Intl.DateTimeFormat(dateLocale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  )
  const otherNumericDate = once(
    () =>
      new Intl.DateTimeFormat(dateLocale, {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        timeZone: 'UTC',
      }),
  )
  return {
    number: (value: number) => integer().format(value),
    signedNumber: (value: number) => signedInteger().format(value),
    compactNumber: (value: number) => compact().format(value),
    /** Amounts are always SAR, written "SAR 1,200" (docs/product.md §1.3). */
    sar: (value: number) => (Number.isInteger(value) ? wholeSar : sarWithHalalas)().format(value),
    /** A percentage given as 0–100. */
    percent: (value: number) => rate().format(value / 100),
    signedPercent: (value: number) => signedRate().format(value / 100),
    list: (items: readonly string[]) => list().format(items),
    /** A stay date (YYYY-MM-DD) as "12 Mar 2026". */
    date: (date: string) => day().format(utcDate(date)),
    /** A day named in full, as a date picker's day reads: "Sunday, 29 November 2026". */
    fullDate: (date: string) => fullDay().format(utcDate(date)),
    /** A period of days, both included, as "1–31 Mar 2026". */
    dateRange: (start: string, end: string) => day().formatRange(utcDate(start), utcDate(end)),
    /**
     * The statistics pickers show day/month/year the en-GB way ("05/03/2026"), in Arabic too in
     * the reader's digits like every other figure ("٠٥/٠٣/٢٠٢٦"); another English reader's own
     * way ("03/05/2026" in en-US). en-GB's and Arabic's not by Intl: the dashboard's first render
     * would build a date formatter for it alone, a sixth of that render on a phone.
     */
    numericDate: (date: string) =>
      dateLocale === 'en-GB' || language === 'ar'
        ? readersDigits(`${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`)
        : otherNumericDate().format(utcDate(date)),
    /** A time of day "HH:MM", 24-hour, in the reader's digits. */
    clockTime: (time: string) => readersDigits(time),
    /** A moment (ISO timestamp) in the reader's time zone. */
    dateTime: (iso: string) => moment().format(new Date(iso)),
    /** "YYYY-MM" as "Mar", "March 2026" and "2026". */
    shortMonth: (month: string) => shortMonth().format(utcDate(`${month}-01`)),
    monthYear: (month: string) => monthYear().format(utcDate(`${month}-01`)),
    year: (month: string) => year().format(utcDate(`${month}-01`)),
  }
}

const formatters = new Map<string, Formatters>()

/** The formatters of `language`, one set per language (and English dates' locale) for the whole page. */
export function formattersFor(language: Language): Formatters {
  const dateLocale = dateLocaleOf(language)
  const key = `${language} ${dateLocale}`
  let made = formatters.get(key)
  if (!made) {
    made = buildFormatters(language, dateLocale)
    formatters.set(key, made)
  }
  return made
}

export function useFormat(): Formatters {
  const { language } = useI18n()
  return formattersFor(language)
}
