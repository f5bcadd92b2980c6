/** Lets the event loop serve what waits (requests, streams) before the next piece of long work. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * How long a piece of long work holds the loop at a time: well under the 50 ms a request may wait
 * behind it, and long enough that the turns taken cost little.
 */
const SLICE_MS = 10

/** `items` mapped one by one, the loop let in each time a slice of SLICE_MS has been spent. */
export async function mapInSlices<T, R>(items: readonly T[], map: (item: T) => R): Promise<R[]> {
  const mapped: R[] = []
  let sliceStart = performance.now()
  for (const item of items) {
    mapped.push(map(item))
    if (performance.now() - sliceStart < SLICE_MS) continue
    await nextTurn()
    sliceStart = performance.now()
  }
  return mapped
}
