import type { PlatformAdapter } from './platformAdapters/adapter.ts'
import { airbnbAdapter } from './platformAdapters/airbnb.ts'
import { bookingComAdapter } from './platformAdapters/bookingCom.ts'
import { plainAdapter } from './platformAdapters/plain.ts'
import { isPlatformName, type PlatformName } from './platforms.ts'

/**
 * Every platform's adapter, one entry each: a platform added to PLATFORM_NAMES does not compile
 * until it has one. Vrbo, Gathern, Agoda and Expedia write their closures and reservations in
 * words the shared summary rule reads ("Blocked", "Not available", "Guest - Name"), so theirs is
 * the plain one. Only the server's sync reads feeds through them: the browser reads Manzil's own
 * feed, whose stays carry the kind the sync gave them, so none of this loads with a screen.
 */
const PLATFORM_ADAPTERS: Readonly<Record<PlatformName, PlatformAdapter>> = {
  Airbnb: airbnbAdapter,
  'Booking.com': bookingComAdapter,
  Vrbo: plainAdapter,
  Gathern: plainAdapter,
  Agoda: plainAdapter,
  Expedia: plainAdapter,
  Other: plainAdapter,
}

/** The adapter of `platform`; a name no platform has (a feed's own) has the plain one. */
export const adapterOf = (platform: string): PlatformAdapter =>
  isPlatformName(platform) ? PLATFORM_ADAPTERS[platform] : plainAdapter

/**
 * Where the host closes nights by hand on `platform` for the listing whose export is `feedUrl`:
 * null unless that platform's export address names its listing.
 */
export const calendarPageOf = (platform: string, feedUrl: string): string | null =>
  adapterOf(platform).calendarPage?.(feedUrl) ?? null
