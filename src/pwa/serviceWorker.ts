/// <reference lib="webworker" />
/**
 * The app shell, installable and readable offline (docs/product.md §2.23). Built to dist/sw.js by
 * scripts/vitePwa.ts, which puts the build's file list and a version in front of this file.
 *
 * - The whole build (index.html, the hashed scripts and styles, the offline page, the manifests
 *   and icons) is precached at install, so an old page never asks for a chunk the server no
 *   longer has.
 * - Navigations to a screen get the cached shell first; with nothing cached and no network, the offline page.
 * - /api (and with it every feed) is never touched: its answers go to the network, uncached.
 * - A new version waits until the page says SKIP_WAITING: the page asks the person first (its
 *   update prompt), so nobody's form is reloaded away.
 * - A push message is shown as a notification, even with every page closed; a click opens its
 *   stay in a window of the app, the one already open if there is one (docs/product.md §12.6).
 */
declare const PRECACHE: readonly string[]
declare const VERSION: string

// A script, not a module (a classic worker loads it), so the global is narrowed here.
const sw = self as unknown as ServiceWorkerGlobalScope
const CACHE = `manzil-shell-${VERSION}`
const SHELL = '/'
const OFFLINE = '/offline.html'

const isApi = (url: URL) => url.pathname === '/api' || url.pathname.startsWith('/api/')
// The app's own screens have no extension; a photo (/uploads/…) or a file opened in a tab is the file.
const isScreen = (url: URL) => !/\.[^/]*$/.test(url.pathname)

sw.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)))
})

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('manzil-shell-') && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => sw.clients.claim()),
  )
})

sw.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void sw.skipWaiting()
})

async function shellFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE)
  const shell = await cache.match(SHELL)
  if (shell) return shell
  try {
    return await fetch(request)
  } catch {
    return (await cache.match(OFFLINE)) ?? Response.error()
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: CACHE })
  return cached ?? fetch(request)
}

sw.addEventListener('fetch', (event) => {
  const { request } = event
  const url = new URL(request.url)
  if (request.method !== 'GET' || url.origin !== sw.location.origin || isApi(url)) return
  if (request.mode === 'navigate' && isScreen(url)) event.respondWith(shellFirst(request))
  else if (PRECACHE.includes(url.pathname)) event.respondWith(cacheFirst(request))
})

/** What the server pushes: the notice in the account's words, and the screen that shows it. */
type PushedNotice = { title: string; body: string; url: string; tag: string }

/** The message's notice; anything else (an old or foreign message) shows as the app's name alone. */
function pushedNotice(data: PushMessageData | null): PushedNotice {
  try {
    const value = data?.json() as Partial<PushedNotice> | undefined
    if (typeof value?.title === 'string' && typeof value.url === 'string')
      return {
        title: value.title,
        body: String(value.body ?? ''),
        url: value.url,
        tag: String(value.tag ?? ''),
      }
  } catch {
    // Not JSON: the fallback below still tells the host to look.
  }
  return { title: 'Manzil', body: '', url: SHELL, tag: '' }
}

/** A path of this app, never another origin's page, whatever a message says. */
const ownUrl = (url: string) => {
  const resolved = new URL(url, sw.location.origin)
  return resolved.origin === sw.location.origin ? resolved.href : new URL(SHELL, sw.location.origin).href
}

sw.addEventListener('push', (event) => {
  const notice = pushedNotice(event.data)
  event.waitUntil(
    sw.registration.showNotification(notice.title, {
      body: notice.body,
      // The same stay's news replaces its earlier notification rather than piling up.
      ...(notice.tag ? { tag: notice.tag } : {}),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: ownUrl(notice.url) },
    }),
  )
})

async function openStay(url: string) {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const open = windows.find((client) => new URL(client.url).origin === sw.location.origin)
  if (!open) return void (await sw.clients.openWindow(url))
  // Focus first, while the click still allows it; then the window goes to the stay.
  const focused = await open.focus()
  await focused.navigate(url).catch(() => sw.clients.openWindow(url))
}

sw.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const { url } = (event.notification.data ?? {}) as { url?: string }
  event.waitUntil(openStay(ownUrl(url ?? SHELL)))
})
