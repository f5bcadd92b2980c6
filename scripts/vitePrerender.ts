/**
 * Writes the markup of each prerendered first screen (scripts/firstScreens.ts), once per
 * language, into the built index.html as a template, and after #root the script that shows the
 * chosen one before the first paint (src/boot/prerendered.ts). The markup is the app's own first
 * render, drawn here by a Vite server-side load of src/boot/renderFirstScreen.tsx, so it is
 * exactly what the browser then hydrates.
 */
import path from 'node:path'
import { createServer, type HtmlTagDescriptor, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { HELD_FORM_KEY, LIVE_ATTRIBUTE, showPrerenderedScreen } from '../src/boot/prerendered.ts'
import { LANGUAGES } from '../src/domain/translator.ts'
import type { renderFirstScreen } from '../src/boot/renderFirstScreen.tsx'
import { localeParts } from './viteLocaleParts.ts'
import { FIRST_SCREENS } from './firstScreens.ts'

/** The script after #root: the function's own source, then the call. */
export const showPrerenderedScript = () =>
  `(${showPrerenderedScreen.toString()})(${JSON.stringify(HELD_FORM_KEY)}, ${JSON.stringify(LIVE_ATTRIBUTE)})`

/** Each prerendered screen in each language, as `<template data-screen lang>` tags. */
export async function prerenderedTemplates(root: string): Promise<HtmlTagDescriptor[]> {
  const screens = FIRST_SCREENS.filter((screen) => screen.prerendered)
  if (screens.length === 0) return []
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    plugins: [react(), localeParts()],
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
  })
  try {
    const { renderFirstScreen: render } = (await server.ssrLoadModule(
      path.join(root, 'src/boot/renderFirstScreen.tsx'),
    )) as { renderFirstScreen: typeof renderFirstScreen }
    const tags: HtmlTagDescriptor[] = []
    for (const screen of screens) {
      for (const language of LANGUAGES) {
        tags.push({
          tag: 'template',
          attrs: { 'data-screen': screen.name, lang: language },
          children: await render(screen.name, language),
          injectTo: 'body',
        })
      }
    }
    return tags
  } finally {
    await server.close()
  }
}

export function prerender(): Plugin {
  let root = process.cwd()
  return {
    name: 'manzil-prerender',
    apply: 'build',
    configResolved: (config) => {
      root = config.root
    },
    transformIndexHtml: {
      order: 'post',
      handler: async (_html, context) => {
        if (!context.bundle) return undefined
        const templates = await prerenderedTemplates(root)
        if (templates.length === 0) return undefined
        return [...templates, { tag: 'script', children: showPrerenderedScript(), injectTo: 'body' }]
      },
    },
  }
}
