/**
 * How many rows each long list shows at a time, and the server's page when a query names none
 * (docs/decisions.md, "Long lists come a page at a time"). The grid's 24 cards fill rows of two,
 * three or four; the tables fit a laptop's screen. Read by the build too, so it imports nothing.
 */
export const PAGE_SIZES = { properties: 24, guests: 25, users: 25, logs: 20 } as const
