import { useSyncExternalStore } from 'react'

/**
 * The network as the app sees it:
 * - `online`;
 * - `dropped`: gone after this page had it. The screen and every open form stay as they are, under
 *   the offline banner; a save fails with the offline message and keeps what was typed;
 * - `none`: not once since this page loaded. Nothing a screen would show could load, so the
 *   offline page says so instead (it comes back by itself once the network does).
 */
export type Network = 'online' | 'dropped' | 'none'

const inBrowser = typeof window !== 'undefined'

/** Whether this page has had a network since it loaded (the build's prerender always has). */
let hadNetwork = !inBrowser || navigator.onLine
// Registered as the module loads, before any component listens: by the time one reads the
// network after an `online` event, this has already been set.
if (inBrowser) {
  window.addEventListener('online', () => {
    hadNetwork = true
  })
}

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

function currentNetwork(): Network {
  if (navigator.onLine) {
    hadNetwork = true
    return 'online'
  }
  return hadNetwork ? 'dropped' : 'none'
}

/** The network, followed through the browser's `online` and `offline` events. */
export const useNetwork = (): Network => useSyncExternalStore(subscribe, currentNetwork, () => 'online')
