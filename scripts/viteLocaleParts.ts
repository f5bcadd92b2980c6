/**
 * `virtual:locale/<language>/<part>` is the part of `locales/<language>.json` that
 * src/domain/localeParts.ts assigns to it, as a module of its own, so each part is a chunk of
 * its own. The locale files stay whole: translators keep editing one file per language.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'
import { isLocalePart, localePart } from '../src/domain/localeParts.ts'
import { isLanguage, type Messages } from '../src/domain/translator.ts'

const PREFIX = 'virtual:locale/'
const RESOLVED = `\0${PREFIX}`

export function localeParts(): Plugin {
  let root = process.cwd()
  return {
    name: 'manzil-locale-parts',
    configResolved: (config) => {
      root = config.root
    },
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined
      const [language = '', part = ''] = id.slice(RESOLVED.length).split('/')
      if (!isLanguage(language) || !isLocalePart(part)) throw new Error(`no locale part ${id.slice(1)}`)
      const file = path.join(root, 'locales', `${language}.json`)
      this.addWatchFile(file)
      const messages = JSON.parse(fs.readFileSync(file, 'utf8')) as Messages
      // JSON.parse of a string literal is parsed faster than the same object as JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(localePart(messages, part)))})`
    },
  }
}
