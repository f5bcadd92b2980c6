import { useState } from 'react'
import { keepPreviousData, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query'
import type { Page, PageParams } from '../actors/api.ts'
import type { PagingControls } from '../ui/common/Pagination.tsx'

/** Where a page of a list is cached: the list's key, then which page of what size. */
export const pageKey = (key: QueryKey, page: number, pageSize: number) => [...key, { page, pageSize }]

/**
 * One page of a long list at a time (docs/decisions.md, "Long lists come a page at a time"):
 * `key` names the list and what narrows it (its search, its filter), and the page goes back to
 * the first whenever that changes. The page shown stays while the next one loads. A page left
 * empty by a deletion on the list's last page steps back to the new last page.
 */
export function usePage<Item>({
  key,
  pageSize,
  fetch,
  staleTime,
}: {
  key: QueryKey
  pageSize: number
  fetch: (paging: PageParams) => Promise<Page<Item>>
  /** How long a page prefetched with the screen counts as fresh. */
  staleTime?: number
}) {
  const [page, setPage] = useState(1)
  const narrowedBy = JSON.stringify(key)
  const [shownFor, setShownFor] = useState(narrowedBy)
  if (shownFor !== narrowedBy) {
    setShownFor(narrowedBy)
    setPage(1)
  }
  const current = shownFor === narrowedBy ? page : 1
  const query = useQuery({
    queryKey: pageKey(key, current, pageSize),
    queryFn: () => fetch({ page: current, pageSize }),
    placeholderData: keepPreviousData,
    staleTime,
  })
  const data = query.isPlaceholderData ? undefined : query.data
  const lastPage = data ? Math.max(Math.ceil(data.total / pageSize), 1) : current
  if (current > lastPage) setPage(lastPage)
  const paging: PagingControls = {
    page: current,
    pageSize,
    onPageChange: setPage,
    stale: query.isPlaceholderData,
  }
  return { query, paging }
}

/** The items of a cached list, whole (the documented answer) or a page of it. */
export const changeItems = <Item>(
  data: Item[] | Page<Item> | undefined,
  change: (items: Item[]) => Item[],
): Item[] | Page<Item> | undefined => {
  if (data === undefined) return undefined
  if (Array.isArray(data)) return change(data)
  const items = change(data.items)
  // What left the page left the list.
  return { ...data, items, total: Math.max(data.total - (data.items.length - items.length), 0) }
}

/** Changes every cached list under `key`, whole or paged, and answers how to undo it. */
export function changeCachedLists<Item>(
  queryClient: QueryClient,
  key: QueryKey,
  change: (items: Item[]) => Item[],
) {
  const previous = queryClient.getQueriesData<Item[] | Page<Item>>({ queryKey: key })
  queryClient.setQueriesData<Item[] | Page<Item>>({ queryKey: key }, (data) => changeItems(data, change))
  return () => {
    for (const [queryKey, data] of previous) queryClient.setQueryData(queryKey, data)
  }
}
