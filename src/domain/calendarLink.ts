import { PLATFORMS, platformOfHost, type PlatformName } from './platforms.ts'

/** The longest calendar link kept. */
export const MAX_CALENDAR_LINK_LENGTH = 2048

/** `webcal://` and `webcals://`: Apple's and Google's subscribe buttons, and some platforms, give these. */
const SUBSCRIBE_SCHEME = /^webcals?:\/\//i

/**
 * A pasted calendar link as Manzil fetches it, or null when it is none: an http(s) address with
 * a host, at most 2,048 characters. A webcal link is the same address over https, the scheme
 * only telling a phone to open it in its calendar app.
 */
export function calendarLink(text: string): string | null {
  const trimmed = text.trim()
  const address = trimmed.replace(SUBSCRIBE_SCHEME, 'https://')
  if (address.length > MAX_CALENDAR_LINK_LENGTH) return null
  try {
    const url = new URL(address)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? address : null
  } catch {
    return null
  }
}

/**
 * The other known platform whose link was pasted into `platformName`'s slot, or null. A link on
 * a platform's own host (`www.airbnb.com/calendar/ical/…`) can only be that platform's calendar:
 * kept under Booking.com it would import Airbnb's stays as Booking.com's and leave Booking.com's
 * sales unseen, so the form and the server refuse it. A host no platform owns (a channel
 * manager, Google, a CDN) may serve any platform's feed, and "Other", having no domain, takes any
 * link. Null too for text that is no calendar link: `calendarLink` refuses that first.
 */
export function otherPlatformOfLink(text: string, platformName: string): PlatformName | null {
  const ownsDomains = PLATFORMS.some(({ name, domain }) => name === platformName && domain !== '')
  const address = calendarLink(text)
  if (!ownsDomains || address === null) return null
  const owner = platformOfHost(new URL(address).hostname)
  return owner === platformName ? null : owner
}
