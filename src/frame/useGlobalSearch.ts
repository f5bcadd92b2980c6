import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLocation, useSearch } from 'wouter'
import { api } from '../actors/api.ts'
import { PATHS } from '../domain/paths.ts'
import { STAY_SEARCH_MIN } from '../domain/staySearch.ts'
import type { StaySearch } from '../ui/shell/StaySearchResults.tsx'
import { usePaused } from './usePaused.ts'

/** The grid's filter in its address. */
export const SEARCH_PARAM = 'search'

export type GlobalSearch = {
  value: string
  onChange: (value: string) => void
  /** Enter: the properties the text finds, on /properties. */
  onSubmit: () => void
  stays: StaySearch
}

/**
 * The header's search box. On /properties it is the grid's `?search=`: typing filters the grid
 * there and editing the URL fills the box. Elsewhere typing stays on the page: the box lists the
 * stays the text finds (by guest, reservation code or phone's last 4 digits), each a link to its
 * details, and Enter opens the properties it finds (docs/decisions.md).
 */
export function useGlobalSearch(): GlobalSearch {
  const [location, navigate] = useLocation()
  const search = useSearch()
  const [draft, setDraft] = useState('')
  const onProperties = location === PATHS.properties
  const value = onProperties ? (new URLSearchParams(search).get(SEARCH_PARAM) ?? '') : draft
  const show = (text: string, replace: boolean) => {
    const query = text ? `?${new URLSearchParams({ [SEARCH_PARAM]: text })}` : ''
    navigate(`${PATHS.properties}${query}`, { replace })
  }
  const onChange = (next: string) => (onProperties ? show(next, true) : setDraft(next))
  const onSubmit = () => {
    if (onProperties) return
    setDraft('')
    show(value, false)
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
  return { value, onChange, onSubmit, stays: found }
}
