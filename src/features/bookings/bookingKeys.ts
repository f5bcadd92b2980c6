import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { addMonths, localToday, type DateOnly } from '../../domain/dates.ts'

/**
 * The react-query key of the bookings (`[...BOOKINGS_KEY, from]`), and the query of the screens'
 * feed. Its own module so that the shell, which only invalidates it, and a screen that asks for
 * the feed before it renders, do not load the calendar's code.
 */
export const BOOKINGS_KEY = ['bookings'] as const

/**
 * The first day the calendar's feed is read from, to show `day` (and a month grid's leading days,
 * and the day where a property's time zone is behind the browser's): the first of the month
 * before. A whole month, so that moving about a month or a timeline keeps one address and its
 * cached answer.
 */
export const feedFromFor = (day: DateOnly): DateOnly => `${addMonths(day.slice(0, 7), -1)}-01`

/** The query of the feed of all of the host's properties from `from`. */
export const portfolioFeedQuery = (from: DateOnly) =>
  queryOptions({
    queryKey: [...BOOKINGS_KEY, from],
    // The feed reader (and its iCalendar parser) loads beside the property list, not before the
    // screen's first paint.
    queryFn: async () => {
      try {
        return await (await import('../calendar/calendarFeed.ts')).fetchPortfolioEvents(from)
      } catch (failure) {
        // A feed that fails is logged and the screen shows the properties without their stays.
        console.error('Skipped the calendar of every property', failure)
        throw failure
      }
    },
    retry: false,
    staleTime: 30_000,
    // The server re-syncs feeds in the background; the calendar follows within a minute. An
    // unchanged feed costs a 304 (docs/decisions.md, "A portfolio's calendar in one feed").
    refetchInterval: 60_000,
  })

/** The screens' feed asked for beside the property list, before the screen renders. */
export function prefetchBookings(queryClient: QueryClient) {
  void queryClient.prefetchQuery(portfolioFeedQuery(feedFromFor(localToday())))
}
