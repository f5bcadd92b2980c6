import type { DateOnly } from './dates.ts'

/**
 * Property time zones (docs/product.md §4.9): a property's "today", and the day a timed feed event checks
 * in, are those of the zone the property is in, an IANA name. Pure functions over `Intl`, the
 * same in the browser and on the server, whatever zone the machine itself runs in.
 */

export const FALLBACK_TIME_ZONE = 'UTC'

let supported: Set<string> | undefined
/** The IANA zones this runtime knows, plus UTC (which `Intl.supportedValuesOf` leaves out). */
export function supportedTimeZones(): ReadonlySet<string> {
  supported ??= new Set([FALLBACK_TIME_ZONE, ...Intl.supportedValuesOf('timeZone')])
  return supported
}

const IANA_SHAPE = /^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/

/**
 * Whether `name` is an IANA zone as written: one of `supportedTimeZones()`, or another name of
 * one (a browser may list "Asia/Kolkata" where this runtime lists "Asia/Calcutta"). A known
 * zone in the wrong case ("asia/riyadh") is refused, so what is stored is what IANA spells.
 */
export function isTimeZone(name: string): boolean {
  if (supportedTimeZones().has(name)) return true
  if (!IANA_SHAPE.test(name)) return false
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone
    return supportedTimeZones().has(resolved) && resolved.toLowerCase() !== name.toLowerCase()
  } catch {
    return false
  }
}

/**
 * Windows zone names, as Outlook and Exchange write them in TZID, for the zones of the table
 * above; anything else falls back to the property's zone.
 */
const WINDOWS_ZONES: Record<string, string> = {
  'arab standard time': 'Asia/Riyadh',
  'arabian standard time': 'Asia/Dubai',
  'arabic standard time': 'Asia/Baghdad',
  'egypt standard time': 'Africa/Cairo',
  'jordan standard time': 'Asia/Amman',
  'middle east standard time': 'Asia/Beirut',
  'morocco standard time': 'Africa/Casablanca',
  'w. central africa standard time': 'Africa/Lagos',
  'turkey standard time': 'Europe/Istanbul',
  'gmt standard time': 'Europe/London',
  'greenwich standard time': 'Atlantic/Reykjavik',
  'romance standard time': 'Europe/Paris',
  'w. europe standard time': 'Europe/Berlin',
  'central europe standard time': 'Europe/Budapest',
  'central european standard time': 'Europe/Warsaw',
  'gtb standard time': 'Europe/Bucharest',
  'e. europe standard time': 'Europe/Chisinau',
  'russian standard time': 'Europe/Moscow',
  'pakistan standard time': 'Asia/Karachi',
  'india standard time': 'Asia/Calcutta',
  'se asia standard time': 'Asia/Bangkok',
  'singapore standard time': 'Asia/Singapore',
  'eastern standard time': 'America/New_York',
  'central standard time': 'America/Chicago',
  'mountain standard time': 'America/Denver',
  'pacific standard time': 'America/Los_Angeles',
  utc: FALLBACK_TIME_ZONE,
  'coordinated universal time': FALLBACK_TIME_ZONE,
}

const resolvedZones = new Map<string, string | null>()

/**
 * The zone a feed's TZID names, or null when it names none that Intl knows: an IANA name
 * (aliases and odd case included), a Windows name, or a prefixed one such as Mozilla's
 * "/mozilla.org/20050126_1/Europe/London".
 */
export function zoneOfTzid(tzid: string): string | null {
  let zone = resolvedZones.get(tzid)
  if (zone !== undefined) return zone
  const name = tzid.trim().replace(/^"(.*)"$/, '$1')
  const segments = name.split('/').filter((segment) => segment !== '')
  const candidates = [
    name,
    WINDOWS_ZONES[name.toLowerCase()],
    segments.slice(-3).join('/'),
    segments.slice(-2).join('/'),
  ]
  zone = null
  for (const candidate of candidates) {
    if (!candidate) continue
    try {
      zone = new Intl.DateTimeFormat('en', { timeZone: candidate }).resolvedOptions().timeZone
      break
    } catch {
      // Not a zone Intl knows: try the next reading.
    }
  }
  if (resolvedZones.size >= 1000) resolvedZones.clear()
  resolvedZones.set(tzid, zone)
  return zone
}

const formats = new Map<string, Intl.DateTimeFormat>()

/** A formatter of the wall clock in `zone`, made once per zone (throws on an unknown zone). */
function wallClockIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formats.set(zone, format)
  }
  return format
}

export type WallTime = {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

/** What the clocks in `zone` show at an instant. */
export function wallTimeIn(zone: string, instant: number | Date): WallTime {
  const parts: Record<string, number> = {}
  for (const part of wallClockIn(zone).formatToParts(instant))
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

const dayOfWall = (wall: WallTime): DateOnly => `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`

/** The calendar day it is in `zone` at an instant. */
export const dayIn = (zone: string, instant: number | Date): DateOnly => dayOfWall(wallTimeIn(zone, instant))

/** Today in `zone`: the property's own day, not the machine's. */
export const todayIn = (zone: string, now: Date = new Date()): DateOnly => dayIn(zone, now)

const asUtc = (wall: WallTime) =>
  Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)

/** How far `zone` is ahead of UTC at an instant, in milliseconds (whole seconds). */
export const offsetAt = (zone: string, instant: number) =>
  asUtc(wallTimeIn(zone, instant)) - Math.floor(instant / 1000) * 1000

/**
 * The instant at which the clocks in `zone` show `wall`. A wall time that a spring-forward skips
 * is read with the offset from before the change (02:30 becomes 03:30); one that a fall-back
 * repeats is its first occurrence.
 */
export function instantOfWallTime(wall: WallTime, zone: string): number {
  const asIfUtc = asUtc(wall)
  const before = offsetAt(zone, asIfUtc - 86_400_000)
  const after = offsetAt(zone, asIfUtc + 86_400_000)
  // The earlier offset first, so that a repeated hour is its first occurrence.
  for (const offset of before === after ? [before] : [before, after]) {
    const instant = asIfUtc - offset
    if (asUtc(wallTimeIn(zone, instant)) === asIfUtc) return instant
  }
  return asIfUtc - before
}

/**
 * The day a wall time in `from` falls on in `to`: the check-in day, in the property's zone, of
 * a time a feed wrote in another zone.
 */
export function dayOfWallTimeIn(wall: WallTime, from: string, to: string): DateOnly {
  if (from === to) return dayOfWall(wall)
  return dayIn(to, instantOfWallTime(wall, from))
}

/**
 * Every zone this runtime knows, grouped by region ("Africa", "America", …) for a select, each
 * group sorted; `include` adds zones the list may lack (a stored one). UTC comes first, alone.
 */
export function groupedTimeZones(include: readonly string[] = []): { region: string; zones: string[] }[] {
  const all = new Set([...supportedTimeZones(), ...include.filter((zone) => zone !== '')])
  all.delete(FALLBACK_TIME_ZONE)
  const groups = new Map<string, string[]>()
  for (const zone of [...all].sort()) {
    const region = zone.includes('/') ? zone.slice(0, zone.indexOf('/')) : 'Etc'
    const group = groups.get(region)
    if (group) group.push(zone)
    else groups.set(region, [zone])
  }
  return [
    { region: FALLBACK_TIME_ZONE, zones: [FALLBACK_TIME_ZONE] },
    ...[...groups].map(([region, zones]) => ({ region, zones })),
  ]
}

/**
 * The zone that dates what spans several properties (an owner's dashboard): the one most of
 * them are in, the first listed among equals; null for none.
 */
export function prevailingZone(zones: readonly string[]): string | null {
  const counts = new Map<string, number>()
  for (const zone of zones) counts.set(zone, (counts.get(zone) ?? 0) + 1)
  let best: string | null = null
  for (const [zone, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = zone
  return best
}

export type ZonedProperty = { id: string; timeZone: string }
