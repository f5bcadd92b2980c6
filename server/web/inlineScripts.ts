import crypto from 'node:crypto'
import fs from 'node:fs'

/**
 * The built index.html starts with one inline script (scripts/viteFirstScreen.ts). The
 * Content-Security-Policy allows exactly that script by its SHA-256, read from the build the
 * server serves, and no other inline script.
 */
export function inlineScriptHashes(indexFile: string): string[] {
  if (!fs.existsSync(indexFile)) return []
  const html = fs.readFileSync(indexFile, 'utf8')
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body = '']) => `'sha256-${crypto.createHash('sha256').update(body).digest('base64')}'`,
  )
}
