import { useSyncExternalStore } from 'react'

/**
 * The service worker's lifecycle as the page sees it (docs/product.md §2.23). A new version found (a deploy)
 * installs beside the running one and waits; the page offers it (UpdatePrompt) and only a yes
 * swaps it in and reloads, so nobody loses a half-filled form to an update.
 */
let waitingWorker: ServiceWorker | null = null
const listeners = new Set<() => void>()

/** A new version installed behind the running one (src/pwa/registerWorker.ts tells): the page offers it. */
function offer(worker: ServiceWorker) {
  waitingWorker = worker
  listeners.forEach((listener) => listener())
}

/**
 * Production builds only: the development server has no sw.js, and must never be cached. The
 * registering code is fetched once the page has loaded: the first screen does without it.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  window.addEventListener('load', () => {
    void import('./registerWorker.ts').then(({ installWorker }) => installWorker(offer))
  })
}

/** Swaps the waiting version in; the page reloads once it controls the page. */
export function applyUpdate() {
  if (!waitingWorker) return
  let reloading = false
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) return
    reloading = true
    window.location.reload()
  })
  waitingWorker.postMessage({ type: 'SKIP_WAITING' })
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Whether a new version waits to be swapped in. */
export const useUpdateWaiting = () =>
  useSyncExternalStore(
    subscribe,
    () => waitingWorker !== null,
    () => false,
  )
