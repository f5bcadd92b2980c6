import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { useLocation, useSearch } from 'wouter'
import { api } from '../../actors/api.ts'
import { cleanerLinkApi } from '../../actors/cleanerLinkApi.ts'
import { PREFETCHED_FRESH_MS } from '../../common/prefetched.ts'
import { localToday, type DateOnly } from '../../domain/dates.ts'
import type { DateRange } from '../../domain/dateRange.ts'
import { prevailingZone, todayIn, type ZonedProperty } from '../../domain/timeZones.ts'
import { isTurnoverWindow, TURNOVER_WINDOWS, type TurnoverWindow } from '../../domain/turnoverWindow.ts'

/** Under one key for the screen and the dashboard's line, so either fills the other's. */
export const TURNOVERS_KEY = ['turnovers'] as const

export const turnoversQuery = (range: DateRange, propertyId: string | null) =>
  queryOptions({
    queryKey: [...TURNOVERS_KEY, range.start, range.end, propertyId],
    queryFn: () => api.turnover.list({ ...range, ...(propertyId ? { propertyId } : {}) }),
  })

/**
 * The properties whose cleanings the reader sees (owned, co-hosted or cleaned), with their zones
 * and the reader's part in each: the property list holds no property a cleaner cleans.
 */
export const turnoverPropertiesQuery = queryOptions({
  queryKey: [...TURNOVERS_KEY, 'properties'],
  queryFn: () => cleanerLinkApi.properties(),
  staleTime: PREFETCHED_FRESH_MS,
})

/** Asked for beside the screen's code, as the screens that open on the property list ask for it. */
export function prefetchTurnoverProperties(queryClient: QueryClient) {
  void queryClient.prefetchQuery(turnoverPropertiesQuery)
}

/**
 * Today where the cleanings happen: the chosen property's day, or for all of them the day where
 * most of them are, as the dashboard dates a portfolio (docs/decisions.md, "Turnovers' today").
 */
export function propertiesToday(
  properties: readonly ZonedProperty[],
  propertyId: string | null,
  now: Date = new Date(),
): DateOnly {
  const chosen = properties.filter((property) => propertyId === null || property.id === propertyId)
  const zone = prevailingZone(chosen.map((property) => property.timeZone))
  return zone ? todayIn(zone, now) : localToday(now)
}

const DEFAULT_WINDOW: TurnoverWindow = TURNOVER_WINDOWS[0]

/**
 * The window and the property live in the address (`?window=week&property=…`), so a reload or a
 * shared link shows the same cleanings; the default (today, every property) is the bare address.
 */
export function useTurnoverChoice() {
  const [path, navigate] = useLocation()
  const params = new URLSearchParams(useSearch())
  const asked = params.get('window')
  const window = isTurnoverWindow(asked) ? asked : DEFAULT_WINDOW
  const propertyId = params.get('property') || null
  const write = (next: { window: TurnoverWindow; propertyId: string | null }) => {
    const query = new URLSearchParams()
    if (next.window !== DEFAULT_WINDOW) query.set('window', next.window)
    if (next.propertyId) query.set('property', next.propertyId)
    const text = query.toString()
    navigate(text ? `${path}?${text}` : path, { replace: true })
  }
  return {
    window,
    propertyId,
    chooseWindow: (next: TurnoverWindow) => write({ window: next, propertyId }),
    chooseProperty: (next: string | null) => write({ window, propertyId: next }),
  }
}
