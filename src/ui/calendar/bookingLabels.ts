import { DEFAULT_LABEL, type Booking } from '../../domain/bookings.ts'
import type { Translate } from '../../domain/translator.ts'

/**
 * The statuses platforms write in their feeds, by their lower-case spelling, and the key each is
 * shown under (issue 15). A status not listed is shown as it came.
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
 * SPEC 2 fallbacks: "Unknown property", "Unknown guest", status "Pending", platform "Manual";
 * SPEC 4's default label "Blocked" is shown in the reader's language, and so are a manual stay's
 * platform and status (issue 13: "Manual", "Booked" or "Blocked").
 */
export function bookingLabels(t: Translate, booking: Booking) {
  const label = (value: string, fallbackKey: string) =>
    value === DEFAULT_LABEL ? t('calendar.blocked') : value.trim() || t(fallbackKey)
  const manualStatus = booking.kind === 'block' ? t('calendar.blocked') : t('manualStay.booked')
  return {
    property: booking.propertyName.trim() || t('calendar.unknownProperty'),
    guest: label(booking.guestName, 'calendar.unknownGuest'),
    status: booking.manual ? manualStatus : statusLabel(t, booking.status),
    platform: booking.manual ? t('calendar.manual') : booking.platform.trim() || t('calendar.manual'),
  }
}
