import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FACES_FILE, FONTS_DIR, fontFiles, parseRanges } from '../../scripts/fonts.ts'
import { FONTS } from '../../scripts/firstScreens.ts'
import en from '../../locales/en.json' with { type: 'json' }
import ar from '../../locales/ar.json' with { type: 'json' }

const css = fs.readFileSync(path.join(FONTS_DIR, FACES_FILE), 'utf8')
/** Each face of src/fonts/faces.css: its file and the code points it is used for. */
const faces = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body = '']) => ({
  family: /font-family:\s*'([^']+)'/.exec(body)?.[1] ?? '',
  file: /url\('([^']+)'\)/.exec(body)?.[1] ?? '',
  ranges: parseRanges(/unicode-range:\s*([^;]+);/.exec(body)?.[1] ?? ''),
}))
/** The face the browser uses for `character` in `family`: of the faces covering it, the last declared. */
const faceFor = (family: string, character: string) => {
  const code = character.codePointAt(0) ?? 0
  return faces.findLast(
    (face) => face.family === family && face.ranges.some(([first, last]) => code >= first && code <= last),
  )
}
const fileName = (file: string) => path.basename(file, '.woff2')

describe('the faces the interface is drawn in', () => {
  // HarfBuzz cuts two faces in WebAssembly: seconds of CPU, more on a machine running other suites.
  it(
    'src/fonts/ is what `npm run fonts` writes from the installed packages',
    { timeout: 60_000 },
    async () => {
      const expected = await fontFiles()
      expect(fs.readdirSync(FONTS_DIR).sort()).toEqual([...expected.keys()].sort())
      for (const [name, contents] of expected) {
        expect(fs.readFileSync(path.join(FONTS_DIR, name)).equals(Buffer.from(contents)), name).toBe(true)
      }
    },
  )

  it.each([
    ['en', en, 'ar'],
    ['ar', ar, 'en'],
  ] as const)(
    '%s: every letter of the interface is in a face the first screen preloads',
    (language, messages, other) => {
      // The language switch names the other language in its own words ("العربية" on an English
      // page): a word too small to hold the page's first paint for a font.
      const { [other]: _otherLanguage, ...languageNames } = messages.language
      const words = JSON.stringify({ ...messages, language: languageNames })
      const latin = new Set<string>()
      const arabic = new Set<string>()
      for (const character of new Set(words)) {
        // Inter comes first in the stack (src/index.css), Noto Sans Arabic for what Inter lacks.
        const face = faceFor('Inter Variable', character) ?? faceFor('Noto Sans Arabic Variable', character)
        ;(face?.family === 'Inter Variable' ? latin : arabic).add(fileName(face?.file ?? character))
      }
      const preloaded = FONTS[language] ?? []
      expect([...latin, ...arabic].filter((file) => !preloaded.includes(file))).toEqual([])
    },
  )

  it('an Arabic letter beyond the cut still has Noto Sans Arabic, from the whole file', () => {
    // ARABIC LETTER BEH WITH SMALL V BELOW (U+0750), in the Arabic Supplement block.
    expect(faceFor('Noto Sans Arabic Variable', '\u0750')?.file).toMatch(
      /noto-sans-arabic-arabic-wght-normal\.woff2$/,
    )
    expect(faceFor('Noto Sans Arabic Variable', 'ب')?.file).toBe('./noto-sans-arabic-core.woff2')
  })
})
