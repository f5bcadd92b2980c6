/**
 * Issue 17: the first screen's chunks, words and fonts are asked for by index.html itself, all
 * at once, rather than each after the code that needs it has run (a waterfall four deep on a
 * phone). scripts/viteFirstScreen.ts inlines these two functions' source into the page's head,
 * so they import nothing, call nothing outside themselves and assign no arrow functions (a
 * bundler would wrap those in helpers the page does not have). The app uses `chooseLanguage`
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

/** What the build knows: for each language and each first screen, the files it needs. */
export type FirstScreenPlan = {
  languageKey: string
  sessionHintKey: string
  languages: string[]
  defaultLanguage: string
  /** Per language: the public words and the fonts. */
  everyPage: Record<string, string[]>
  /** Per language: the signed-in words. */
  signedInWords: Record<string, string[]>
  /** `path` is a regular expression's source, matched against the location's path. */
  screens: { path: string; signedIn: boolean; files: string[] }[]
}

/** Adds a preload to the head for each file this page's first screen needs; returns them. */
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
  const files = [...(plan.everyPage[language] ?? [])]
  for (const screen of plan.screens) {
    // A signed-in screen without a session is about to leave for /login: nothing to fetch for it.
    if (!new RegExp(screen.path).test(location.pathname) || (screen.signedIn && !signedIn)) continue
    files.push(...screen.files, ...(screen.signedIn ? (plan.signedInWords[language] ?? []) : []))
    break
  }
  for (const file of files) {
    const link = document.createElement('link')
    if (file.endsWith('.woff2')) {
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
  return files
}
