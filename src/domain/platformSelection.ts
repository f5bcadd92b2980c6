/** A platform the host connected, and the link to that platform's calendar export. */
export type PlatformLink = { platformName: string; urlPath: string }

/** Selecting an already-chosen platform does nothing (docs/product.md §5.5). */
export function selectPlatform(links: PlatformLink[], platformName: string): PlatformLink[] {
  if (links.some((link) => link.platformName === platformName)) return links
  return [...links, { platformName, urlPath: '' }]
}

/** Removing a platform also drops its link. */
export const removePlatform = (links: PlatformLink[], platformName: string): PlatformLink[] =>
  links.filter((link) => link.platformName !== platformName)

export const setPlatformLink = (
  links: PlatformLink[],
  platformName: string,
  urlPath: string,
): PlatformLink[] => links.map((link) => (link.platformName === platformName ? { ...link, urlPath } : link))

/** Only a platform whose link holds text is sent; a chosen platform without one is not. */
export const linksToSend = (links: PlatformLink[]): PlatformLink[] =>
  links
    .map((link) => ({ platformName: link.platformName, urlPath: link.urlPath.trim() }))
    .filter((link) => link.urlPath !== '')
