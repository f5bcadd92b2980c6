import { DEFAULT_LABEL, type BookingKind } from './bookings.ts'
import type { Translate } from './translator.ts'

/**
 * Whether a feed named the guest. The summary rule's "Blocked" default is kept in the data (statistics and
 * conflicts read it), so it is not a name: Airbnb's bare "Reserved" carries it too.
 */
export function namesGuest(guestName: string): boolean {
  const name = guestName.trim()
  return name !== '' && name !== DEFAULT_LABEL
}

/**
 * Who a stay is for, wherever it is shown (calendar, dashboard, notifications, e-mails): the name
 * the feed gives, else "Blocked" for a block and "Unknown guest" for a sale. An unnamed
 * reservation must never read "Blocked", which would make it look like a closed night.
 */
export function guestLabel(t: Translate, stay: { guestName: string; kind: BookingKind }): string {
  if (namesGuest(stay.guestName)) return stay.guestName.trim()
  return stay.kind === 'block' ? t('calendar.blocked') : t('calendar.unknownGuest')
}
