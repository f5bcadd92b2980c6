import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { migrateToLatest, openDatabase } from '../../server/db/database.ts'

/**
 * The built SPA goes out compressed from the build's own .br/.gz copies, and the
 * page's one inline script (its first-screen preloads) is allowed by its hash, no other.
 */
describe('delivering the built SPA', () => {
  const inline = 'document.head.dataset.first = "1"'
  const script = 'export const answer = 42;\n'.repeat(200)
  let dataDir = ''
  let app: FastifyInstance

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-spa-'))
    const distDir = path.join(dataDir, 'dist')
    fs.mkdirSync(path.join(distDir, 'assets'), { recursive: true })
    const html = `<!doctype html><html><head><script>${inline}</script><title>Manzil</title></head></html>`
    fs.writeFileSync(path.join(distDir, 'index.html'), html)
    fs.writeFileSync(path.join(distDir, 'index.html.gz'), zlib.gzipSync(html))
    fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), script)
    fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(script))
    fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(script))
    const database = await openDatabase({ engine: 'sqlite', file: ':memory:' })
    await migrateToLatest(database.db)
    app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir }), database, logger: false, distDir })
  })

  afterAll(async () => {
    await app.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('sends brotli or gzip as the browser accepts, and plain bytes otherwise', async () => {
    const brotli = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(script)
    const gzip = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    const plain = await app.inject({ url: '/assets/app-abc123.js' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
  })

  it("answers a screen's address with the compressed page, uncached", async () => {
    const page = await app.inject({ url: '/calendar', headers: { 'accept-encoding': 'gzip' } })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-encoding']).toBe('gzip')
    expect(page.headers['cache-control']).toBe('no-cache')
    expect(zlib.gunzipSync(page.rawPayload).toString()).toContain('<title>Manzil</title>')
  })

  it("allows the page's inline script by its hash and no other inline script", async () => {
    const page = await app.inject({ url: '/login' })
    const hash = crypto.createHash('sha256').update(inline).digest('base64')
    expect(page.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}';`)
  })
})
