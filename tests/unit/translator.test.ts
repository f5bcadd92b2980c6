import { describe, expect, it } from 'vitest'
import en from '../../locales/en.json'
import ar from '../../locales/ar.json'
import { createTranslator, type Messages } from '../../src/domain/translator.ts'

function leafKeys(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key
    const isPlural = typeof value === 'object' && Object.keys(value).includes('other')
    return typeof value === 'string' || isPlural ? [path] : leafKeys(value, path)
  })
}

describe('locales', () => {
  it('have exactly the same keys in English and Arabic', () => {
    const english = leafKeys(en).sort()
    const arabic = leafKeys(ar).sort()
    expect(arabic.filter((key) => !english.includes(key))).toEqual([])
    expect(english.filter((key) => !arabic.includes(key))).toEqual([])
  })

  it('have no empty text', () => {
    for (const messages of [en, ar] as Messages[]) {
      const texts = JSON.stringify(messages).match(/:""/g)
      expect(texts).toBeNull()
    }
  })
})

describe('translator', () => {
  it('fills template values', () => {
    const t = createTranslator('en', en)
    expect(t('pages.dashboard.welcome', { name: 'Sara' })).toBe('Welcome back, Sara')
  })

  it("writes every number it is given in the reader's digits, not only a count", () => {
    expect(createTranslator('ar', ar)('errors.body.tooDeep', { max: 64 })).toContain('٦٤')
    expect(createTranslator('en', en)('errors.body.tooDeep', { max: 64000 })).toContain('64,000')
  })

  it('picks English plural forms', () => {
    const t = createTranslator('en', en)
    expect(t('header.unread', { count: 1 })).toBe('1 unread notification')
    expect(t('header.unread', { count: 5 })).toBe('5 unread notifications')
  })

  it('picks the six Arabic plural categories through Intl.PluralRules', () => {
    const t = createTranslator('ar', ar, en)
    expect(t('header.unread', { count: 0 })).toBe('لا توجد إشعارات غير مقروءة')
    // One and two carry their figure too: the bell's badge shows it, and its name must say it.
    expect(t('header.unread', { count: 1 })).toBe('١ إشعار غير مقروء')
    expect(t('header.unread', { count: 2 })).toBe('٢ إشعار غير مقروء')
    expect(t('header.unread', { count: 3 })).toBe('٣ إشعارات غير مقروءة')
    expect(t('header.unread', { count: 11 })).toBe('١١ إشعارًا غير مقروء')
    expect(t('header.unread', { count: 100 })).toBe('١٠٠ إشعار غير مقروء')
  })

  it('falls back to English, then to the key', () => {
    const t = createTranslator('ar', { app: { name: 'منزل' } }, en)
    expect(t('nav.dashboard')).toBe('Dashboard')
    expect(t('no.such.key')).toBe('no.such.key')
  })
})
