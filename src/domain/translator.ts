import rosetta from 'rosetta'

export const LANGUAGES = ['en', 'ar'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en'

export type Messages = { [key: string]: string | Messages }
export type TranslationParams = Record<string, string | number>
export type Translate = (key: string, params?: TranslationParams) => string

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language)
export const directionOf = (language: Language) => (language === 'ar' ? 'rtl' : 'ltr')

const PLURAL_CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other'])
const isPluralForms = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && Object.keys(value).every((key) => PLURAL_CATEGORIES.has(key))

const fill = (text: string, params: TranslationParams) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  )

/**
 * rosetta for look-up and templates; a value whose keys are plural categories is chosen with
 * Intl.PluralRules (Arabic has six), and `count` is formatted for the language.
 * A missing key falls back to English, then to the key itself so it shows up in review.
 */
export function createTranslator(language: Language, messages: Messages, fallback?: Messages): Translate {
  const i18n = rosetta<Messages>({ [language]: messages, ...(fallback ? { en: fallback } : {}) })
  const plural = new Intl.PluralRules(language)
  const number = new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-GB')
  const lookup = (lang: Language, key: string, params: TranslationParams): unknown => {
    i18n.locale(lang)
    return i18n.t(key, params)
  }
  return (key, params = {}) => {
    let value = lookup(language, key, params)
    if ((value === '' || value === undefined) && fallback) value = lookup('en', key, params)
    if (isPluralForms(value) && typeof params.count === 'number') {
      const form = value[plural.select(params.count)] ?? value.other ?? ''
      return fill(form, { ...params, count: number.format(params.count) })
    }
    return typeof value === 'string' && value !== '' ? value : key
  }
}
