import { offsetAt } from '../../src/domain/timeZones.ts'
import type { JCalComponent } from '../calendar/ics.ts'

const DAY_MS = 86_400_000
const MINUTE_MS = 60_000

/** "+03:00" for three hours ahead of UTC, as jCal writes a UTC offset. */
function offsetText(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / MINUTE_MS)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${offsetMs < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
}

/** A jCal local date-time: the wall clock of `zone` at an instant, read with `offsetMs`. */
function localDateTime(instant: number, offsetMs: number): string {
  return new Date(instant + offsetMs).toISOString().slice(0, 19)
}

/** The first minute at which the offset of `zone` is no longer the one at `from`. */
function changeBetween(zone: string, from: number, to: number): number {
  const before = offsetAt(zone, from)
  let [low, high] = [from, to]
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS
    if (offsetAt(zone, middle) === before) low = middle
    else high = middle
  }
  return high
}

/**
 * A VTIMEZONE for `zone` written from what Intl knows of it between `from` and `to` (docs/decisions.md,
 * "A cleaner's link"): the offset in force at `from`, then each change, one observance apiece, so
 * that a reader without the IANA database reads the feed's local times right; readers that know
 * the zone's name use their own rules.
 */
export function vtimezoneOf(zone: string, from: number, to: number): JCalComponent {
  const first = offsetAt(zone, from)
  const observances: JCalComponent[] = [observance('standard', from, first, first)]
  let previous = first
  for (let day = from; day < to; day += DAY_MS) {
    if (offsetAt(zone, day + DAY_MS) === previous) continue
    const at = changeBetween(zone, day, day + DAY_MS)
    const next = offsetAt(zone, at)
    observances.push(observance(next > previous ? 'daylight' : 'standard', at, previous, next))
    previous = next
  }
  return ['vtimezone', [['tzid', {}, 'text', zone]], observances]
}

function observance(kind: 'standard' | 'daylight', at: number, from: number, to: number): JCalComponent {
  return [
    kind,
    [
      ['dtstart', {}, 'date-time', localDateTime(at, from)],
      ['tzoffsetfrom', {}, 'utc-offset', offsetText(from)],
      ['tzoffsetto', {}, 'utc-offset', offsetText(to)],
    ],
    [],
  ]
}
