import type { CleanerSchedule, CleanerCleaning } from '../../contract/turnover.ts'
import { addDays, toUtcMs } from '../../src/domain/dates.ts'
import { calendarOf, eventText, type JCalComponent } from '../calendar/ics.ts'
import { translatorFor } from '../i18n.ts'
import type { OpenedLink } from './cleanerLinks.ts'
import { vtimezoneOf } from './vtimezone.ts'

/** How long a cleaning lasts when no guest arrives the same day (docs/product.md §3.9). */
const CLEANING_HOURS = 4
const YEAR_MS = 366 * 86_400_000

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
const pad = (n: number) => String(n).padStart(2, '0')

/**
 * When a cleaning ends, as a wall time at the property: the next check-in when it is that same
 * day and later, else CLEANING_HOURS after the check-out (past midnight, the next day's).
 */
export function cleaningEnd(
  cleaning: Pick<CleanerCleaning, 'date' | 'checkOutTime' | 'sameDay' | 'nextCheckIn'>,
) {
  const start = minutesOf(cleaning.checkOutTime)
  const arrival = cleaning.sameDay && cleaning.nextCheckIn ? minutesOf(cleaning.nextCheckIn.time) : null
  const end = arrival !== null && arrival > start ? arrival : start + CLEANING_HOURS * 60
  return {
    date: addDays(cleaning.date, Math.floor(end / 1440)),
    time: `${pad(Math.floor((end % 1440) / 60))}:${pad(end % 60)}`,
  }
}

const localDateTime = (date: string, time: string) => `${date}T${time}:00`

/**
 * A cleaner's feed (docs/decisions.md, "A cleaner's link"): one timed event per cleaning, in its
 * property's zone with that zone's VTIMEZONE, its UID the stay's own so that a moved cleaning is
 * the same event; where, when and the next check-in, nothing of the guest, platform or price.
 */
export function cleanerFeedText({ link, properties }: OpenedLink, schedule: CleanerSchedule): string {
  const t = translatorFor(link.language)
  const byId = new Map(properties.map((property) => [property.id, property]))
  const around = toUtcMs(schedule.from)
  const zones = [...new Set(properties.map((property) => property.timeZone))].sort()
  const timezones = zones.map((zone) => vtimezoneOf(zone, around - YEAR_MS, around + YEAR_MS))
  const stamp = `${link.created_at.slice(0, 19)}Z`
  const events = schedule.cleanings.map((cleaning): JCalComponent => {
    const property = byId.get(cleaning.propertyId)!
    const tzid = property.timeZone
    const end = cleaningEnd(cleaning)
    return [
      'vevent',
      [
        ['uid', {}, 'text', `${cleaning.stayId}@cleaning.manzil`],
        ['dtstamp', {}, 'date-time', stamp],
        ['dtstart', { tzid }, 'date-time', localDateTime(cleaning.date, cleaning.checkOutTime)],
        ['dtend', { tzid }, 'date-time', localDateTime(end.date, end.time)],
        ['summary', {}, 'text', t('cleanerFeed.summary', { property: cleaning.propertyName })],
        ['location', {}, 'text', property.address],
        ['description', {}, 'text', describe(cleaning, t)],
      ],
      [],
    ]
  })
  return calendarOf([...timezones, ...events], eventText, t('cleanerFeed.calendarName', { name: link.name }))
}

/** The next check-in and the gap before it, in the link's language. */
function describe(cleaning: CleanerCleaning, t: ReturnType<typeof translatorFor>): string {
  if (!cleaning.nextCheckIn) return t('cleanerFeed.noNextCheckIn')
  const next = t('cleanerFeed.nextCheckInAt', {
    date: cleaning.nextCheckIn.date,
    time: cleaning.nextCheckIn.time,
  })
  const gap = cleaning.sameDay
    ? t('cleanerFeed.sameDay')
    : t('cleanerFeed.gap', { count: cleaning.gapNights ?? 0 })
  return `${next}\n${gap}`
}
