import { useLocation, useSearch } from 'wouter'

const PROPERTIES_PATH = '/properties'
/** The grid's filter in its address. */
export const SEARCH_PARAM = 'search'

/**
 * The header's search box and `/properties?search=` are one value: typing anywhere opens the
 * property grid filtered, and editing the URL fills the box.
 */
export function useGlobalSearch(): [string, (value: string) => void] {
  const [location, navigate] = useLocation()
  const search = useSearch()
  const value = location === PROPERTIES_PATH ? (new URLSearchParams(search).get(SEARCH_PARAM) ?? '') : ''
  const setValue = (next: string) => {
    const query = next ? `?${new URLSearchParams({ [SEARCH_PARAM]: next })}` : ''
    navigate(`${PROPERTIES_PATH}${query}`, { replace: location === PROPERTIES_PATH })
  }
  return [value, setValue]
}
