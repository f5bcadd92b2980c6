/**
 * Loaded once the page has loaded (src/pwa/appUpdates.ts): what registers the service worker.
 * It is handed what to do with a waiting version, so it does not import the module loading it.
 */
type Offer = (worker: ServiceWorker) => void

// A tab left open for days still hears of a deploy.
const UPDATE_CHECK_MS = 60 * 60 * 1000

function watch(registration: ServiceWorkerRegistration, offer: Offer) {
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

/** Installs the offline shell and listens for the next version (docs/product.md §2.23). */
export function installWorker(offer: Offer) {
  navigator.serviceWorker.register('/sw.js').then(
    (registration) => watch(registration, offer),
    (failure: unknown) => {
      console.warn('The offline shell could not be installed', failure)
    },
  )
}
