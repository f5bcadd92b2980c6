import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import {
  createTranslator,
  DEFAULT_LANGUAGE,
  directionOf,
  isLanguage,
  type Language,
  type Messages,
  type Translate,
} from './domain/translator.ts'
import { setRequestLanguage } from './actors/http.ts'

export const LANGUAGE_STORAGE_KEY = 'manzil.language'

type I18n = {
  language: Language
  dir: 'ltr' | 'rtl'
  t: Translate
  setLanguage: (language: Language) => void
}

const I18nContext = createContext<I18n | null>(null)

// Each locale is its own chunk, loaded when first needed.
const loaders: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import('../locales/en.json'),
  ar: () => import('../locales/ar.json'),
}

/** The first of the browser's preferred languages that the interface has ("ar-SA" is Arabic). */
export function browserLanguage(
  preferred: readonly string[] = typeof navigator === 'undefined'
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language],
): Language | undefined {
  for (const tag of preferred) {
    const primary = tag.split('-')[0]?.toLowerCase()
    if (isLanguage(primary)) return primary
  }
  return undefined
}

/**
 * The language to start in: the person's own choice when they made one on this device, else
 * the browser's (issue 15: an Arabic browser opens in Arabic on the first visit), else English.
 * Only a choice is stored, so until then the browser's language keeps deciding.
 */
export function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY)
    if (isLanguage(stored)) return stored
  } catch {
    // Storage refused (private mode): the browser's language still counts.
  }
  return browserLanguage() ?? DEFAULT_LANGUAGE
}

async function loadTranslator(language: Language): Promise<Translate> {
  // Both files hold the same keys (a test fails otherwise), so a language needs only its own file.
  return createTranslator(language, (await loaders[language]()).default)
}

const manifestOf = (language: Language) =>
  language === 'en' ? '/manifest.webmanifest' : `/manifest.${language}.webmanifest`

function applyToDocument(language: Language) {
  document.documentElement.lang = language
  document.documentElement.dir = directionOf(language)
  // Issue 17: "install" names the app in the language it is read in.
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestOf(language))
  setRequestLanguage(language)
}

/** Loads the chosen (or the browser's) language, mirrors the document for Arabic, and re-renders on change. */
export function I18nProvider({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(storedLanguage)
  const [translator, setTranslator] = useState<{ language: Language; t: Translate } | null>(null)

  useEffect(() => {
    let current = true
    void loadTranslator(language).then((t) => {
      if (!current) return
      applyToDocument(language)
      setTranslator({ language, t })
    })
    return () => {
      current = false
    }
  }, [language])

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
      },
    [translator, setLanguage],
  )
  if (!value) return <>{fallback}</>
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

export function useI18n(): I18n {
  const value = useContext(I18nContext)
  if (!value) throw new Error('useI18n needs an I18nProvider above it')
  return value
}
