/**
 * For a phone's first screen (docs/product.md §16): index.html's first script starts a signed-in
 * first screen's API calls beside its code (src/boot/firstScreen.ts), a round trip or two before
 * the app could. The API client takes each answer here, once, in place of sending the same call
 * again.
 */
import { PREFETCHED_FRESH_MS } from '../common/prefetched.ts'

/** The window property index.html leaves the calls under. */
export const EARLY_RESPONSES_KEY = '__manzilEarlyResponses'

type EarlyResponses = Record<string, Promise<Response> | undefined>

const earlyResponses = (): EarlyResponses | undefined =>
  (window as unknown as Record<string, EarlyResponses | undefined>)[EARLY_RESPONSES_KEY]

/**
 * The page's early answer to GET `url`, the first time it is asked for; later calls, and any
 * after the first screen's moment (its data would be stale by then), go to the server.
 */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  const responses = earlyResponses()
  const response = responses?.[url]
  if (!responses || !response) return undefined
  delete responses[url]
  return performance.now() <= PREFETCHED_FRESH_MS ? response : undefined
}

/** Whether the page sent calls of its own that nobody has taken yet. */
export const hasEarlyResponses = () => Object.keys(earlyResponses() ?? {}).length > 0
