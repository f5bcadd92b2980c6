/** Lets the event loop serve what waits (requests, streams) before the next piece of long work. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))
