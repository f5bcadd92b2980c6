import { useMemo } from 'react'
import { useI18n } from '../../../i18n.tsx'
import { intlLocale, type Language } from '../../../domain/translator.ts'

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
]

/**
 * How long before (negative) or after `now` a moment is, in the largest whole unit: under a minute
 * is "now", so that a clock a few seconds off never reads "in 5 seconds".
 */
export function relativeParts(
  iso: string,
  now: number,
): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const seconds = (Date.parse(iso) - now) / 1000
  const unit = UNITS.find(([, size]) => Math.abs(seconds) >= size)
  return unit ? { value: Math.round(seconds / unit[1]), unit: unit[0] } : { value: 0, unit: 'second' }
}

export function relativeTimeFor(language: Language) {
  const format = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' })
  return (iso: string, now: number) => {
    const { value, unit } = relativeParts(iso, now)
    return format.format(value, unit)
  }
}

/** A moment in relative words in the reader's language: "5 minutes ago", "قبل ٥ دقائق". */
export function useRelativeTime() {
  const { language } = useI18n()
  return useMemo(() => relativeTimeFor(language), [language])
}
