import type { Stay } from './bookings.ts'

/** The ten event colours. */
export const EVENT_COLORS = [
  '#9E1946',
  '#DB4C40',
  '#F58549',
  '#FDAE61',
  '#FCE48C',
  '#E0F08F',
  '#A0DD98',
  '#10B785',
  '#648DE5',
  '#7411D0',
] as const

/** FNV-1a over a string's UTF-16 units: a fixed, evenly spread number for a stay's key. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/**
 * A stay's own order of the ten colours: a shuffle drawn from its key alone (a linear
 * congruential generator seeded by the key's hash), so that every screen, reload and device
 * draws the same one. Its first colour is the stay's unless a stay it touches took it.
 */
export function colorOrderOf(key: string): string[] {
  const colors: string[] = [...EVENT_COLORS]
  let seed = hashOf(key)
  for (let last = colors.length - 1; last > 0; last--) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0
    const pick = seed % (last + 1)
    ;[colors[last], colors[pick]] = [colors[pick] as string, colors[last] as string]
  }
  return colors
}

/**
 * Each stay's colour, by `keyOf` (see docs/decisions.md, "A stay's colour is its own"): the first
 * colour of its own order that no stay it overlaps or touches (a check-out on its check-in day)
 * took before it, stays taken by check-in, then key. Ten colours all taken by neighbours (eleven
 * stays on one night) start the order again. Depends on a stay's key and its neighbours only, so
 * stays far apart, loaded or not, never change it.
 */
export function stayColors<T extends Stay>(
  stays: readonly T[],
  keyOf: (stay: T) => string,
): Map<string, string> {
  const sorted = [...stays]
    .map((stay) => ({ stay, key: keyOf(stay) }))
    .sort((a, b) =>
      a.stay.start !== b.stay.start
        ? a.stay.start < b.stay.start
          ? -1
          : 1
        : a.key < b.key
          ? -1
          : a.key > b.key
            ? 1
            : 0,
    )
  const colors = new Map<string, string>()
  sorted.forEach(({ stay, key }, index) => {
    const taken = new Set<string>()
    // Earlier check-ins that reach this one's check-in day (touching included).
    for (let before = index - 1; before >= 0; before--) {
      const other = sorted[before]!
      if (other.stay.end >= stay.start) taken.add(colors.get(other.key) ?? '')
    }
    const order = colorOrderOf(key)
    colors.set(key, order.find((color) => !taken.has(color)) ?? order[0]!)
  })
  return colors
}
