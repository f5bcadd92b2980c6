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
