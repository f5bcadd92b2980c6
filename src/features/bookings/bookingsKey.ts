/**
 * The react-query key under which every stay read is kept (the calendar's windows, the stay lists'
 * pages, a link's stays; src/features/bookings/bookingKeys.ts): what refreshes them all. Its own
 * module, so that the shell, which only invalidates it, holds none of the queries.
 */
export const BOOKINGS_KEY = ['bookings'] as const
