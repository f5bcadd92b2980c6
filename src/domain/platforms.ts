/** The booking platforms a host can link (docs/product.md §3.3), in the order forms list them. */
export const PLATFORM_NAMES = [
  'Airbnb',
  'Booking.com',
  'Vrbo',
  'Gathern',
  'Agoda',
  'Expedia',
  'Other',
] as const
export type PlatformName = (typeof PLATFORM_NAMES)[number]

/** A lettermark drawn in the platform's colours: no third-party image is loaded. */
export type PlatformLogoMark = { letter: string; background: string; accent: string }

/** What Manzil knows of a platform. */
export type PlatformFacts = {
  /** Its own domain: how its links and feeds are recognised ("Other" has none). */
  domain: string
  /**
   * What its feeds may be known by besides the domain: Vrbo's exports still carry
   * `PRODID:-//HomeAway.com, Inc.//EN`, and their UIDs name no domain at all.
   */
  feedMarks: readonly string[]
  /** Two letters on a bar's source chip, telling apart the ones sharing an initial. */
  mark: string
  /** Its mark on the integration page, which offers the four the region books through; else null. */
  logo: PlatformLogoMark | null
}

/**
 * Every platform's facts, one entry each: a platform added to PLATFORM_NAMES does not compile
 * until it has them all. How each one's feeds are read is its adapter's
 * (src/domain/platformAdapters.ts, as strict), kept apart so that the screens that read this
 * table do not load the sync's rules.
 */
export const PLATFORM_FACTS: Readonly<Record<PlatformName, PlatformFacts>> = {
  Airbnb: {
    domain: 'airbnb.com',
    feedMarks: [],
    mark: 'Ab',
    logo: { letter: 'A', background: '#FF385C', accent: '#FFFFFF' },
  },
  'Booking.com': {
    domain: 'booking.com',
    feedMarks: [],
    mark: 'Bk',
    logo: { letter: 'B', background: '#003580', accent: '#35B6F0' },
  },
  Vrbo: {
    domain: 'vrbo.com',
    feedMarks: ['homeaway.com'],
    mark: 'Vr',
    logo: { letter: 'V', background: '#1E3C8C', accent: '#8FB5FF' },
  },
  Gathern: {
    domain: 'gathern.co',
    feedMarks: [],
    mark: 'Gt',
    logo: { letter: 'G', background: '#0E7C66', accent: '#F7C948' },
  },
  Agoda: { domain: 'agoda.com', feedMarks: [], mark: 'Ag', logo: null },
  Expedia: { domain: 'expedia.com', feedMarks: [], mark: 'Ex', logo: null },
  Other: { domain: '', feedMarks: [], mark: 'Ot', logo: null },
}

/** The platforms as the API lists them (docs/product.md §7.4): each name and domain. */
export const PLATFORMS = PLATFORM_NAMES.map((name) => ({ name, domain: PLATFORM_FACTS[name].domain }))
export type Platform = (typeof PLATFORMS)[number]

export const isPlatformName = (value: string): value is PlatformName =>
  (PLATFORM_NAMES as readonly string[]).includes(value)

/** A platform the integration page offers, with its lettermark. */
export type IntegrationPlatform = { name: PlatformName; logo: PlatformLogoMark }

/** The platforms the integration page offers, in their order. */
export const INTEGRATION_PLATFORMS: readonly IntegrationPlatform[] = PLATFORM_NAMES.flatMap((name) => {
  const { logo } = PLATFORM_FACTS[name]
  return logo ? [{ name, logo }] : []
})

/** A platform's two letters; a platform not known (an old stay's, a feed's own name) by its first two. */
export const platformMark = (platform: string) => {
  const name = platform.trim()
  return isPlatformName(name) ? PLATFORM_FACTS[name].mark : name.slice(0, 2)
}

/** Each platform's own domains: its domain and its feed marks ("Other" has none). */
const PLATFORM_DOMAINS = PLATFORM_NAMES.flatMap((name) => {
  const { domain, feedMarks } = PLATFORM_FACTS[name]
  const domains = [domain, ...feedMarks].filter(Boolean)
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
  PLATFORM_NAMES.find((name) => isPlatformHost(host, name)) ?? null

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
