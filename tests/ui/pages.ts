import type { Page, PageParams } from '../../src/actors/api.ts'

/**
 * A list served a page at a time as the server pages it: `matches` says which rows a search
 * finds (the server's rule), and `total` counts them all.
 */
export const servePages =
  <Item>(rows: readonly Item[], matches: (item: Item, search: string) => boolean) =>
  async ({ page, pageSize, search = '' }: PageParams): Promise<Page<Item>> => {
    const needle = search.trim().toLowerCase()
    const found = needle === '' ? rows : rows.filter((item) => matches(item, needle))
    const from = (page - 1) * pageSize
    return { items: found.slice(from, from + pageSize), total: found.length, page, pageSize }
  }

/** The property grid's rule: a name or a city holding the search, whatever its case. */
export const byNameOrCity = (property: { name: string; city: string }, needle: string) =>
  property.name.toLowerCase().includes(needle) || property.city.toLowerCase().includes(needle)
