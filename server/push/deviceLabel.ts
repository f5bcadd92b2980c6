import { userAgentFamily } from '../imports/userAgentFamily.ts'

/**
 * Browsers whose User-Agent names another product first (Edge and Opera name Chrome too, and
 * Chrome on iOS is Safari underneath): the token that says who they are, and their name.
 */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|OPT|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFxiOS\//, 'Firefox'],
  [/\bCriOS\//, 'Chrome'],
  [/\bFirefox\//, 'Firefox'],
  [/\b(Chrome|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

/** Systems in the order a User-Agent's comment is read: Android says Linux too, iOS says Mac OS X. */
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

/** A device as the settings name it: its browser and its system ("" where not told). */
export type DeviceNames = { browser: string; os: string }

/**
 * The browser and system a User-Agent names, for a device's label ("Chrome" on "Android"); any
 * other product by its family (server/imports/userAgentFamily.ts).
 */
export function deviceNames(userAgent: string | undefined): DeviceNames {
  const text = (userAgent ?? '').slice(0, 1000)
  const browser = BROWSERS.find(([pattern]) => pattern.test(text))?.[1] ?? userAgentFamily(text)
  const os = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1] ?? ''
  return { browser, os }
}
