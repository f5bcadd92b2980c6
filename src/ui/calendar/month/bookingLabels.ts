import type { Booking } from '../../../domain/bookings.ts'
import { guestLabel, namesGuest } from '../../../domain/stayLabels.ts'
import type { Translate } from '../../../domain/translator.ts'

/**
 * The statuses platforms write in their feeds, by their lower-case spelling, and the key each is
 * shown under. A status not listed is shown as it came.
 */
const KNOWN_STATUSES: Readonly<Record<string, string>> = {
  reserved: 'reserved',
  booked: 'booked',
  confirmed: 'confirmed',
  'not available': 'notAvailable',
  unavailable: 'notAvailable',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  tentative: 'tentative',
  pending: 'pending',
  blocked: 'blocked',
}

/** A feed's status in the reader's language when it is a known one, else as the feed wrote it. */
export function statusLabel(t: Translate, status: string) {
  const text = status.trim()
  const key = KNOWN_STATUSES[text.toLowerCase().replace(/\s+/g, ' ')]
  return key ? t(`calendar.statuses.${key}`) : text || t('calendar.pending')
}

/**
 * The fallbacks: "Unknown property", "Unknown guest", status "Pending", platform "Manual";
 * a block's guest reads "Blocked" in the reader's language, and so do a manual stay's platform
 * and status ("Manual", "Booked" or "Blocked"). A platform's own rule is neither a
 * guest nor a block: it reads as the rule ("Airbnb booking window"), its status "Platform rule".
 */
export function bookingLabels(t: Translate, booking: Booking) {
  const manualStatus = booking.kind === 'block' ? t('calendar.blocked') : t('manualStay.booked')
  const platform = booking.manual ? t('calendar.manual') : booking.platform.trim() || t('calendar.manual')
  const rule = booking.rule && t(`calendar.platformRules.${booking.rule}`, { platform })
  return {
    property: booking.propertyName.trim() || t('calendar.unknownProperty'),
    guest: rule || guestLabel(t, booking),
    status: rule
      ? t('calendar.platformRule')
      : booking.manual
        ? manualStatus
        : statusLabel(t, booking.status),
    platform,
  }
}

/**
 * What a stay's bar says. The guest's name when the feed gives one; otherwise what the
 * stay is, in the reader's language: "Reservation" for a sale whose guest is not named (Airbnb's
 * "Reserved"), "Not available" for a Booking.com closure taken as a sale, "Blocked" for a block,
 * and the rule for a platform's own rule ("Airbnb notice period"). Never "Blocked (Reserved)": a
 * reservation must not read like a closed night.
 */
export function stayTitle(t: Translate, booking: Booking) {
  if (booking.rule) return bookingLabels(t, booking).guest
  if (namesGuest(booking.guestName) || booking.kind === 'block' || booking.manual)
    return guestLabel(t, booking)
  const status = booking.status.trim().toLowerCase()
  return status === 'not available' ? t('calendar.statuses.notAvailable') : t('calendar.reservation')
}
