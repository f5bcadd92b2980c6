import { useEffect, useEffectEvent } from 'react'
import { useLocation, useSearch } from 'wouter'
import type { DateOnly } from '../../domain/dates.ts'
import { calendarViewMachine, toSearch } from '../../machines/calendar/calendarView.ts'
import { useFlow } from '../../common/useFlow.ts'

/**
 * /calendar's view state, kept in the URL both ways. Every change the host makes
 * replaces the query (so the back button leaves the calendar rather than replaying each click);
 * a query that changes from outside (the back button, an edited link) is loaded into the machine,
 * and a query that was not valid is rewritten as what is shown.
 */
export function useCalendarView(today: DateOnly, phone: boolean) {
  const [location, navigate] = useLocation()
  const search = useSearch()
  const current = search ? `?${search}` : ''
  const [snapshot, send, actor] = useFlow(calendarViewMachine, { input: { today, search, phone } })
  const view = snapshot.value
  const written = toSearch(view, snapshot.context)

  // Only the machine's changes are written, and only the URL's own changes are loaded: each
  // effect follows one side, and reads the other as it is now.
  const writeUrl = useEffectEvent(() => {
    if (current !== written) navigate(`${location}${written}`, { replace: true })
  })
  const readUrl = useEffectEvent(() => {
    if (current === written) return
    actor.send({ type: 'load', search })
    const loaded = actor.getSnapshot()
    const canonical = toSearch(loaded.value, loaded.context)
    if (canonical !== current) navigate(`${location}${canonical}`, { replace: true })
  })
  useEffect(() => writeUrl(), [written])
  useEffect(() => readUrl(), [search])

  useEffect(() => {
    send({ type: 'setPhone', phone })
  }, [send, phone])

  return { view, context: snapshot.context, send }
}
