import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import { languageOf, translatorFor } from '../i18n.ts'
import { API_PREFIX } from '../../contract/paths.ts'

const YEAR_IN_SECONDS = 365 * 24 * 3600

/**
 * Serves the built SPA from `dist/`: hashed assets cached for a year, index.html never cached,
 * and every unknown non-/api GET answered with index.html so client routes survive a reload;
 * compressed, from the build's own compressed copies, for a browser that accepts it.
 */
export async function registerSpa(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html')
  const hasBuild = fs.existsSync(indexFile)
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build's .br and .gz beside each file (scripts/vitePrecompress.ts): a phone gets less to download.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`)
        reply.header('cache-control', hashed ? `public, max-age=${YEAR_IN_SECONDS}, immutable` : 'no-cache')
      },
    })
  } else {
    app.log.warn(`no built SPA at ${indexFile}; run "npm run build" (the API still works)`)
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === API_PREFIX || request.url.startsWith(`${API_PREFIX}/`)
    if (isApi || !hasBuild || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: translatorFor(languageOf(request))('errors.notFound') })
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', distDir)
  })
}
