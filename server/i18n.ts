import type { FastifyRequest } from 'fastify'
import en from '../locales/en.json' with { type: 'json' }
import ar from '../locales/ar.json' with { type: 'json' }
import { createTranslator, type Language, type Translate } from '../src/domain/translator.ts'

const translators: Record<Language, Translate> = {
  en: createTranslator('en', en),
  ar: createTranslator('ar', ar, en),
}

export const translatorFor = (language: Language): Translate => translators[language]

/** The language the browser asked for: Arabic when it leads Accept-Language, else English. */
export function languageOf(request: FastifyRequest): Language {
  const header = request.headers['accept-language'] ?? ''
  return header.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en'
}
