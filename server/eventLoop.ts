/** Lets the event loop serve what waits (requests, streams) before the next piece of long work. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * How long a piece of long work holds the event loop before it lets the loop serve what waits.
 * Every task that yields resumes in the same turn of the loop, so a request waits behind the sum
 * of their shares: a few tasks at this share keep it within tens of milliseconds.
 */
export const LOOP_SHARE_MS = 8

/**
 * A long task's pauses, by the time it held the loop, not by a count of its steps: `await
 * pause()` between steps gives the loop back once the task has run `shareMs` since it last did.
 * A step's cost varies with the data and the machine (a crowded night's overlaps, a loaded CI
 * runner), and a count tuned on one is too long on another.
 */
export function loopPauses(shareMs = LOOP_SHARE_MS): () => Promise<void> {
  let since = performance.now()
  return async () => {
    if (performance.now() - since < shareMs) return
    await nextTurn()
    since = performance.now()
  }
}
