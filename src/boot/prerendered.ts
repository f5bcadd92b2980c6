/**
 * The sign-in screen's markup is written into index.html at build time, once per
 * language (scripts/vitePrerender.ts), so that a phone paints the form with the page itself
 * rather than after the code has arrived and run. index.html's first script picks the language
 * and marks the document with the screen's name (src/boot/firstScreen.ts); the script after
 * #root, `showPrerenderedScreen`, puts that markup in place before the first paint, and the app
 * then hydrates it (src/main.tsx). Until the app is live a sent form waits and is sent again
 * then, so a quick host's first try is neither lost nor sent by the browser as an address.
 */

/** The window property a form sent before the app was live waits under. */
export const HELD_FORM_KEY = '__manzilHeldForm'

/** Set on the document once the app has hydrated the first screen and answers what is done on it. */
export const LIVE_ATTRIBUTE = 'data-live'

/**
 * Moves the chosen screen's markup from its template into #root, and holds a form sent before the
 * app is live. Inlined into index.html: it imports nothing and calls nothing outside itself.
 */
export function showPrerenderedScreen(heldFormKey: string, liveAttribute: string): void {
  const page = document.documentElement
  const screen = page.getAttribute('data-first-screen')
  const root = document.getElementById('root')
  if (!screen || !root) return
  const templates = document.querySelectorAll('template[data-screen]')
  for (let index = 0; index < templates.length; index++) {
    const template = templates[index] as HTMLTemplateElement
    if (template.getAttribute('data-screen') !== screen || template.lang !== page.lang) continue
    root.appendChild(template.content)
    document.addEventListener(
      'submit',
      function hold(event) {
        if (page.hasAttribute(liveAttribute)) return
        // Neither the browser nor a half-hydrated app sends it now; markLive sends it once.
        event.preventDefault()
        event.stopPropagation()
        Object.defineProperty(window, heldFormKey, { value: event.target, configurable: true })
      },
      true,
    )
    return
  }
}

/** Whether #root holds the build's markup for the app to hydrate rather than render anew. */
export const isPrerendered = (root: HTMLElement) => root.firstElementChild !== null

/** Marks the app live, and sends the form a quick host sent before it was. */
export function markLive() {
  document.documentElement.setAttribute(LIVE_ATTRIBUTE, '')
  const held = (window as unknown as Record<string, unknown>)[HELD_FORM_KEY]
  if (!(held instanceof HTMLFormElement)) return
  Reflect.deleteProperty(window, HELD_FORM_KEY)
  if (held.isConnected) held.requestSubmit()
}
