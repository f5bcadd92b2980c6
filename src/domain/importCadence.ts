export type DurationPart = { unit: 'days' | 'hours' | 'minutes'; count: number }

/**
 * A span of whole minutes in the two units a host compares at a glance: hours and minutes under a
 * day ("1 h 52 min"), days and hours from a day on ("3 d 4 h"), so an import 1 h 52 min ago
 * against one usually every 2 h reads as not yet due (docs/decisions.md, "Imports measured").
 * Parts that are zero are left out; a span under a minute has none.
 */
export function durationParts(totalMinutes: number): DurationPart[] {
  const minutes = Math.max(0, Math.floor(totalMinutes))
  const DAY = 24 * 60
  const parts: DurationPart[] =
    minutes < DAY
      ? [
          { unit: 'hours', count: Math.floor(minutes / 60) },
          { unit: 'minutes', count: minutes % 60 },
        ]
      : [
          { unit: 'days', count: Math.floor(minutes / DAY) },
          { unit: 'hours', count: Math.floor((minutes % DAY) / 60) },
        ]
  return parts.filter((part) => part.count > 0)
}

/** The platforms whose import screen Manzil can describe; any other gets the general steps. */
const HOW_TO_KEYS: Record<string, string> = {
  Airbnb: 'airbnb',
  'Booking.com': 'booking',
  Vrbo: 'vrbo',
  Gathern: 'gathern',
}

/** Which steps tell a host how to paste an availability link into `platformName`. */
export const importHowToKey = (platformName: string) => HOW_TO_KEYS[platformName] ?? 'generic'
