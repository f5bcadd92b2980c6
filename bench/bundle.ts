/**
 * `npm run bench:bundle` (issue 7): builds the SPA for production into a temporary folder (never
 * dist/, which running servers read), then adds up the gzipped JavaScript a browser loads for
 * /login and for /dashboard: the entry chunk, the screen's chunk and the locale chunks, each with
 * the chunks they import statically, as Vite's manifest lists them. The baseline is react and
 * react-dom alone, bundled in the same run. Exits 1 when a page needs more than 180 KB.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'vite'

const TARGET_KB = 180
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
type Manifest = Record<string, ManifestChunk>

/** What each page needs besides the entry: its screen, the signed-in frame, and its language. */
const SIGNED_IN = ['src/routes/AppShell.tsx', 'src/routes/notifications.ts']
const SCREENS = [
  { page: '/login', chunks: ['src/routes/LoginRoute.tsx'] },
  { page: '/dashboard', chunks: ['src/routes/DashboardRoute.tsx', ...SIGNED_IN] },
]
const LANGUAGES = [
  { language: 'en', chunks: ['locales/en.json'] },
  { language: 'ar', chunks: ['locales/ar.json'] },
]
const PAGES = SCREENS.flatMap((screen) =>
  LANGUAGES.map((language) => ({
    page: screen.page,
    language: language.language,
    chunks: [...screen.chunks, ...language.chunks],
  })),
)

const gzippedBytes = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length
const kb = (bytes: number) => bytes / 1024

/** The files of these manifest entries and of everything they import statically. */
function filesOf(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`the manifest has no chunk for ${key}`)
    if (files.has(chunk.file)) return
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  keys.forEach(visit)
  return files
}

async function buildApp(outDir: string): Promise<Manifest> {
  await build({
    root,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  })
  return JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
}

/** react and react-dom rendering one element, built the same way: what any React page pays. */
async function buildReactOnly(outDir: string): Promise<number> {
  const entry: Plugin = {
    name: 'react-only-entry',
    resolveId: (id) => (id === 'virtual:react-only' ? '\0react-only' : undefined),
    load: (id) =>
      id === '\0react-only'
        ? `import { createElement } from 'react'
           import { createRoot } from 'react-dom/client'
           createRoot(document.body).render(createElement('p', null, 'hello'))`
        : undefined,
  }
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [entry],
    build: { outDir, emptyOutDir: true, rollupOptions: { input: 'virtual:react-only' } },
  })
  const assets = path.join(outDir, 'assets')
  return fs
    .readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzippedBytes(path.join(assets, file)), 0)
}

const started = performance.now()
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-bundle-'))
try {
  const outDir = path.join(temp, 'app')
  const manifest = await buildApp(outDir)
  const reactBytes = await buildReactOnly(path.join(temp, 'react'))
  const [entry] = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry)
  if (!entry) throw new Error('the manifest has no entry chunk')
  const rows = PAGES.map(({ page, language, chunks }) => {
    const files = filesOf(manifest, [entry[0], ...chunks])
    const bytes = [...files].reduce((sum, file) => sum + gzippedBytes(path.join(outDir, file)), 0)
    return { page, language, files: files.size, bytes }
  })
  const allJs = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith('.js'))
  const allBytes = allJs.reduce((sum, file) => sum + gzippedBytes(path.join(outDir, file)), 0)
  console.log(
    `Bundle benchmark: gzipped JavaScript (level 9) loaded by each page; the whole app is ` +
      `${allJs.length} chunks, ${kb(allBytes).toFixed(1)} KB. react + react-dom alone: ` +
      `${kb(reactBytes).toFixed(1)} KB.`,
  )
  console.table(
    rows.map((row) => ({
      page: row.page,
      language: row.language,
      chunks: row.files,
      'gzip KB': Number(kb(row.bytes).toFixed(1)),
      'vs react+react-dom': (row.bytes / reactBytes).toFixed(2),
      target: kb(row.bytes) <= TARGET_KB ? 'met' : 'MISSED',
    })),
  )
  console.log(
    `Target: <= ${TARGET_KB} KB each. Finished in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  )
  if (rows.some((row) => kb(row.bytes) > TARGET_KB)) {
    console.error('A target was missed.')
    process.exitCode = 1
  }
} finally {
  fs.rmSync(temp, { recursive: true, force: true })
}
