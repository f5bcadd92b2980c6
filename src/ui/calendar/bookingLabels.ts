import { DEFAULT_LABEL, type Booking } from '../../domain/bookings.ts'
import type { Translate } from '../../domain/translator.ts'

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
    status: booking.manual ? manualStatus : label(booking.status, 'calendar.pending'),
    platform: booking.manual ? t('calendar.manual') : booking.platform.trim() || t('calendar.manual'),
  }
}
