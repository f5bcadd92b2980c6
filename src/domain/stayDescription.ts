import { multiLine } from './plainText.ts'
import { isPlatformHost } from './platforms.ts'

/**
 * What a platform's DESCRIPTION says of a stay that the details show (docs/product.md §2.14).
 * `reservationUrl` is only ever an http(s) address on the platform's own host; `text` is everything
 * else the description said, as plain text.
 */
export type StayDescription = {
  reservationUrl: string | null
  reservationCode: string | null
  phoneLast4: string | null
  text: string
}

// Feeds are hostile: a description is read no further than this, and its text is cut to TEXT_MAX.
const READ_MAX = 4000
const TEXT_MAX = 600

// Airbnb: "Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMQ4XK2Z9P" and
// "Phone Number (Last 4 Digits): 4821", one a line.
const RESERVATION_URL_LINE = /^reservation\s+url\s*:\s*(\S*)/i
const PHONE_LINE = /^phone\s+number\s*\(\s*last\s+4\s+digits\s*\)\s*:\s*(\S*)/i
const PHONE_LAST_4 = /^\d{4}$/
// Vrbo: "… Reservation HA-7Q2M9X through vrbo.com."; others "Reservation ID: 123456789". Read
// in a line whose runs of white space are single spaces, so that each gap is one optional space:
// with `\s*[:#]?\s*` a long run of spaces is split every way before the match fails, in time
// that grows with the square of its length.
const RESERVATION_CODE = /\breservation(?: (?:id|code|number|no\.?))? ?[:#]? ?([A-Z0-9][A-Z0-9-]{3,23})\b/i
const WHITE_SPACE_RUN = /\s+/g
const CODE = /^(?=.*\d)[A-Z0-9][A-Z0-9-]{3,23}$/i
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+/gi
// Characters that would reorder what is shown: bidi marks, overrides and isolates.
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g

/** The address as a link to the platform's own page, or null: no other scheme, host, port or login. */
export function platformLink(address: string, platform: string): string | null {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return null
  }
  const safe =
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    isPlatformHost(url.hostname, platform)
  return safe ? url.href : null
}

/** A reservation code as the link names it (Airbnb's `/reservations/details/HMQ4XK2Z9P`). */
function codeOfLink(link: string): string | null {
  const last = new URL(link).pathname
    .split('/')
    .filter((segment) => segment !== '')
    .at(-1)
  return last && CODE.test(last) ? last : null
}

/**
 * A feed's line breaks, however they came (CRLF, CR, U+2028 and the rest of multiLine's, and the
 * `\n` a feed escaped twice), without control characters or bidi controls. Escaped commas and
 * semicolons lose their backslash the same way.
 */
const lines = (description: string) =>
  multiLine(
    description
      .slice(0, READ_MAX)
      .replace(/\\n/gi, '\n')
      .replace(/\\([,;\\])/g, '$1'),
  )
    .replace(BIDI_CONTROLS, '')
    .split('\n')
    .map((line) => line.trim())

/**
 * The reservation link and code and the phone's last 4 digits a platform's DESCRIPTION
 * gives, and the rest of it as text. A link is kept only when it is http(s) on `platform`'s own
 * host (any other stays in the text, never a link); a phone only as exactly four digits.
 */
export function parseStayDescription(description: string, platform: string): StayDescription {
  let reservationUrl: string | null = null
  let reservationCode: string | null = null
  let phoneLast4: string | null = null
  const rest: string[] = []
  for (const line of lines(description)) {
    if (line === '') continue
    const phone = PHONE_LINE.exec(line)?.[1] ?? ''
    if (PHONE_LAST_4.test(phone)) {
      phoneLast4 ??= phone
      continue
    }
    const urlLine = RESERVATION_URL_LINE.exec(line)
    const link = urlLine
      ? platformLink(urlLine[1] ?? '', platform)
      : (line.match(URL_IN_TEXT) ?? []).map((found) => platformLink(found, platform)).find(Boolean)
    if (link) reservationUrl ??= link
    // The link's own line says nothing more; any other line is kept as text.
    if (link && (urlLine || line === link)) continue
    rest.push(line)
    const code = urlLine ? undefined : RESERVATION_CODE.exec(line.replace(WHITE_SPACE_RUN, ' '))?.[1]
    if (code && CODE.test(code)) reservationCode ??= code.toUpperCase()
  }
  if (reservationUrl) reservationCode ??= codeOfLink(reservationUrl)
  const text = rest.join('\n')
  return {
    reservationUrl,
    reservationCode,
    phoneLast4,
    text: text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX - 1)}…` : text,
  }
}
