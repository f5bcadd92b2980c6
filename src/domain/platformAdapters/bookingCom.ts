import { CLOSURE_SALE_STATUS, classifySummary, DEFAULT_LABEL } from '../bookings.ts'
import type { PlatformAdapter } from './adapter.ts'

const CLOSED = /^closed\b/i

/**
 * Booking.com writes every reservation in its export as "CLOSED - Not available", the same as a
 * night the host closed. One that is not our own export coming back (an echo) is taken as a sale
 * whose guest the feed does not name: it earns, counts as a booking and is a conflict like one.
 */
export const bookingComAdapter: PlatformAdapter = {
  readSummary: (summary, { echo }) => {
    const classified = classifySummary(summary)
    return classified.kind === 'block' && !echo && CLOSED.test(summary.trim())
      ? { status: CLOSURE_SALE_STATUS, guestName: DEFAULT_LABEL, kind: 'booking' }
      : classified
  },
}
