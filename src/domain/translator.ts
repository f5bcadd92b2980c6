export const LANGUAGES = ['en', 'ar'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en'

export type Messages = { [key: string]: string | Messages }
export type TranslationParams = Record<string, string | number>
export type Translate = (key: string, params?: TranslationParams) => string

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language)
export const directionOf = (language: Language) => (language === 'ar' ? 'rtl' : 'ltr')

/** Arabic figures in Saudi style, but on the Gregorian calendar that stays and months use. */
export const intlLocale = (language: Language) => (language === 'ar' ? 'ar-SA-u-ca-gregory' : 'en-GB')

const PLURAL_CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other'])
const isPluralForms = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && Object.keys(value).every((key) => PLURAL_CATEGORIES.has(key))

/** The value at a dotted key ("auth.signIn"), if there is one. */
const find = (messages: Messages, key: string): string | Messages | undefined =>
  key
    .split('.')
    .reduce<string | Messages | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      messages,
    )

/** `{{name}}` replaced by its parameter; a parameter not given leaves nothing. */
const template = (text: string, params: TranslationParams, write: (value: string | number) => string) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => (name in params ? write(params[name]!) : ''))

/**
 * Look-up by dotted key and `{{name}}` templates; a value whose keys are plural categories is
 * chosen with Intl.PluralRules (Arabic has six), and every number given is written for the language.
 * A missing key falls back to English, then to the key itself so it shows up in review.
 */
export function createTranslator(language: Language, messages: Messages, fallback?: Messages): Translate {
  // Built on the first plural, not up front: each costs milliseconds on a phone's first screen.
  let plural: Intl.PluralRules | undefined
  let number: Intl.NumberFormat | undefined
  // Every number a text names is written in the reader's digits ("64" is "٦٤" in Arabic).
  const write = (value: string | number) =>
    typeof value === 'number'
      ? (number ??= new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-GB')).format(value)
      : value
  return (key, params = {}) => {
    let value = find(messages, key)
    if ((value === '' || value === undefined) && fallback) value = find(fallback, key)
    if (isPluralForms(value) && typeof params.count === 'number') {
      plural ??= new Intl.PluralRules(language)
      const form = value[plural.select(params.count)] ?? value.other ?? ''
      return template(form, params, write)
    }
    const text = typeof value === 'string' ? template(value, params, write) : ''
    return text !== '' ? text : key
  }
}
