/**
 * What makes the built app installable and readable offline (docs/product.md §2.23), written into the build's
 * folder once Vite has written everything else:
 *
 * - `manifest.webmanifest` (English, left to right) and `manifest.ar.webmanifest` (Arabic, right
 *   to left), their words from the locale files; the page links the one of its language;
 * - PNG icons drawn from `public/favicon.svg`, a maskable one on the brand colour;
 * - `offline.html`, both languages on one page, for a navigation with nothing cached and no network;
 * - `sw.js`: src/pwa/serviceWorker.ts, with the list of every file built and a version derived
 *   from their contents in front, so that a new build is a new worker and the page can offer it.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import ts from 'typescript'
import type { Plugin, ResolvedConfig } from 'vite'
import { FONTS, fontName } from './firstScreens.ts'
import { PATHS } from '../src/domain/paths.ts'
import en from '../locales/en.json' with { type: 'json' }
import ar from '../locales/ar.json' with { type: 'json' }

export const THEME_COLOR = '#0f766e'
const BACKGROUND_COLOR = '#f8fafc'
const LANGUAGES = [
  { file: 'manifest.webmanifest', lang: 'en', dir: 'ltr', words: en },
  { file: 'manifest.ar.webmanifest', lang: 'ar', dir: 'rtl', words: ar },
] as const
const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
]

function manifest({ lang, dir, words }: (typeof LANGUAGES)[number]) {
  return {
    id: '/',
    name: words.app.name,
    short_name: words.app.name,
    description: words.app.tagline,
    lang,
    dir,
    start_url: PATHS.dashboard,
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: ICONS,
  }
}

async function writeIcons(outDir: string, root: string) {
  const svg = fs.readFileSync(path.join(root, 'public', 'favicon.svg'))
  const dir = path.join(outDir, 'icons')
  fs.mkdirSync(dir, { recursive: true })
  for (const size of [192, 512]) {
    await sharp(svg, { density: 1200 })
      .resize(size, size)
      .png()
      .toFile(path.join(dir, `icon-${size}.png`))
  }
  // A maskable icon is cropped to a circle or a squircle by the launcher: the house sits in the
  // middle 60 %, on the brand colour that fills the rest.
  const inner = await sharp(svg, { density: 1200 }).resize(308, 308).png().toBuffer()
  await sharp({ create: { width: 512, height: 512, channels: 4, background: THEME_COLOR } })
    .composite([{ input: inner, top: 102, left: 102 }])
    .png()
    .toFile(path.join(dir, 'maskable-512.png'))
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/** Both languages on one page: with no network, nothing can say which one the person reads. */
function offlinePage() {
  const section = ({ lang, dir, words }: (typeof LANGUAGES)[number]) => `
    <section lang="${lang}" dir="${dir}">
      <h1>${escapeHtml(words.offline.title)}</h1>
      <p>${escapeHtml(words.offline.body)}</p>
      <button type="button" onclick="location.reload()">${escapeHtml(words.offline.retry)}</button>
    </section>`
  return `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="theme-color" content="${THEME_COLOR}" />
    <title>${escapeHtml(en.offline.title)} · ${escapeHtml(en.app.name)}</title>
    <style>
      body { margin: 0; min-height: 100vh; display: grid; place-content: center; gap: 2rem; padding: 1.5rem;
        background: ${BACKGROUND_COLOR}; color: #0f172a; font-family: system-ui, sans-serif; }
      section { max-width: 28rem; text-align: start; }
      h1 { font-size: 1.25rem; margin: 0 0 0.5rem; }
      p { margin: 0 0 1rem; color: #475569; line-height: 1.5; }
      button { min-height: 2.75rem; padding: 0 1.25rem; border: 0; border-radius: 0.75rem;
        background: ${THEME_COLOR}; color: #fff; font: inherit; font-weight: 600; }
    </style>
  </head>
  <body>${LANGUAGES.map(section).join('')}
  </body>
</html>
`
}

/** Every file under `dir`, as the absolute paths a browser asks for. */
function builtFiles(dir: string, base = ''): string[] {
  return fs.readdirSync(path.join(dir, base), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${base}/${entry.name}`
    return entry.isDirectory() ? builtFiles(dir, relative) : [relative]
  })
}

const FIRST_FONTS = new Set(Object.values(FONTS).flat())

/**
 * A face for a script the interface is not written in (Cyrillic, Greek, Vietnamese…): a browser
 * fetches it only for a guest's name that needs it, so it is not worth a phone's first visit.
 */
const isRareFont = (file: string) => file.endsWith('.woff2') && !FIRST_FONTS.has(fontName(file))

function serviceWorker(outDir: string, root: string) {
  const files = builtFiles(outDir)
    .filter((file) => file !== '/sw.js' && !/\.(map|br|gz)$/.test(file) && !isRareFont(file))
    .sort()
  // The server answers every screen with index.html, at its own address: the worker keeps it as "/".
  const precache = files.map((file) => (file === '/index.html' ? '/' : file))
  const digest = crypto.createHash('sha256')
  for (const file of files) digest.update(file).update(fs.readFileSync(path.join(outDir, file)))
  const version = digest.digest('hex').slice(0, 16)
  const source = fs.readFileSync(path.join(root, 'src', 'pwa', 'serviceWorker.ts'), 'utf8')
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None, removeComments: true },
  })
  const header = `const PRECACHE = ${JSON.stringify(precache)};\nconst VERSION = ${JSON.stringify(version)};\n`
  fs.writeFileSync(path.join(outDir, 'sw.js'), header + outputText)
}

export function pwa(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'manzil-pwa',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir)
      for (const language of LANGUAGES) {
        fs.writeFileSync(path.join(outDir, language.file), JSON.stringify(manifest(language), null, 2))
      }
      await writeIcons(outDir, config.root)
      fs.writeFileSync(path.join(outDir, 'offline.html'), offlinePage())
      // Last: its list and version cover everything above.
      serviceWorker(outDir, config.root)
    },
  }
}
