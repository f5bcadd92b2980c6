/**
 * /properties: `search` filters case-insensitively on name or city; blank shows all
 * (docs/product.md §2.8).
 */
export function filterProperties<T extends { name: string; city: string }>(
  properties: T[],
  query: string,
): T[] {
  const needle = query.trim().toLocaleLowerCase()
  if (needle === '') return properties
  return properties.filter(
    (property) =>
      property.name.toLocaleLowerCase().includes(needle) ||
      property.city.toLocaleLowerCase().includes(needle),
  )
}
