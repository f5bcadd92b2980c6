import { judgeAirbnbFeed, withEvidence } from '../airbnbRules.ts'
import type { PlatformAdapter } from './adapter.ts'
import { plainAdapter } from './plain.ts'

/** Airbnb's export of a listing: `https://www.airbnb.<tld>/calendar/ical/<listing id>.ics?s=…`. */
const EXPORT_HOST = /^(www\.)?airbnb(\.[a-z]{2,3}){1,2}$/
const EXPORT_PATH = /^\/calendar\/ical\/(\d+)\.ics$/

/** The listing's calendar on Airbnb, from its export address (docs/decisions.md, "Imports measured"). */
function airbnbCalendarPage(feedUrl: string): string | null {
  let url: URL
  try {
    url = new URL(feedUrl)
  } catch {
    return null
  }
  const listing = EXPORT_HOST.test(url.hostname) ? EXPORT_PATH.exec(url.pathname)?.[1] : undefined
  return listing ? `https://www.airbnb.com/multicalendar/${listing}` : null
}

/**
 * Airbnb writes its notice, booking window and preparation time as "Airbnb (Not available)"
 * nights; `src/domain/airbnbRules.ts` tells them from the host's closures. Its summaries read
 * as the shared rule says.
 */
export const airbnbAdapter: PlatformAdapter = {
  readSummary: plainAdapter.readSummary,
  rules: { judge: judgeAirbnbFeed, keep: withEvidence },
  calendarPage: airbnbCalendarPage,
}
