import { expect } from 'vitest'

const FIELD_KEY_PREFIX = /^[\w.[\]]+: /
const LOCALE_KEY = /\berrors\.\w/

const expectSentence = (text: unknown, context?: string) => {
  expect(typeof text, context).toBe('string')
  expect(text, context).not.toMatch(FIELD_KEY_PREFIX)
  expect(text, context).not.toMatch(LOCALE_KEY)
}

/**
 * Every refusal is `{message}` or `{message, fields: {name: message}}` (docs/product.md §7.1), each a
 * sentence: no "email: …" prefix and no untranslated locale key.
 */
export function expectTranslatedRefusal(body: unknown, context?: string): void {
  const { message, fields, ...rest } = body as { message?: unknown; fields?: unknown }
  expect(rest, context).toEqual({})
  expectSentence(message, context)
  if (fields === undefined) return
  expect(typeof fields, context).toBe('object')
  for (const text of Object.values(fields as object)) expectSentence(text, context)
}
