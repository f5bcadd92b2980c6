import { useSyncExternalStore } from 'react'

/**
 * Issue 17: the service worker's lifecycle as the page sees it. A new version found (a deploy)
 * installs beside the running one and waits; the page offers it (UpdatePrompt) and only a yes
 * swaps it in and reloads, so nobody loses a half-filled form to an update.
 */
let waitingWorker: ServiceWorker | null = null
const listeners = new Set<() => void>()

function offer(worker: ServiceWorker) {
  waitingWorker = worker
  listeners.forEach((listener) => listener())
}

// A tab left open for days still hears of a deploy.
const UPDATE_CHECK_MS = 60 * 60 * 1000

function watch(registration: ServiceWorkerRegistration) {
  // The first install has nothing to replace: only a worker waiting behind a controller is news.
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing)
    })
  })
  window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS)
}

/** Production builds only: the development server has no sw.js, and must never be cached. */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').then(watch, (failure: unknown) => {
      console.warn('The offline shell could not be installed', failure)
    })
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
