import ICAL from 'ical.js'
import { isDateOnly, normaliseDate, type DateOnly } from '../../src/domain/dates.ts'
import {
  dayIn,
  dayOfWallTimeIn,
  FALLBACK_TIME_ZONE,
  instantOfWallTime,
  wallTimeIn,
  zoneOfTzid,
  type WallTime,
} from '../../src/domain/timeZones.ts'

/**
 * How the times of one calendar become days: every timed DTSTART/DTEND (UTC, with a TZID, or
 * floating) is dated by the day it is in the property's zone at that moment; a DATE is the day
 * as written. A floating time is read in the calendar's zone (X-WR-TIMEZONE) when it names one
 * Intl knows, else in the property's. A TZID that Intl cannot read (a custom VTIMEZONE, an
 * unknown Windows name) is read in the property's zone: the day as written.
 */
export type Zones = { property: string; floating: string }

export function zonesOf(propertyZone: string, calendarZone: string | null): Zones {
  const property = zoneOfTzid(propertyZone) ?? FALLBACK_TIME_ZONE
  return { property, floating: (calendarZone && zoneOfTzid(calendarZone)) || property }
}

/** The zone a wall time written with `tzid` (none: floating) is read in; see `Zones`. */
const zoneOfWallTimes = (tzid: string | undefined, zones: Zones) =>
  tzid === undefined ? zones.floating : (zoneOfTzid(tzid) ?? zones.property)

// normaliseDate validates through Date, which shows on large feeds; they repeat the same few
// hundred days, so each distinct value is checked once (the bound keeps the memory small).
const knownDays = new Map<string, DateOnly | null>()
export function normalisedDay(value: string): DateOnly | null {
  let day = knownDays.get(value)
  if (day === undefined) {
    if (knownDays.size >= 10_000) knownDays.clear()
    day = normaliseDate(value)
    knownDays.set(value, day)
  }
  return day
}

// Timed feeds repeat the same few check-in and check-out times: each is converted once per zone.
const knownTimes = new Map<string, DateOnly | null>()

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(Z?)$/

/** A jCal date-time ("2026-12-05T15:00:00", "…Z") as its wall time; null: not one. */
function wallTimeOf(value: string): { wall: WallTime; utc: boolean } | null {
  const match = DATE_TIME.exec(value)
  if (!match) return null
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match.slice(1, 7).map(Number)
  return { wall: { year, month, day, hour, minute, second }, utc: match[7] === 'Z' }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** A wall time as jCal writes a date-time, `Z` added for UTC. */
const jCalDateTime = (wall: WallTime, utc: boolean) =>
  `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}${utc ? 'Z' : ''}`

const asUtc = (wall: WallTime) =>
  Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)

const utcWallTime = (instant: number): WallTime => {
  const date = new Date(instant)
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  }
}

/** The day a jCal date-time ("2026-12-05T15:00:00", "…Z") is in the property's zone. */
export function dayOfDateTime(value: string, tzid: string | undefined, zones: Zones): DateOnly | null {
  const key = `${zones.property}\n${zones.floating}\n${tzid ?? ''}\n${value}`
  let day = knownTimes.get(key)
  if (day === undefined) {
    const time = wallTimeOf(value)
    day = time ? timedDay(time.wall, time.utc, tzid, zones) : normalisedDay(value)
    if (knownTimes.size >= 10_000) knownTimes.clear()
    knownTimes.set(key, day)
  }
  return day
}

/** The property's day of a wall time written in UTC, in a TZID, or floating; null: no such day. */
function timedDay(wall: WallTime, utc: boolean, tzid: string | undefined, zones: Zones): DateOnly | null {
  // A day that does not exist (30 February) is refused, as such a DATE is.
  if (!isDateOnly(`${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`)) return null
  if (utc) return dayIn(zones.property, asUtc(wall))
  return dayOfWallTimeIn(wall, zoneOfWallTimes(tzid, zones), zones.property)
}

/** An occurrence of a repeating event, written in its DTSTART's zone (`tzid`), as the property's day. */
export function dayOfTime(time: ICAL.Time, tzid: string | undefined, zones: Zones): DateOnly {
  const written = `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`
  if (time.isDate) return written
  const wall = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.hour,
    minute: time.minute,
    second: time.second,
  }
  const utc = time.zone === ICAL.Timezone.utcTimezone
  return timedDay(wall, utc, utc ? undefined : tzid, zones) ?? written
}

/**
 * The check-out day of a date-time start plus a DURATION: the day its wall clock then shows, in
 * the property's zone, read as a DTEND written in the start's zone would be (a check-in at
 * 15:00 plus PT44H is 11:00 two days on). Null when `start` is not a date-time (a bare date).
 */
export function dayAfterDuration(
  start: string,
  tzid: string | undefined,
  duration: ICAL.Duration,
  zones: Zones,
): DateOnly | null {
  const time = wallTimeOf(start)
  if (!time) return null
  const end = utcWallTime(asUtc(time.wall) + duration.toSeconds() * 1000)
  return dayOfDateTime(jCalDateTime(end, time.utc), tzid, zones)
}

/** How a repeating event's DTSTART writes its times: in UTC, in a TZID, or floating. */
export type TimeForm = { utc: boolean; tzid: string | undefined }

/**
 * A date-time EXDATE (`value`, written with `tzid`) as the same instant written in the form its
 * DTSTART uses. Null: not a date-time.
 */
export function exdateInFormOf(
  value: string,
  tzid: string | undefined,
  start: TimeForm,
  zones: Zones,
): string | null {
  const time = wallTimeOf(value)
  if (!time) return null
  if (time.utc === start.utc && tzid === start.tzid) return value
  const instant = time.utc ? asUtc(time.wall) : instantOfWallTime(time.wall, zoneOfWallTimes(tzid, zones))
  const wall = start.utc ? utcWallTime(instant) : wallTimeIn(zoneOfWallTimes(start.tzid, zones), instant)
  return jCalDateTime(wall, start.utc)
}

/** The form of a jCal date-time; null: not a date-time. */
export function timeFormOf(value: string, tzid: string | undefined): TimeForm | null {
  const time = wallTimeOf(value)
  return time && { utc: time.utc, tzid: time.utc ? undefined : tzid }
}
