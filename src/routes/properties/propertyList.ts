import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { api } from '../../actors/api.ts'
import { PREFETCHED_FRESH_MS } from '../prefetched.ts'

/**
 * The property list is loading, then loaded; react-query owns it under this key. Apart
 * from the edits in queries.ts, which bring the property forms' rules with them, because the
 * dashboard and the calendar only read the list, and a phone's first screen loads no more.
 */
export const PROPERTIES_KEY = ['properties'] as const

export const propertiesQuery = queryOptions({
  queryKey: PROPERTIES_KEY,
  queryFn: () => api.property.list(),
  staleTime: PREFETCHED_FRESH_MS,
})

export const useProperties = () => useQuery(propertiesQuery)

/** The list asked for beside the profile, by the screens that open on it (src/routes/SignedInApp.tsx). */
export function prefetchProperties(queryClient: QueryClient) {
  void queryClient.prefetchQuery(propertiesQuery)
}
