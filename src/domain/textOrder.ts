/**
 * Strings in code-unit order, the order of `<`: the same on every machine whatever its locale
 * data, and with no collation's cost. ISO 8601 dates and times come out in time order.
 */
export const textOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
