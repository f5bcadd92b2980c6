/**
 * Writes into the built index.html a small script that preloads, from the page's first
 * bytes, everything its first screen needs — the screen's chunks, its words, its fonts, its first
 * API calls — so that nothing waits for the code before it to run (src/boot/firstScreen.ts). The
 * server allows this one inline script by its hash (server/web/inlineScripts.ts).
 */
import type { Plugin, Rolldown } from 'vite'
import {
  chooseLanguage,
  fillRequest,
  preloadFirstScreen,
  type FirstScreenPlan,
} from '../src/boot/firstScreen.ts'
import { EARLY_RESPONSES_KEY } from '../src/boot/earlyResponses.ts'
import { warmUpIntl } from '../src/boot/intlWarmup.ts'
import { LANGUAGE_STORAGE_KEY, SESSION_HINT_KEY } from '../src/boot/storageKeys.ts'
import { REQUEST_TIMEOUT_MS } from '../src/actors/http.ts'
import { DEFAULT_LANGUAGE, LANGUAGES, directionOf, intlLocale } from '../src/domain/translator.ts'
import { FIRST_SCREENS, FONTS, fontName, wordsModule } from './firstScreens.ts'

type OutputBundle = Rolldown.OutputBundle
type OutputChunk = Rolldown.OutputChunk

const chunks = (bundle: OutputBundle) =>
  Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk')

const isModule = (id: string, module: string) => id === `\0${module}` || id.endsWith(`/${module}`)

/**
 * The chunk that holds `module` (a path from the root, or a virtual id) — its own, or the group's
 * it was built into (scripts/chunkGroups.ts) — and every chunk it imports statically.
 */
export function filesOf(
  bundle: OutputBundle,
  module: string,
  skip: ReadonlySet<string> = new Set(),
): string[] {
  const byFile = new Map(chunks(bundle).map((chunk) => [chunk.fileName, chunk]))
  const facade = chunks(bundle).find((chunk) => chunk.moduleIds.some((id) => isModule(id, module)))
  if (!facade) throw new Error(`no chunk is built from ${module}`)
  const files: string[] = []
  const visit = (chunk: OutputChunk) => {
    if (skip.has(chunk.fileName) || files.includes(chunk.fileName)) return
    files.push(chunk.fileName)
    for (const imported of chunk.imports) {
      const next = byFile.get(imported)
      if (next) visit(next)
    }
  }
  visit(facade)
  return files
}

/** The entry and what it imports: index.html already asks for those. */
export function entryFiles(bundle: OutputBundle): Set<string> {
  const entry = chunks(bundle).find((chunk) => chunk.isEntry)
  return new Set(entry ? [entry.fileName, ...entry.imports] : [])
}

function fontFile(bundle: OutputBundle, name: string): string {
  const file = Object.keys(bundle).find(
    (fileName) => fileName.endsWith('.woff2') && fontName(fileName) === name,
  )
  if (!file) throw new Error(`no font file ${name} was built`)
  return file
}

/** The worker's script (src/boot/intlWarmup.ts): the function's source, called. */
export const INTL_WARMUP = { name: 'intl-warmup.js', source: `(${warmUpIntl.toString()})()\n` }

function intlWarmupFile(bundle: OutputBundle): string {
  const file = Object.values(bundle).find(
    (output) => output.type === 'asset' && output.names.includes(INTL_WARMUP.name),
  )
  if (!file) throw new Error(`${INTL_WARMUP.name} was not built`)
  return file.fileName
}

export function firstScreenPlan(bundle: OutputBundle, base = '/'): FirstScreenPlan {
  const skip = entryFiles(bundle)
  const url = (file: string) => `${base}${file}`
  const perLanguage = (files: (language: string) => string[]) =>
    Object.fromEntries(LANGUAGES.map((language) => [language, files(language).map(url)]))
  return {
    languageKey: LANGUAGE_STORAGE_KEY,
    sessionHintKey: SESSION_HINT_KEY,
    languages: [...LANGUAGES],
    rightToLeft: LANGUAGES.filter((language) => directionOf(language) === 'rtl'),
    defaultLanguage: DEFAULT_LANGUAGE,
    everyPage: perLanguage((language) => [
      ...filesOf(bundle, wordsModule(language, 'public'), skip),
      ...(FONTS[language] ?? []).map((name) => fontFile(bundle, name)),
    ]),
    signedInWords: perLanguage((language) => filesOf(bundle, wordsModule(language, 'signedIn'), skip)),
    earlyResponsesKey: EARLY_RESPONSES_KEY,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    intlWarmup: {
      script: url(intlWarmupFile(bundle)),
      locales: Object.fromEntries(LANGUAGES.map((language) => [language, intlLocale(language)])),
    },
    screens: FIRST_SCREENS.map((screen) => ({
      name: screen.name,
      path: screen.path,
      signedIn: screen.signedIn,
      prerendered: screen.prerendered,
      files: [...new Set(screen.modules.flatMap((module) => filesOf(bundle, module, skip)))].map(url),
      requests: screen.requests,
    })),
  }
}

/** The script's text: the functions' own source, then the call with this build's plan. */
export const firstScreenScript = (plan: FirstScreenPlan) =>
  `${chooseLanguage.toString()}\n${fillRequest.toString()}\n(${preloadFirstScreen.toString()})(${JSON.stringify(plan)})`

export function firstScreen(): Plugin {
  let base = '/'
  return {
    name: 'manzil-first-screen',
    apply: 'build',
    configResolved: (config) => {
      base = config.base
    },
    buildStart() {
      this.emitFile({ type: 'asset', name: INTL_WARMUP.name, source: INTL_WARMUP.source })
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) => {
        if (!context.bundle) return undefined
        return [
          {
            tag: 'script',
            children: firstScreenScript(firstScreenPlan(context.bundle, base)),
            injectTo: 'head-prepend',
          },
        ]
      },
    },
  }
}
