/**
 * `npm run fonts`: writes src/fonts/, the faces the interface is drawn in, from the
 * fontsource packages. Every face is the package's own, limited to the weights the interface uses;
 * the two a first screen preloads (scripts/firstScreens.ts) are cut down further with HarfBuzz's
 * subsetter, since a phone downloads them beside the app's first code:
 *
 * - Inter's Latin face keeps every glyph, with the weight axis narrowed to 400–700 (48 → 34 KB).
 * - Noto Sans Arabic's Arabic face keeps the Arabic block (U+0600–06FF: Arabic, Persian and Urdu
 *   letters, marks, digits and punctuation) at 400–700 (166 → 37 KB). The rest of the package's
 *   Arabic range (presentation forms, the supplements) is still drawn in Noto Sans Arabic, from
 *   the package's whole file, fetched only by a page that shows such a character.
 *
 * The other faces (Cyrillic, Greek, Vietnamese, Latin Extended…) are the package's files, which a
 * browser fetches only for a name that needs them. tests/unit/fonts.test.ts checks that src/fonts/
 * is what this script writes from the installed packages.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as prettier from 'prettier'
import subsetFont from 'subset-font'

/** Tailwind's normal to bold: the interface's text uses no weight outside (font-medium, font-semibold, font-bold). */
const WEIGHTS = { min: 400, max: 700 }
const PACKAGES = ['@fontsource-variable/inter', '@fontsource-variable/noto-sans-arabic']
/** Code points as inclusive [first, last] pairs, as a face's unicode-range writes them. */
type CodeRanges = Array<[number, number]>

/** The preloaded faces, by the package's file name: what the cut keeps, and the cut file's name. */
const CUTS: Record<string, { keep: CodeRanges | 'every glyph'; file: string }> = {
  'inter-latin-wght-normal': { keep: 'every glyph', file: 'inter-latin.woff2' },
  'noto-sans-arabic-arabic-wght-normal': {
    keep: [
      [0x0600, 0x06ff],
      [0x200c, 0x200e],
      [0x2010, 0x2011],
    ],
    file: 'noto-sans-arabic-core.woff2',
  },
}

export const FONTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'fonts')
export const FACES_FILE = 'faces.css'

type Face = { name: string; family: string; file: string; ranges: CodeRanges }

const require = createRequire(import.meta.url)

function packageFaces(packageName: string): Face[] {
  const cssFile = require.resolve(`${packageName}/wght.css`)
  const css = fs.readFileSync(cssFile, 'utf8')
  return [...css.matchAll(/\/\* ([\w-]+) \*\/\s*@font-face\s*\{([^}]*)\}/g)].map(([, name, body]) => {
    const descriptor = (key: string) => {
      const value = new RegExp(`${key}:\\s*([^;]+);`).exec(body ?? '')?.[1]
      if (!value) throw new Error(`${cssFile}: face ${name} has no ${key}`)
      return value.trim()
    }
    const url = /url\(\.\/files\/([\w-]+\.woff2)\)/.exec(descriptor('src'))?.[1]
    if (!name || !url) throw new Error(`${cssFile}: a face without a name or a woff2 file`)
    return {
      name,
      family: descriptor('font-family'),
      file: `${packageName}/files/${url}`,
      ranges: parseRanges(descriptor('unicode-range')),
    }
  })
}

export function parseRanges(unicodeRange: string): CodeRanges {
  return unicodeRange.split(',').map((part) => {
    const [first, last = first] = part.trim().replace(/^U\+/i, '').split('-')
    return [parseInt(first ?? '', 16), parseInt(last ?? '', 16)]
  })
}

const formatRanges = (ranges: CodeRanges) =>
  ranges
    .map(([first, last]) => {
      const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, '0')
      return first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`
    })
    .join(',')

/** `ranges` without the code points of `cut`. */
function withoutRanges(ranges: CodeRanges, cut: CodeRanges): CodeRanges {
  return ranges.flatMap(([first, last]) => {
    let pieces: CodeRanges = [[first, last]]
    for (const [cutFirst, cutLast] of cut) {
      pieces = pieces.flatMap(([from, to]): CodeRanges => {
        if (cutLast < from || cutFirst > to) return [[from, to]]
        const kept: CodeRanges = []
        if (from < cutFirst) kept.push([from, cutFirst - 1])
        if (to > cutLast) kept.push([cutLast + 1, to])
        return kept
      })
    }
    return pieces
  })
}

const characters = (ranges: CodeRanges) =>
  ranges
    .map(([first, last]) =>
      String.fromCodePoint(...Array.from({ length: last - first + 1 }, (_, i) => first + i)),
    )
    .join('')

const fontFace = (family: string, src: string, ranges: CodeRanges) => `@font-face {
  font-family: ${family};
  font-style: normal;
  font-display: swap;
  font-weight: ${WEIGHTS.min} ${WEIGHTS.max};
  src: url('${src}') format('woff2-variations');
  unicode-range: ${formatRanges(ranges)};
}`

/** Every file of src/fonts/, by name: the cut faces and the stylesheet declaring all of them. */
export async function fontFiles(): Promise<Map<string, Buffer | string>> {
  const files = new Map<string, Buffer | string>()
  const rules: string[] = []
  for (const face of PACKAGES.flatMap(packageFaces)) {
    const cut = CUTS[face.name]
    if (!cut) {
      rules.push(`/* ${face.name} */\n${fontFace(face.family, face.file, face.ranges)}`)
      continue
    }
    const kept = cut.keep === 'every glyph' ? face.ranges : cut.keep
    const rest = withoutRanges(face.ranges, kept)
    // Declared first: for a character both faces cover, the face declared last is tried first.
    if (rest.length > 0)
      rules.push(`/* ${face.name}, beyond the cut */\n${fontFace(face.family, face.file, rest)}`)
    rules.push(`/* ${face.name}, cut to ${cut.file} */\n${fontFace(face.family, `./${cut.file}`, kept)}`)
    const source = fs.readFileSync(require.resolve(face.file))
    const everyGlyph = cut.keep === 'every glyph'
    files.set(
      cut.file,
      await subsetFont(source, everyGlyph ? null : characters(kept), {
        targetFormat: 'woff2',
        keepAllGlyphs: everyGlyph,
        variationAxes: { wght: WEIGHTS },
      }),
    )
  }
  const header = `/* Written by \`npm run fonts\` (scripts/fonts.ts) from ${PACKAGES.join(' and ')}: do not edit. */`
  const css = await prettier.format([header, ...rules].join('\n\n'), {
    parser: 'css',
    singleQuote: true,
    printWidth: 110,
  })
  files.set(FACES_FILE, css)
  return files
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = await fontFiles()
  fs.rmSync(FONTS_DIR, { recursive: true, force: true })
  fs.mkdirSync(FONTS_DIR, { recursive: true })
  for (const [name, contents] of files) {
    fs.writeFileSync(path.join(FONTS_DIR, name), contents)
    console.log(`src/fonts/${name}: ${(Buffer.byteLength(contents) / 1024).toFixed(1)} KB`)
  }
}
