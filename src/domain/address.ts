/** Where a property is, as the server stores it; `region` is optional. */
export type AddressParts = { country: string; region: string; city: string; address: string }

export type StoredAddress = { country: string; region?: string | null; city: string; address: string }

const presentParts = ({ country, region, city, address }: StoredAddress) =>
  [country, region, city, address].map((part) => part?.trim() ?? '').filter((part) => part !== '')

/**
 * The address field is one text split on spaces; the first word is the country, the
 * second the region, the third the city, and the rest is the address.
 */
export function splitAddress(text: string): AddressParts {
  const [country = '', region = '', city = '', ...rest] = text.split(/\s+/).filter((word) => word !== '')
  return { country, region, city, address: rest.join(' ') }
}

/** The one text the address field shows when a stored property is edited. */
export const joinAddress = (parts: StoredAddress) => presentParts(parts).join(' ')

/**
 * The property card's location: country, region, city and address joined with commas, empty parts
 * skipped.
 */
export const locationLine = (parts: StoredAddress, separator = ', ') => presentParts(parts).join(separator)

/**
 * The parts `text` will be saved as. While it still reads as the stored address, the stored parts
 * stay: re-splitting "Saudi AlUla" of a property without a region would move the city into it.
 */
export function addressPartsFor(text: string, stored?: StoredAddress): AddressParts {
  if (!stored || text.trim() !== joinAddress(stored)) return splitAddress(text)
  return { country: stored.country, region: stored.region ?? '', city: stored.city, address: stored.address }
}
