import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import en from '../../locales/en.json' with { type: 'json' }
import ar from '../../locales/ar.json' with { type: 'json' }
import { joinLocaleParts, LOCALE_PARTS, localePart, PUBLIC_NAMESPACES } from '../../src/domain/localeParts.ts'
import type { Messages } from '../../src/domain/translator.ts'
import { inlineScriptHashes } from '../../server/web/inlineScripts.ts'

/** Every key path of `messages` whose value is a string or a plural form. */
function keys(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  )
}

describe('the words in parts', () => {
  it.each([
    ['en', en],
    ['ar', ar],
  ] as const)(
    '%s: the parts share no word and together hold every word but the server’s own',
    (_, messages) => {
      const parts = LOCALE_PARTS.map((part) => localePart(messages, part))
      const words = parts.map((part) => keys(part))
      for (const [index, some] of words.entries()) {
        for (const others of words.slice(index + 1)) {
          expect(some.filter((key) => others.includes(key))).toEqual([])
        }
      }
      // The e-mails, the push alerts, the cleaner's feed, and the errors only the server finds,
      // which it answers in the reader's language.
      const { mail: _mail, push: _push, cleanerFeed: _cleanerFeed, ...browserWords } = messages
      const { auth, property } = messages.errors
      browserWords.errors = { auth, property } as unknown as typeof messages.errors
      expect(joinLocaleParts(parts)).toEqual(browserWords)
    },
  )

  it('keeps the admins’ screens’ words for the first of them', () => {
    expect(Object.keys(localePart(ar, 'admin')).sort()).toEqual(['logs', 'userActions'])
    expect(Object.keys(localePart(ar, 'signedIn'))).not.toContain('logs')
  })

  it('keeps a cleaner’s page’s words to that page, and the Turnovers screen’s to that screen', () => {
    expect(Object.keys(localePart(ar, 'cleaner'))).toEqual(['cleaner'])
    expect(Object.keys(localePart(ar, 'turnovers'))).toEqual(['turnovers'])
    for (const part of ['public', 'signedIn'] as const)
      for (const namespace of ['cleaner', 'turnovers'])
        expect(Object.keys(localePart(ar, part))).not.toContain(namespace)
  })

  it('keeps the offline and update words for when they are said', () => {
    const occasional = localePart(en, 'occasional')
    expect(Object.keys(occasional).sort()).toEqual(['offline', 'update'])
    expect(keys(localePart(en, 'public'))).not.toContain('offline.title')
    // A form that fails offline says so at once: its sentence is among the public words.
    expect(keys(localePart(en, 'public'))).toContain('app.offlineFailure')
    expect(keys(localePart(en, 'public')).some((key) => key.startsWith('errors.fields.'))).toBe(false)
  })

  it('keeps the public part to the public namespaces, and the signed-in errors out of it', () => {
    const publicPart = localePart(en, 'public')
    expect(
      Object.keys(publicPart).every((namespace) =>
        (PUBLIC_NAMESPACES as readonly string[]).includes(namespace),
      ),
    ).toBe(true)
    expect(keys(publicPart)).toContain('auth.signIn')
    expect(keys(publicPart)).not.toContain('errors.property.notFound')
    expect(keys(localePart(en, 'signedIn')).some((key) => key.startsWith('errors.property.'))).toBe(true)
  })
})

describe('the words the browser says', () => {
  it.each([
    ['en', en],
    ['ar', ar],
  ] as const)('%s: every key the browser code names is in a part it loads', (_, messages) => {
    const loaded = new Set(LOCALE_PARTS.flatMap((part) => keys(localePart(messages, part))))
    const named = new Set<string>()
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name)
        if (entry.isDirectory()) walk(file)
        else if (/\.tsx?$/.test(entry.name))
          for (const [, key] of fs.readFileSync(file, 'utf8').matchAll(/['"`](errors\.[\w.]+)['"`]/g))
            named.add(key!)
      }
    }
    walk(path.resolve(import.meta.dirname, '../../src'))
    expect(named.size).toBeGreaterThan(0)
    expect([...named].filter((key) => !loaded.has(key))).toEqual([])
  })
})

describe("the page's inline script is allowed by its hash", () => {
  it('hashes each inline script of index.html and nothing else', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-inline-'))
    const body = 'console.log("first screen")'
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<html><head><script>${body}</script><script type="module" src="/assets/index.js"></script></head></html>`,
    )
    const expected = crypto.createHash('sha256').update(body).digest('base64')
    expect(inlineScriptHashes(path.join(dir, 'index.html'))).toEqual([`'sha256-${expected}'`])
    expect(inlineScriptHashes(path.join(dir, 'missing.html'))).toEqual([])
    fs.rmSync(dir, { recursive: true, force: true })
  })
})
