import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import {
  createTranslator,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  directionOf,
  isLanguage,
  type Language,
  type Messages,
  type Translate,
} from './domain/translator.ts'
import { joinLocaleParts, type LocalePart } from './domain/localeParts.ts'
import { chooseLanguage } from './boot/firstScreen.ts'
import { LANGUAGE_STORAGE_KEY } from './boot/storageKeys.ts'
import { setRequestLanguage } from './actors/http.ts'

export { LANGUAGE_STORAGE_KEY }

type I18n = {
  language: Language
  dir: 'ltr' | 'rtl'
  t: Translate
  setLanguage: (language: Language) => void
  /** The parts of the words loaded so far, and a way to ask for one more. */
  parts: readonly LocalePart[]
  needPart: (part: LocalePart) => void
}

const I18nContext = createContext<I18n | null>(null)

type Loader = () => Promise<{ default: Messages }>

// Each part of each language is its own chunk, loaded when first needed: a phone's first screen
// downloads only the words it shows.
const loaders: Record<Language, Record<LocalePart, Loader>> = {
  en: {
    public: () => import('virtual:locale/en/public'),
    signedIn: () => import('virtual:locale/en/signedIn'),
    occasional: () => import('virtual:locale/en/occasional'),
    admin: () => import('virtual:locale/en/admin'),
    turnovers: () => import('virtual:locale/en/turnovers'),
    cleaner: () => import('virtual:locale/en/cleaner'),
    alerts: () => import('virtual:locale/en/alerts'),
    team: () => import('virtual:locale/en/team'),
  },
  ar: {
    public: () => import('virtual:locale/ar/public'),
    signedIn: () => import('virtual:locale/ar/signedIn'),
    occasional: () => import('virtual:locale/ar/occasional'),
    admin: () => import('virtual:locale/ar/admin'),
    turnovers: () => import('virtual:locale/ar/turnovers'),
    cleaner: () => import('virtual:locale/ar/cleaner'),
    alerts: () => import('virtual:locale/ar/alerts'),
    team: () => import('virtual:locale/ar/team'),
  },
}

const browserPreferences = (): readonly string[] =>
  typeof navigator === 'undefined'
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language]

/** The first of the browser's preferred languages that the interface has ("ar-SA" is Arabic). */
export function browserLanguage(preferred: readonly string[] = browserPreferences()): Language | undefined {
  const language = chooseLanguage(LANGUAGES, null, preferred, undefined)
  return isLanguage(language) ? language : undefined
}

/**
 * The language to start in: the person's own choice when they made one on this device, else
 * the browser's (an Arabic browser opens in Arabic on the first visit), else English.
 * Only a choice is stored, so until then the browser's language keeps deciding. index.html's
 * first script decides the same way (src/boot/firstScreen.ts).
 */
export function storedLanguage(): Language {
  let stored: string | null = null
  try {
    stored = localStorage.getItem(LANGUAGE_STORAGE_KEY)
  } catch {
    // Storage refused (private mode): the browser's language still counts.
  }
  const language = chooseLanguage(LANGUAGES, stored, browserPreferences(), DEFAULT_LANGUAGE)
  return isLanguage(language) ? language : DEFAULT_LANGUAGE
}

type LoadedWords = { language: Language; parts: readonly LocalePart[]; t: Translate }

/** Translators already built, by language and parts, so a preloaded one is there at first render. */
const built = new Map<string, LoadedWords>()
const wordsKey = (language: Language, parts: readonly LocalePart[]) => `${language}:${parts.join('+')}`

async function loadTranslator(language: Language, parts: readonly LocalePart[]): Promise<LoadedWords> {
  const known = built.get(wordsKey(language, parts))
  if (known) return known
  const loaded = await Promise.all(parts.map((part) => loaders[language][part]()))
  // Both files hold the same keys (a test fails otherwise), so a language needs only its own file.
  const t = createTranslator(language, joinLocaleParts(loaded.map((module) => module.default)))
  const words = { language, parts, t }
  built.set(wordsKey(language, parts), words)
  return words
}

/** The fullest translator already built for `language` that holds at least `parts`. */
const preloaded = (language: Language, parts: readonly LocalePart[]) =>
  [...built.values()]
    .filter((words) => words.language === language && parts.every((part) => words.parts.includes(part)))
    .sort((a, b) => b.parts.length - a.parts.length)[0] ?? null

/**
 * The first screen's words, loaded before the app first renders (src/main.tsx), so
 * that its first render already speaks rather than showing a spinner and rendering again.
 */
export async function preloadWords(parts: readonly LocalePart[]): Promise<void> {
  const language = storedLanguage()
  await loadWords(language, parts)
  applyToDocument(language)
}

/** Builds `language`'s translator for `parts` ahead, without a document (the build's prerender too). */
export async function loadWords(language: Language, parts: readonly LocalePart[]): Promise<void> {
  await loadTranslator(language, parts)
}

const manifestOf = (language: Language) =>
  language === 'en' ? '/manifest.webmanifest' : `/manifest.${language}.webmanifest`

function applyToDocument(language: Language) {
  document.documentElement.lang = language
  document.documentElement.dir = directionOf(language)
  // "Install" names the app in the language it is read in.
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestOf(language))
  setRequestLanguage(language)
}

/**
 * Loads the chosen (or the browser's) language, mirrors the document for Arabic, and re-renders
 * on change. It starts with the public part of the words (`initialParts`); `NeedsWords` asks for
 * more.
 */
export function I18nProvider({
  children,
  fallback = null,
  initialParts = ['public'],
  initialLanguage,
}: {
  children: ReactNode
  fallback?: ReactNode
  initialParts?: readonly LocalePart[]
  /** The build's prerender names it; in a browser the stored choice or the browser's decides. */
  initialLanguage?: Language
}) {
  const [language, setLanguageState] = useState<Language>(() => initialLanguage ?? storedLanguage())
  // Words preloaded beyond the initial parts (a signed-in first screen's) count as wanted already.
  const [wanted, setWanted] = useState<readonly LocalePart[]>(
    () => preloaded(language, initialParts)?.parts ?? initialParts,
  )
  const [translator, setTranslator] = useState<LoadedWords | null>(() => preloaded(language, wanted))

  useEffect(() => {
    let current = true
    void loadTranslator(language, wanted).then((words) => {
      if (!current) return
      applyToDocument(language)
      setTranslator(words)
    })
    return () => {
      current = false
    }
  }, [language, wanted])

  const needPart = useCallback((part: LocalePart) => {
    setWanted((parts) => (parts.includes(part) ? parts : [...parts, part]))
  }, [])

  const setLanguage = useCallback((next: Language) => {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, next)
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    setLanguageState(next)
  }, [])

  const value = useMemo<I18n | null>(
    () =>
      translator && {
        language: translator.language,
        dir: directionOf(translator.language),
        t: translator.t,
        setLanguage,
        parts: translator.parts,
        needPart,
      },
    [translator, setLanguage, needPart],
  )
  if (!value) return <>{fallback}</>
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

/** Renders its children once `part` of the words has loaded too; `fallback` until then. */
export function NeedsWords({
  part,
  fallback = null,
  children,
}: {
  part: LocalePart
  fallback?: ReactNode
  children: ReactNode
}) {
  const { parts, needPart } = useI18n()
  const loaded = parts.includes(part)
  useEffect(() => {
    if (!loaded) needPart(part)
  }, [loaded, needPart, part])
  return <>{loaded ? children : fallback}</>
}

export function useI18n(): I18n {
  const value = useContext(I18nContext)
  if (!value) throw new Error('useI18n needs an I18nProvider above it')
  return value
}
