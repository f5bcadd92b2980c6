import { useQuery } from '@tanstack/react-query'
import { useLocation, useSearch } from 'wouter'
import { api } from '../actors/api.ts'
import { PATHS } from '../domain/paths.ts'
import { STAY_SEARCH_MIN } from '../domain/staySearch.ts'
import type { StaySearch } from '../ui/shell/StaySearchResults.tsx'
import { usePaused } from './usePaused.ts'

/** The grid's filter in its address. */
export const SEARCH_PARAM = 'search'

/**
 * The header's search box and `/properties?search=` are one value: typing anywhere opens the
 * property grid filtered, and editing the URL fills the box. The same text finds the owner's
 * stays across properties (by guest, reservation code or phone's last 4 digits), each result a
 * link to its details on the calendar.
 */
export function useGlobalSearch(): [string, (value: string) => void, StaySearch] {
  const [location, navigate] = useLocation()
  const search = useSearch()
  const value = location === PATHS.properties ? (new URLSearchParams(search).get(SEARCH_PARAM) ?? '') : ''
  const setValue = (next: string) => {
    const query = next ? `?${new URLSearchParams({ [SEARCH_PARAM]: next })}` : ''
    navigate(`${PATHS.properties}${query}`, { replace: location === PATHS.properties })
  }
  const text = usePaused(value.trim())
  const searchable = text.length >= STAY_SEARCH_MIN
  const stays = useQuery({
    queryKey: ['staySearch', text],
    queryFn: () => api.stay.search(text),
    enabled: searchable,
    staleTime: 30_000,
    retry: false,
  })
  const found: StaySearch = !searchable
    ? { state: 'idle' }
    : stays.isPending || text !== value.trim()
      ? { state: 'searching' }
      : stays.error
        ? { state: 'failed', message: stays.error.message }
        : { state: 'done', hits: stays.data ?? [] }
  return [value, setValue, found]
}
