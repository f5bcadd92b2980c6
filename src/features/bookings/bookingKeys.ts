import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import { localToday, type DateOnly } from '../../domain/dates.ts'
import { thisMonth } from '../../domain/dateRange.ts'
import {
  feedWindowFor,
  linkedStaysPath,
  portfolioFeedPath,
  stayListPath,
  type FeedWindow,
  type StayList,
  type StayListFilters,
} from '../calendar/feedPaths.ts'
import { BOOKINGS_KEY } from './bookingsKey.ts'

/*
 * The queries of the screens' stays: the feed's window, the stay lists' pages and a link's stays,
 * each under BOOKINGS_KEY. Apart from the calendar's code, so that a screen asks for them before it
 * renders without loading that code.
 */
/** The query of the feed of all of the host's properties in a window. */
export const portfolioFeedQuery = (shown: FeedWindow) =>
  queryOptions({
    queryKey: [...BOOKINGS_KEY, shown.from, shown.to],
    // The feed reader (and its iCalendar parser) loads beside the property list, not before the
    // screen's first paint.
    queryFn: async () => {
      try {
        const { fetchFeed } = await import('../calendar/calendarFeed.ts')
        return (await fetchFeed(portfolioFeedPath(shown), 'window')).events
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

/**
 * The query of a stay list, a page at a time: the first page's address, then each answer's next.
 * Under BOOKINGS_KEY, so that whatever refreshes the calendar refreshes the lists.
 */
export const stayListQuery = (list: StayList, filters: StayListFilters) =>
  infiniteQueryOptions({
    queryKey: [...BOOKINGS_KEY, 'list', list, filters.property ?? null, filters.platform ?? null],
    queryFn: async ({ pageParam }) => {
      const { fetchFeed } = await import('../calendar/calendarFeed.ts')
      // Only the first page's copy is kept to be revalidated: the pages after it are read once.
      return await fetchFeed(pageParam ?? stayListPath(list, filters), pageParam === null ? list : null)
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    retry: false,
    staleTime: 30_000,
    refetchInterval: 60_000,
  })

/**
 * The query of one property's stays in a window: what the manual-stay dialog checks nights
 * against in months the calendar has not read, a few kilobytes where the whole portfolio's window
 * is megabytes.
 */
export const propertyFeedQuery = (shown: FeedWindow, propertyId: string) =>
  queryOptions({
    queryKey: [...BOOKINGS_KEY, shown.from, shown.to, propertyId],
    queryFn: async () => {
      const { fetchFeed } = await import('../calendar/calendarFeed.ts')
      return (await fetchFeed(portfolioFeedPath(shown, propertyId))).events
    },
    retry: false,
  })

/** The query of the stays a link opens, by their ids, wherever they are. */
export const linkedStaysQuery = (ids: readonly string[]) =>
  queryOptions({
    queryKey: [...BOOKINGS_KEY, 'linked', ...ids],
    queryFn: async () => {
      const { fetchFeed } = await import('../calendar/calendarFeed.ts')
      return (await fetchFeed(linkedStaysPath(ids))).events
    },
    retry: false,
  })

/** This month's window, as a screen that opens on today's month asks for it. */
export function thisMonthsWindow(today: DateOnly = localToday()) {
  const { start, end } = thisMonth(today)
  return feedWindowFor(start, end)
}

/** The screens' feed and lists asked for beside the property list, before the screen renders. */
export function prefetchBookings(queryClient: QueryClient) {
  void queryClient.prefetchQuery(portfolioFeedQuery(thisMonthsWindow()))
  for (const list of ['current', 'upcoming'] as const)
    void queryClient.prefetchInfiniteQuery(stayListQuery(list, {}))
}
