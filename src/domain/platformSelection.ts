/** A platform the host connected, and the link to that platform's calendar export. */
export type PlatformLink = { platformName: string; urlPath: string }

/** SPEC 5: selecting an already-chosen platform does nothing. */
export function selectPlatform(links: PlatformLink[], platformName: string): PlatformLink[] {
  if (links.some((link) => link.platformName === platformName)) return links
  return [...links, { platformName, urlPath: '' }]
}

/** SPEC 5: removing a platform also drops its link. */
export const removePlatform = (links: PlatformLink[], platformName: string): PlatformLink[] =>
  links.filter((link) => link.platformName !== platformName)

export const setPlatformLink = (
  links: PlatformLink[],
  platformName: string,
  urlPath: string,
): PlatformLink[] => links.map((link) => (link.platformName === platformName ? { ...link, urlPath } : link))

/** SPEC 5: only a platform whose link holds text is sent; a chosen platform without one is not. */
export const linksToSend = (links: PlatformLink[]): PlatformLink[] =>
  links
    .map((link) => ({ platformName: link.platformName, urlPath: link.urlPath.trim() }))
    .filter((link) => link.urlPath !== '')
