import { useEffect, useRef } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useQuery } from '@tanstack/react-query'
import type { Booking, Stay } from '../../domain/bookings.ts'
import { linkedStaysQuery } from '../bookings/bookingKeys.ts'
import { addDays, addMonths, type DateOnly } from '../../domain/dates.ts'
import { showingDay, withoutStays, type CalendarView } from '../../machines/calendar/calendarView.ts'
import type { StaysProblem } from '../../ui/calendar/StayDetailsDialog.tsx'

/**
 * The stays the address opens (`?stay=`), found among the owner's, with what keeps any from
 * showing: the calendars still load, or one is not there. Opening is a new history entry (a
 * link, or `open`), so Back closes the details; closing them takes the stays off the address in
 * place. Once found, the calendar moves to the first one's check-in when none of its nights is
 * in view, once per opening. The calendar holds the months it shows: a stay it does not hold is
 * asked for by its id, and the calendar moved to its check-in, where its details then open.
 */
export function useLinkedStays(
  ids: readonly string[],
  bookings: readonly Booking[],
  loading: boolean,
  /** What the calendar shows: a month, or the timeline's window of days. */
  shown: { view: CalendarView; month: string; start: DateOnly; days: number },
) {
  const [location, navigate] = useLocation()
  const search = useSearch()
  const stays = ids.flatMap((id) => bookings.find((booking) => booking.stayId === id) ?? [])
  const lookup = useQuery({ ...linkedStaysQuery(ids), enabled: !loading && stays.length < ids.length })
  // Where the first stay is: among the calendar's, else as the lookup found it.
  const first: Stay | undefined = stays[0] ?? lookup.data?.[0]
  // Any of its nights shown is enough: a bar clicked must not move the calendar away.
  const [from, until] =
    shown.view === 'month'
      ? [`${shown.month}-01`, `${addMonths(shown.month, 1)}-01`]
      : [shown.start, addDays(shown.start, shown.days)]
  const inView = first !== undefined && first.start < until && first.end > from
  const problem: StaysProblem | undefined =
    stays.length === ids.length
      ? undefined
      : loading || lookup.isFetching || (first !== undefined && !inView)
        ? 'loading'
        : 'missing'
  const revealed = useRef('')
  const key = ids.join(',')
  useEffect(() => {
    if (!first || revealed.current === key) return
    revealed.current = key
    if (!inView) navigate(`${location}${showingDay(search, first.start)}`, { replace: true })
  }, [first, key, inView, location, search, navigate])
  useEffect(() => {
    if (ids.length === 0) revealed.current = ''
  }, [ids.length])
  return {
    stays,
    problem: ids.length === 0 ? undefined : problem,
    /** Opens these stays' details: a new entry in the history. */
    open: (opened: readonly Booking[]) => {
      const params = new URLSearchParams(withoutStays(search))
      for (const booking of opened) if (booking.stayId) params.append('stay', booking.stayId)
      if (params.has('stay')) navigate(`${location}?${params}`)
    },
    close: () => navigate(`${location}${withoutStays(search)}`, { replace: true }),
  }
}
