/**
 * Runs `run` once the page has nothing else to do, or after `waitMs` at the latest (a browser
 * without requestIdleCallback waits that long); returns what cancels it.
 */
export function onIdle(run: () => void, waitMs: number): () => void {
  const idle = window.requestIdleCallback?.(run, { timeout: waitMs })
  const timer = idle === undefined ? window.setTimeout(run, waitMs) : undefined
  return () => {
    if (idle !== undefined) window.cancelIdleCallback(idle)
    window.clearTimeout(timer)
  }
}
