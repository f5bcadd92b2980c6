import { DEFAULT_LABEL, type Booking } from '../../domain/bookings.ts'
import type { Translate } from '../../domain/translator.ts'

/**
 * SPEC 2 fallbacks: "Unknown property", "Unknown guest", status "Pending", platform "Manual";
 * SPEC 4's default label "Blocked" is shown in the reader's language.
 */
export function bookingLabels(t: Translate, booking: Booking) {
  const label = (value: string, fallbackKey: string) =>
    value === DEFAULT_LABEL ? t('calendar.blocked') : value.trim() || t(fallbackKey)
  return {
    property: booking.propertyName.trim() || t('calendar.unknownProperty'),
    guest: label(booking.guestName, 'calendar.unknownGuest'),
    status: label(booking.status, 'calendar.pending'),
    platform: booking.platform.trim() || t('calendar.manual'),
  }
}
