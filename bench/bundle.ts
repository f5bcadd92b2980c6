/**
 * `npm run bench:bundle`: builds the SPA for production into a temporary folder
 * (never dist/, which running servers read), then adds up the gzipped JavaScript a browser loads
 * for /login and for /dashboard: the entry chunk, the screen's modules and its words (as
 * scripts/firstScreens.ts lists them, which is also what index.html preloads), each with the
 * chunks they import statically, found in the build's output as index.html's preloads are. The baseline is react and
 * react-dom alone, bundled in the same run. Exits 1 when /login needs more than 100 KB or
 * /dashboard more than 140 KB. BENCH_QUICK=1 changes nothing here: sizes are not timings, and
 * the targets hold in quick mode too.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { build, type Plugin, type Rolldown } from 'vite'
import { LANGUAGES } from '../src/domain/translator.ts'
import { FIRST_SCREENS, wordsModule } from '../scripts/firstScreens.ts'
import { entryFiles, filesOf } from '../scripts/viteFirstScreen.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * The sign-in page within 100 KB, the dashboard (with the signed-in frame) within 140 KB
 * (docs/product.md §16).
 */
const TARGETS_KB: Record<string, number> = { '/login': 100, '/dashboard': 140 }

/** What each page needs besides the entry: its screen's modules and its words (scripts/firstScreens.ts). */
const PAGES = Object.entries(TARGETS_KB).flatMap(([name, targetKb]) => {
  const screen = FIRST_SCREENS.find((candidate) => candidate.name === name)
  if (!screen) throw new Error(`scripts/firstScreens.ts has no screen ${name}`)
  return LANGUAGES.map((language) => ({
    page: name,
    language,
    targetKb,
    chunks: [
      ...screen.modules,
      wordsModule(language, 'public'),
      ...(screen.signedIn ? [wordsModule(language, 'signedIn')] : []),
    ],
  }))
})

const gzippedBytes = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length
const kb = (bytes: number) => bytes / 1024

/** Builds the app into `outDir` and returns what the build wrote, as its plugins see it. */
async function buildApp(outDir: string): Promise<Rolldown.OutputBundle> {
  let written: Rolldown.OutputBundle | undefined
  const capture: Plugin = {
    name: 'capture-bundle',
    writeBundle: (_options, bundle) => {
      written = bundle
    },
  }
  await build({ root, logLevel: 'warn', plugins: [capture], build: { outDir, emptyOutDir: true } })
  if (!written) throw new Error('the build wrote nothing')
  return written
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
  const bundle = await buildApp(outDir)
  const reactBytes = await buildReactOnly(path.join(temp, 'react'))
  const rows = PAGES.map(({ page, language, targetKb, chunks }) => {
    const files = new Set([...entryFiles(bundle), ...chunks.flatMap((module) => filesOf(bundle, module))])
    const bytes = [...files].reduce((sum, file) => sum + gzippedBytes(path.join(outDir, file)), 0)
    return { page, language, targetKb, files: files.size, bytes }
  })
  const allJs = Object.values(bundle)
    .filter((output) => output.type === 'chunk')
    .map((chunk) => chunk.fileName)
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
      target: `${row.targetKb} KB ${kb(row.bytes) <= row.targetKb ? 'met' : 'MISSED'}`,
    })),
  )
  console.log(`Finished in ${((performance.now() - started) / 1000).toFixed(0)} s.`)
  if (rows.some((row) => kb(row.bytes) > row.targetKb)) {
    console.error('A target was missed.')
    process.exitCode = 1
  }
} finally {
  fs.rmSync(temp, { recursive: true, force: true })
}
