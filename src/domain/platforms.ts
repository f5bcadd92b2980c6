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
