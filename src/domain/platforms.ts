/** The booking platforms a host can link (DESIGN 5); `domain` is how their feeds are recognised. */
export const PLATFORMS = [
  { name: 'Airbnb', domain: 'airbnb.com' },
  { name: 'Booking.com', domain: 'booking.com' },
  { name: 'Vrbo', domain: 'vrbo.com' },
  { name: 'Gathern', domain: 'gathern.co' },
  { name: 'Agoda', domain: 'agoda.com' },
  { name: 'Expedia', domain: 'expedia.com' },
  { name: 'Other', domain: '' },
] as const

export type Platform = (typeof PLATFORMS)[number]
export type PlatformName = Platform['name']

export const PLATFORM_NAMES: readonly string[] = PLATFORMS.map((platform) => platform.name)

export const isPlatformName = (value: string): value is PlatformName => PLATFORM_NAMES.includes(value)

/**
 * What a platform's feed may be known by besides its domain: Vrbo's exports still carry
 * `PRODID:-//HomeAway.com, Inc.//EN`, and their UIDs name no domain at all.
 */
const FEED_MARKS: Record<string, readonly string[]> = { Vrbo: ['homeaway.com'] }

/**
 * DESIGN 6.7: the platform whose domain (or feed mark) the feed text, or its URL, mentions; the
 * calendar's own platform name when the text names none.
 */
export function detectPlatform(text: string, calendarPlatform: string): string {
  const lower = text.toLowerCase()
  const found = PLATFORMS.find(
    (platform) =>
      platform.domain &&
      [platform.domain, ...(FEED_MARKS[platform.name] ?? [])].some((mark) => lower.includes(mark)),
  )
  return found ? found.name : calendarPlatform
}
