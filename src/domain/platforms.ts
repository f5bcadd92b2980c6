/**
 * The booking platforms a host can link (docs/product.md §3.3); `domain` is how their feeds are
 * recognised.
 */
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

/** Each platform's own domains: its domain and its feed marks ("Other" has none). */
const PLATFORM_DOMAINS = PLATFORMS.flatMap(({ name, domain }) => {
  const domains = [domain, ...(FEED_MARKS[name] ?? [])].filter(Boolean)
  return domains.length === 0 ? [] : [{ name, domains }]
})

// Airbnb serves its hosts from a country domain as often as from airbnb.com (airbnb.com.co,
// airbnb.co.uk, airbnb.ae).
const REGIONAL_HOSTS: Readonly<Record<string, RegExp>> = {
  Airbnb: /^(?:[a-z0-9-]+\.)*airbnb\.(?:[a-z]{2}|com\.[a-z]{2}|co\.[a-z]{2})$/,
}

/**
 * Whether `host` is the platform's own: one of its domains (a feed mark's included), a subdomain
 * of one (`admin.booking.com`, `ical.booking.com`), or a country domain of it.
 */
export function isPlatformHost(host: string, platform: string): boolean {
  // A fully qualified `airbnb.com.` is the same host.
  const lower = host.toLowerCase().replace(/\.$/, '')
  const domains = PLATFORM_DOMAINS.find(({ name }) => name === platform)?.domains ?? []
  return (
    domains.some((domain) => lower === domain || lower.endsWith(`.${domain}`)) ||
    (REGIONAL_HOSTS[platform]?.test(lower) ?? false)
  )
}

/** The known platform whose own host `host` is, or null (a channel manager, a CDN, Google…). */
export const platformOfHost = (host: string): PlatformName | null =>
  PLATFORMS.find(({ name }) => isPlatformHost(host, name))?.name ?? null

/**
 * Each platform's domains and feed marks as whole domains: `admin.booking.com` and
 * `booking.com/hotel` name Booking.com, `mybooking.com` and `booking.company` do not.
 */
const MENTIONS = PLATFORM_DOMAINS.map(({ name, domains }) => {
  const alternatives = domains.map((domain) => domain.replaceAll('.', '\\.')).join('|')
  return { name, pattern: new RegExp(`(?<![a-z0-9-])(?:${alternatives})(?![a-z0-9-])`) }
})

/**
 * The platform the calendar was linked as when the text names it (a Booking.com
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
