/**
 * Products that a browser-compatible User-Agent names for compatibility, not to say who it is:
 * `Mozilla/5.0 (…) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36` is Chrome.
 */
const COMPATIBILITY_PRODUCTS = new Set([
  'Mozilla',
  'AppleWebKit',
  'Gecko',
  'KHTML',
  'Safari',
  'Version',
  'Mobile',
])

/** The longest family kept: a product name, not a sentence. */
const FAMILY_MAX = 60

/** A product token's name: before its version, a comment, or a URL; without a trailing version. */
const nameOf = (token: string) =>
  token
    .split(/[/(;]|\s\+?https?:/)[0]!
    .replace(/(\s+v?\d[\w.-]*)+$/i, '')
    .trim()
    .slice(0, FAMILY_MAX)

/** The product tokens outside comments, in order. */
const productsOf = (userAgent: string) =>
  userAgent
    .replace(/\([^)]*\)?/g, ' ')
    .split(/\s+(?=[^\s/]+\/)/)
    .map(nameOf)
    .filter((name) => name !== '')

/**
 * Who fetched, as a User-Agent's family: its product without version or noise ("Airbnb Calendar
 * Sync/1.0 (+https://www.airbnb.com)" is "Airbnb Calendar Sync"); for a browser-compatible one,
 * the product its comment declares ("Mozilla/5.0 (compatible; Googlebot/2.1; …)" is "Googlebot"),
 * else its first product that is not there for compatibility (Safari names only those: its last);
 * "" for none (docs/decisions.md,
 * "Each platform's measured import interval").
 */
export function userAgentFamily(userAgent: string): string {
  const text = userAgent.trim()
  if (!/^Mozilla\//i.test(text)) return nameOf(text)
  const declared = /\(\s*compatible;\s*([^;)]+)/i.exec(text)?.[1]
  if (declared && nameOf(declared) !== '') return nameOf(declared)
  const products = productsOf(text)
  return products.find((name) => !COMPATIBILITY_PRODUCTS.has(name)) ?? products.at(-1) ?? ''
}
