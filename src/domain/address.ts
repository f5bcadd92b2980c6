/** Where a property is, as the server stores it; `region` is optional. */
export type AddressParts = { country: string; region: string; city: string; address: string }

export type StoredAddress = { country: string; region?: string | null; city: string; address: string }

/** The commas that separate parts: the Latin one and the Arabic one (،). */
const COMMA = /[,،]/
/** A text's words and its commas, each with where it ends. */
const TOKEN = /[,،]|[^\s,،]+/g

const presentParts = ({ country, region, city, address }: StoredAddress) =>
  [country, region, city, address].map((part) => part?.trim() ?? '').filter((part) => part !== '')

const partsOf = (stored: StoredAddress): AddressParts => ({
  country: stored.country.trim(),
  region: stored.region?.trim() ?? '',
  city: stored.city.trim(),
  address: stored.address.trim(),
})

const sameParts = (a: AddressParts, b: AddressParts) =>
  a.country === b.country && a.region === b.region && a.city === b.city && a.address === b.address

/**
 * The first `count` parts of `text` and the rest. Split on its commas, each part trimmed and the
 * rest keeping its own commas; otherwise on its spaces, one word a part.
 */
function leadingParts(text: string, count: number, onCommas: boolean): { parts: string[]; rest: string } {
  const parts: string[] = []
  if (!onCommas) {
    const words = text.split(/\s+/).filter((word) => word !== '')
    return { parts: words.slice(0, count), rest: words.slice(count).join(' ') }
  }
  let rest = text
  for (let at = rest.search(COMMA); parts.length < count && at >= 0; at = rest.search(COMMA)) {
    parts.push(rest.slice(0, at).trim())
    rest = rest.slice(at + 1)
  }
  if (parts.length < count) return { parts: [...parts, rest.trim()], rest: '' }
  return { parts, rest: rest.trim() }
}

const partsFrom = ([country = '', region = '', city = '']: string[], address: string): AddressParts => ({
  country,
  region,
  city,
  address,
})

/**
 * The address field is one text. Without a comma it is split on spaces (the original rule): the
 * first word is the country, the second the region, the third the city, the rest the address.
 * With one it is split on its commas instead, so that a part may have several words ("Saudi
 * Arabia, Riyadh Region, Riyadh, King Fahd Road 9"): the first three parts in that order, the rest
 * (its own commas kept) the address. Parts are trimmed; missing ones are empty (docs/product.md §5.4).
 */
export function splitAddress(text: string): AddressParts {
  const { parts, rest } = leadingParts(text, 3, COMMA.test(text))
  return partsFrom(parts, rest)
}

/**
 * Stored parts as the field writes them: spaced as the original rule reads them when that reads
 * back as the same parts, else with commas, an empty part kept in its place ("Saudi Arabia, ,
 * Makkah, Ibrahim Khalil 5") so that splitting gives each part back.
 */
function composition(stored: StoredAddress) {
  const parts = partsOf(stored)
  const spaced = presentParts(parts).join(' ')
  if (sameParts(splitAddress(spaced), parts)) return { parts, separator: ' ', text: spaced }
  const listed = [parts.country, parts.region, parts.city, parts.address]
  while (listed.length > 2 && listed.at(-1) === '') listed.pop()
  return { parts, separator: ', ', text: listed.join(', ').trim() }
}

/** The one text the address field shows when a stored property is edited. */
export const joinAddress = (stored: StoredAddress) => composition(stored).text

/**
 * The property card's location: country, region, city and address joined with commas, empty parts
 * skipped.
 */
export const locationLine = (parts: StoredAddress, separator = ', ') => presentParts(parts).join(separator)

/**
 * The parts `text` will be saved as. When editing, the stored country, region and city stay exactly
 * as stored while the text still starts with their words and commas as the field showed them: a
 * changed street number must not re-split them ("Saudi Arabia" is not country "Saudi" and region
 * "Arabia"), whatever the split rule would make of them. What follows them fills the empty parts
 * after the last kept one, then the address, by the split rule of the whole text.
 */
export function addressPartsFor(text: string, stored?: StoredAddress): AddressParts {
  if (!stored) return splitAddress(text)
  const { parts, separator } = composition(stored)
  const head = [parts.country, parts.region, parts.city]
  while (head.length > 0 && head.at(-1) === '') head.pop()
  const headTokens = head.join(separator).match(TOKEN) ?? []
  const tokens = [...text.matchAll(TOKEN)]
  const kept = headTokens.length > 0 && headTokens.every((token, index) => tokens[index]?.[0] === token)
  const last = tokens[headTokens.length - 1]
  if (!kept || !last) return splitAddress(text)
  const after = text.slice(last.index + last[0].length).replace(/^\s*[,،]/, '')
  const filled = leadingParts(after, 3 - head.length, COMMA.test(text))
  return partsFrom([...head, ...filled.parts], filled.rest)
}
