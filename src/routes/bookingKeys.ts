/**
 * The react-query key of every property's bookings (`[...BOOKINGS_KEY, propertyId]`). Its own
 * module so that the shell, which only invalidates it, does not load the calendar's code.
 */
export const BOOKINGS_KEY = ['bookings'] as const
