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
 * Each platform's domain and feed marks as whole domains: `admin.booking.com` and
 * `booking.com/hotel` name Booking.com, `mybooking.com` and `booking.company` do not.
 */
const MENTIONS = PLATFORMS.flatMap(({ name, domain }) => {
  const marks = [domain, ...(FEED_MARKS[name] ?? [])].filter(Boolean)
  if (marks.length === 0) return []
  const alternatives = marks.map((mark) => mark.replaceAll('.', '\\.')).join('|')
  return [{ name, pattern: new RegExp(`(?<![a-z0-9-])(?:${alternatives})(?![a-z0-9-])`) }]
})

/**
 * DESIGN 6.7: the platform the calendar was linked as when the text names it (a Booking.com
 * export that mentions airbnb.com in a guest's note is still Booking.com's); otherwise the
 * platform the text names first (the PRODID and UIDs come before any note); the calendar's own
 * platform name when the text names none.
 */
export function detectPlatform(text: string, calendarPlatform: string): string {
  const lower = text.toLowerCase()
  const named = MENTIONS.flatMap(({ name, pattern }) => {
    const at = lower.search(pattern)
    return at < 0 ? [] : [{ name, at }]
  })
  if (named.some(({ name }) => name === calendarPlatform)) return calendarPlatform
  const first = named.reduce<(typeof named)[number] | undefined>(
    (earliest, mention) => (earliest && earliest.at <= mention.at ? earliest : mention),
    undefined,
  )
  return first?.name ?? calendarPlatform
}
