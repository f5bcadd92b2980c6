/**
 * The first screen's chunks, words, fonts and, for a signed-in screen, its first API
 * calls are asked for by index.html itself, all at once, rather than each after the code that
 * needs it has run (a waterfall four deep on a phone). scripts/viteFirstScreen.ts inlines these
 * functions' source into the page's head, so they import nothing, call nothing outside
 * themselves and assign no arrow functions (a bundler would wrap those in helpers the page does
 * not have). The app uses `chooseLanguage`
 * too, so the page and the app always agree on the language.
 */

/** The person's stored choice when it is one of `languages`, else the browser's first one there, else `fallback`. */
export function chooseLanguage<Fallback extends string | undefined>(
  languages: readonly string[],
  stored: string | null,
  preferred: readonly string[],
  fallback: Fallback,
): string | Fallback {
  if (stored !== null && languages.includes(stored)) return stored
  for (const tag of preferred) {
    const primary = tag.split('-')[0]?.toLowerCase()
    if (primary !== undefined && languages.includes(primary)) return primary
  }
  return fallback
}

/** In a first call's address, the current month's `start` and `end` (the dashboard's default period). */
export const THIS_MONTH = '{thisMonth}'

/** In a first call's address, the window of this month the calendar's feed is read over (`from=…&to=…`). */
export const FEED_WINDOW = '{feedWindow}'

/**
 * `url` with THIS_MONTH and FEED_WINDOW filled in from `now` in the browser's own time zone, as the
 * app's `thisMonth()` and `feedWindowFor()` write them (`start=2026-11-01&end=2026-11-30`,
 * `from=2026-10-25&to=2026-12-08`: the month's days and a week on each side).
 */
export function fillRequest(url: string, now: Date): string {
  function day(date: Date): string {
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
  }
  const year = now.getFullYear()
  const month = now.getMonth()
  const from = day(new Date(year, month, 1 - 7))
  const to = day(new Date(year, month + 1, 1 + 7))
  return url
    .replace('{thisMonth}', `start=${day(new Date(year, month, 1))}&end=${day(new Date(year, month + 1, 0))}`)
    .replace('{feedWindow}', `from=${from}&to=${to}`)
}

/** What the build knows: for each language and each first screen, the files it needs. */
export type FirstScreenPlan = {
  languageKey: string
  sessionHintKey: string
  languages: string[]
  /** The languages written right to left. */
  rightToLeft: string[]
  defaultLanguage: string
  /** Per language: the public words and the fonts. */
  everyPage: Record<string, string[]>
  /** Per language: the signed-in words. */
  signedInWords: Record<string, string[]>
  /** The window property the early API calls are left under (src/boot/earlyResponses.ts). */
  earlyResponsesKey: string
  /** The API client's own time limit, which the early calls keep too. */
  requestTimeoutMs: number
  /** The worker that loads ICU's data off the main thread (src/boot/intlWarmup.ts), and per language the Intl locale it warms. */
  intlWarmup: { script: string; locales: Record<string, string> }
  /**
   * `path` is a regular expression's source, matched against the location's path; `requests`
   * the API calls (GET, their full paths) the screen makes first. One that names THIS_MONTH is
   * the screen's default period, sent only when the address names none. `name` is set on the
   * document as `data-first-screen` when the build wrote the screen's markup into the page for a
   * signed-out visitor (src/boot/prerendered.ts).
   */
  screens: {
    name: string
    path: string
    signedIn: boolean
    prerendered: boolean
    files: string[]
    requests: string[]
  }[]
}

/**
 * Adds a preload to the head for each file this page's first screen needs, starts its first API
 * calls, each sent as the API client sends it, for the app to take (src/boot/earlyResponses.ts),
 * and for a signed-in screen the worker that warms Intl; returns the files.
 */
export function preloadFirstScreen(plan: FirstScreenPlan): string[] {
  let stored: string | null = null
  let signedIn = false
  try {
    stored = localStorage.getItem(plan.languageKey)
    signedIn = localStorage.getItem(plan.sessionHintKey) === '1'
  } catch {
    // Storage refused (private mode): the browser's language decides, and nobody is signed in.
  }
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language]
  const language = chooseLanguage(plan.languages, stored, preferred, plan.defaultLanguage)
  // Set before anything paints, so that a page built in Arabic is never laid out left to right first.
  const root = document.documentElement
  root.lang = language
  root.dir = plan.rightToLeft.indexOf(language) >= 0 ? 'rtl' : 'ltr'
  const files = [...(plan.everyPage[language] ?? [])]
  let requests: string[] = []
  let formatsFirst = false
  for (const screen of plan.screens) {
    // A signed-in screen without a session is about to leave for /login: nothing to fetch for it.
    if (!new RegExp(screen.path).test(location.pathname) || (screen.signedIn && !signedIn)) continue
    // The words first: the first render waits for them as it does for the code.
    files.push(...(screen.signedIn ? (plan.signedInWords[language] ?? []) : []), ...screen.files)
    // With the session hint, a signed-out screen is about to leave for the dashboard.
    if (screen.prerendered && !signedIn) root.setAttribute('data-first-screen', screen.name)
    requests = screen.requests
    formatsFirst = screen.signedIn
    break
  }
  const isFont = (file: string) => file.endsWith('.woff2')
  const preload = (file: string) => {
    const link = document.createElement('link')
    if (isFont(file)) {
      link.rel = 'preload'
      link.as = 'font'
      link.type = 'font/woff2'
      link.crossOrigin = 'anonymous'
    } else {
      link.rel = 'modulepreload'
    }
    link.href = file
    document.head.appendChild(link)
  }
  // The code before the calls: on HTTP/1.1's six connections, the code is the longer wait. The
  // fonts after both: until they come the text is drawn in a fallback face (font-display: swap),
  // while a screen without its code or its calls draws nothing.
  for (const file of files) if (!isFont(file)) preload(file)
  const early: Record<string, Promise<Response>> = {}
  for (const request of requests) {
    if (request.indexOf('{thisMonth}') >= 0 && location.search) continue
    const url = fillRequest(request, new Date())
    const response = fetch(url, {
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'accept-language': language },
      signal: AbortSignal.timeout(plan.requestTimeoutMs),
    })
    // A call the app never takes (it left for /login first) must not report a failure of its own.
    response.catch(function ignore() {})
    early[url] = response
  }
  // A signed-in screen's first render formats dates and figures: ICU's data is loaded by then.
  if (formatsFirst) {
    try {
      new Worker(plan.intlWarmup.script, { type: 'module' }).postMessage(plan.intlWarmup.locales[language])
    } catch {
      // No worker (refused, or too old a browser): the first formatter loads the data itself.
    }
  }
  for (const file of files) if (isFont(file)) preload(file)
  Object.defineProperty(window, plan.earlyResponsesKey, { value: early, configurable: true })
  return files
}
