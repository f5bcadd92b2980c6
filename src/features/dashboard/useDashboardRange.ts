import { useEffect, useState } from 'react'
import { useMachine } from '@xstate/react'
import { useLocation, useSearch } from 'wouter'
import { rangeFromLink, sameRange, thisMonth, type DateRange } from '../../domain/dateRange.ts'
import { dashboardRangeMachine } from '../../machines/dashboard/dashboardRange.ts'

/** The dashboard's address for a period: bare for this month, so a saved link rolls over with it. */
const linkFor = (path: string, range: DateRange, defaultRange: DateRange) =>
  sameRange(range, defaultRange) ? path : `${path}?${new URLSearchParams(range)}`

/**
 * The dashboard's period lives in the address (`?start=&end=`), so a reload or a shared
 * link shows the same one; a link that breaks a rule is replaced by the bare address.
 */
export function useDashboardRange() {
  const [path, navigate] = useLocation()
  const params = new URLSearchParams(useSearch())
  const link = { start: params.get('start'), end: params.get('end') }
  const [defaultRange] = useState(() => thisMonth())
  const [state, send] = useMachine(
    dashboardRangeMachine.provide({
      actions: { rangeChosen: (_, range) => navigate(linkFor(path, range, defaultRange)) },
    }),
    { input: { link, defaultRange } },
  )

  const refusedLink =
    (link.start !== null || link.end !== null) && rangeFromLink(link.start, link.end) === null
  useEffect(() => {
    if (refusedLink) navigate(path, { replace: true })
    send({ type: 'linkChanged', link: { start: link.start, end: link.end } })
  }, [link.start, link.end, refusedLink, path, navigate, send])

  return [state, send] as const
}
