import type { OptionalPageQuery, Page } from '../../contract/paging.ts'

/** Which page of which rows: `search` is trimmed, blank when the whole list is paged. */
export type PageRequest = { page: number; pageSize: number; search: string }

/** The page a query asks for, or null when it asks for the whole list. */
export function requestedPage(query: OptionalPageQuery, defaultSize: number): PageRequest | null {
  if (query.page === undefined && query.pageSize === undefined && query.search === undefined) return null
  return {
    page: query.page ?? 1,
    pageSize: query.pageSize ?? defaultSize,
    search: query.search?.trim() ?? '',
  }
}

/** A page of a list already in memory (the guests, summed up from the bookings). */
export function pageOfList<Item>(list: readonly Item[], { page, pageSize }: PageRequest): Page<Item> {
  const from = (page - 1) * pageSize
  return { items: list.slice(from, from + pageSize), total: list.length, page, pageSize }
}
