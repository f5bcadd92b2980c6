import { classifySummary, stayIdOfUid, type Booking } from '../../domain/bookings.ts'
import { MANUAL_PLATFORM } from '../../domain/manualStays.ts'
import { detectPlatform } from '../../domain/platforms.ts'
import type { FeedEvent } from './calendarFeed.ts'

/**
 * A feed's events as the calendar's bookings. Apart from the reader (calendarFeed.ts), so that
 * the screens hold these rules without the iCalendar parser, which loads after their first paint.
 */

/** A booking before the palette gives it its colour. */
export type FeedBooking = Omit<Booking, 'color'>

export type PropertyRef = { id: string; name: string }

/**
 * The export feed's own fields win (platform, status, guest, the server's
 * kind); otherwise the summary's " - " rule, and the platform from the event's text, then from
 * the whole feed's. Conflicts are the server's to decide (X-MANZIL-CONFLICT), as are echoes. A
 * manual stay (X-MANZIL-PLATFORM:Manual) keeps its note (DESCRIPTION), and an empty guest stays
 * empty on a booking (shown as "Unknown guest", and edited as no name).
 */
export function toBookings(events: FeedEvent[], property: PropertyRef, feed: string): FeedBooking[] {
  const feedPlatform = detectPlatform(feed, '')
  return events.map((event) => toBooking(event, property, feedPlatform))
}

/**
 * The stays of the feed of all of a host's properties (GET /api/property/calendar), each of the
 * listed property its event names; one of a property not listed (deleted since) is left out.
 */
export function toPortfolioBookings(events: FeedEvent[], properties: readonly PropertyRef[]): FeedBooking[] {
  const byId = new Map(properties.map((property) => [property.id, property]))
  return events.flatMap((event) => {
    const property = byId.get(event.propertyId ?? '')
    // Every event of Manzil's own feed names its platform; the feed's text has none to add.
    return property ? [toBooking(event, property, '')] : []
  })
}

function toBooking(event: FeedEvent, property: PropertyRef, feedPlatform: string): FeedBooking {
  const classified = classifySummary(event.summary)
  const kind = event.kind ?? classified.kind
  const manual = event.platform === MANUAL_PLATFORM
  const guestName = event.guestName?.trim()
    ? event.guestName
    : manual && kind === 'booking'
      ? ''
      : classified.guestName
  return {
    uid: event.uid,
    stayId: stayIdOfUid(event.uid),
    manual,
    echo: event.echo,
    echoRuns: event.echoRuns,
    note: manual && event.description.trim() ? event.description : null,
    propertyId: property.id,
    propertyName: property.name,
    guestName,
    start: event.start,
    end: event.end,
    status: event.status ?? classified.status,
    platform:
      event.platform ?? detectPlatform(`${event.uid} ${event.description} ${event.location}`, feedPlatform),
    kind,
    conflict: event.conflict,
    feedWarning: event.warning ?? null,
    nightlyPrice: event.nightlyPrice ?? null,
    calendarId: event.calendarId ?? null,
    description: event.description,
    rule: event.rule,
  }
}
