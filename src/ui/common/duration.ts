import { durationParts } from '../../domain/importCadence.ts'
import type { Translate } from '../../domain/translator.ts'

/**
 * A span of minutes in the reader's words and digits: "1 h 52 min", "3 d 4 h"; "ساعة و٥٢ دقيقة",
 * "٣ أيام و٤ ساعات" (each unit's plural by Intl.PluralRules, its digits by Intl.NumberFormat, as
 * every number a text names). Empty under a minute: the caller says "just now" or "a minute".
 */
export function formatDuration(t: Translate, minutes: number): string {
  const [first, second] = durationParts(minutes).map(({ unit, count }) => t(`duration.${unit}`, { count }))
  if (first === undefined) return ''
  return second === undefined ? first : t('duration.pair', { first, second })
}

/** How often something usually happens, measured in minutes: at least "1 min", never empty. */
export const formatInterval = (t: Translate, minutes: number) =>
  formatDuration(t, Math.max(1, Math.round(minutes)))
