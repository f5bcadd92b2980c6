import { z } from 'zod'

/**
 * One way of paging every long list (docs/decisions.md, "Long lists come a page at a time"):
 * `page` from 1, `pageSize` at most PAGE_SIZE_MAX, an optional `search`, and the answer
 * `{items, total, page, pageSize}` where `total` counts every row the search matched.
 */
export const PAGE_SIZE_MAX = 100
const PAGE_MAX = 1_000_000
/** The longest text a list is searched for. */
export const SEARCH_TEXT_MAX = 100

const pageNumber = (max: number) => z.coerce.number().int().min(1).max(max)
const SearchText = z.string().max(SEARCH_TEXT_MAX)

/** A list that always comes a page at a time (the audit log). */
export const pageQuery = (defaultSize: number) =>
  z.object({
    page: pageNumber(PAGE_MAX).default(1),
    pageSize: pageNumber(PAGE_SIZE_MAX).default(defaultSize),
  })

/**
 * A list whose documented call (docs/product.md §7) answers it whole: without `page`,
 * `pageSize` and `search` it still does; any of them asks for a page instead.
 */
export const optionalPageQuery = z.object({
  page: pageNumber(PAGE_MAX).optional(),
  pageSize: pageNumber(PAGE_SIZE_MAX).optional(),
  search: SearchText.optional(),
})
export type OptionalPageQuery = z.infer<typeof optionalPageQuery>

export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() })

export type Page<Item> = { items: Item[]; total: number; page: number; pageSize: number }

/** A documented whole list, or a page of it when the query asks for one. */
export const listOrPage = <Item extends z.ZodType>(item: Item) => z.union([z.array(item), pageOf(item)])
