/**
 * How often a platform imports a link, in the one unit a host reads at a glance: under an hour
 * in minutes, under a day in whole hours, else in whole days; never zero (docs/decisions.md,
 * "Imports measured").
 */
export function importCadence(medianMinutes: number): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  if (medianMinutes < 60) return { unit: 'minutes', count: Math.max(1, Math.round(medianMinutes)) }
  if (medianMinutes < 24 * 60) return { unit: 'hours', count: Math.round(medianMinutes / 60) }
  return { unit: 'days', count: Math.round(medianMinutes / (24 * 60)) }
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
