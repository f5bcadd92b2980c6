import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { api } from '../../actors/api.ts'
import { PAGE_SIZES } from '../../domain/pageSizes.ts'
import { pageKey } from '../../frame/paging.ts'
import { PREFETCHED_FRESH_MS } from '../../common/prefetched.ts'

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

/** The list asked for beside the profile, by the screens that open on it (src/frame/SignedInApp.tsx). */
export function prefetchProperties(queryClient: QueryClient) {
  void queryClient.prefetchQuery(propertiesQuery)
}

export const PROPERTY_PAGE_SIZE = PAGE_SIZES.properties

/** The grid's pages for one search, under PROPERTIES_KEY so that every change reaches them too. */
export const propertyPagesKey = (search: string) => [...PROPERTIES_KEY, 'page', search] as const

export const propertyPageQuery = (search: string, page: number) =>
  queryOptions({
    queryKey: pageKey(propertyPagesKey(search), page, PROPERTY_PAGE_SIZE),
    queryFn: () => api.property.page({ page, pageSize: PROPERTY_PAGE_SIZE, search }),
    staleTime: PREFETCHED_FRESH_MS,
  })
