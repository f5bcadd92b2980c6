import { apiPaths } from '../../../contract/paths.ts'
import { API_BASE } from '../../actors/http.ts'
import { addDays, addMonths, type DateOnly } from '../../domain/dates.ts'

/**
 * The addresses the calendar screens read their stays from: a window of the feed of every
 * property, and a page of a stay list (docs/decisions.md, "A portfolio's calendar in one feed").
 * Apart from the reader, so that index.html's first calls (scripts/firstScreens.ts) are written
 * by the same functions as the app's.
 */

/** The stays a calendar reads: those ending after `from` and starting before `to`. */
export type FeedWindow = { from: DateOnly; to: DateOnly }

/**
 * Days read past a shown month's first and last: a month grid's days of the months beside it (six
 * at most, to fill its first and last weeks), and one for a property whose time zone is a day
 * behind or ahead of the browser's.
 */
const MARGIN_DAYS = 7

/**
 * The window that holds every day from `first` to `last` (a month grid's: its month's first and
 * last): their whole months, and a margin. Whole months, so that stepping a timeline about a month
 * keeps one address and its cached answer. A day a month's margin holds is read with that month,
 * in the address its screens read first: a last day the month before's margin holds (a phone's
 * week across a month's end), and a first day the month after's margin holds (the same week on
 * the next month's first days, which read the month before too, 2.8 MB at 500 properties).
 */
export function feedWindowFor(first: DateOnly, last: DateOnly): FeedWindow {
  // The first month whose window reaches a day past `last`, for a property a day ahead.
  const lastMonth = addDays(last, 1 - MARGIN_DAYS).slice(0, 7)
  // The last month whose window reaches a day before `first`, for a property a day behind.
  const firstMonth = addDays(first, MARGIN_DAYS - 1).slice(0, 7)
  return {
    from: addDays(`${firstMonth}-01`, -MARGIN_DAYS),
    to: addDays(`${addMonths(lastMonth > firstMonth ? lastMonth : firstMonth, 1)}-01`, MARGIN_DAYS),
  }
}

/** The address of the feed of all of the signed-in host's properties in a window, or of one of them. */
export const portfolioFeedPath = ({ from, to }: FeedWindow, propertyId?: string) =>
  `${API_BASE}${apiPaths.calendar.ownerFeed.url}?from=${from}&to=${to}${
    propertyId === undefined ? '' : `&property=${encodeURIComponent(propertyId)}`
  }`

/** The address of the stays of these ids (a link's), wherever they are. */
export const linkedStaysPath = (ids: readonly string[]) =>
  `${API_BASE}${apiPaths.calendar.ownerFeed.url}?stay=${ids.map(encodeURIComponent).join(',')}`

/** The two stay lists the calendar screens show beside their calendar. */
export type StayList = 'current' | 'upcoming'

/** What a stay list shows: every stay, or one property's, or one platform's. */
export type StayListFilters = { property?: string; platform?: string }

/** The address of a stay list's first page; the next pages' come in each answer's Link header. */
export function stayListPath(list: StayList, { property, platform }: StayListFilters = {}): string {
  const query = new URLSearchParams({ list })
  if (property !== undefined) query.set('property', property)
  if (platform !== undefined) query.set('platform', platform)
  return `${API_BASE}${apiPaths.calendar.ownerStays.url}?${query}`
}
