import type { FastifyInstance, FastifyRequest } from 'fastify'
import { forbidden } from '../errors.ts'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

type Origins = { publicOrigin: string }

/**
 * Whether a state-changing request came from a page of another origin (docs/product.md §13.3). SameSite=Lax
 * sends the session cookie from every origin of the same site (another port of localhost, a
 * sibling subdomain), so the browser's own word is asked:
 * - `Origin`, when present, must be PUBLIC_URL's origin (the dev server's, in development, is
 *   PUBLIC_URL too: scripts/dev.mjs), or the origin the request was addressed to (its scheme and
 *   Host, as when `npm start` is opened at 127.0.0.1 instead of localhost).
 * - `Sec-Fetch-Site`, when present, must be `same-origin`.
 * A request with neither (curl, tests, server to server) is no browser's and passes.
 */
export function isCrossOriginWrite(request: FastifyRequest, { publicOrigin }: Origins): boolean {
  if (!STATE_CHANGING.has(request.method)) return false
  const site = request.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin') return true
  const origin = request.headers.origin
  if (origin === undefined) return false
  if (origin === publicOrigin) return false
  // The scheme and host the browser used: a TRUST_PROXY proxy's X-Forwarded-Proto and
  // X-Forwarded-Host, else the connection's and its Host. Fastify reads X-Forwarded-* only on a
  // connection from a proxy TRUST_PROXY trusts; anyone else's, or any without TRUST_PROXY, count
  // for nothing (deploy/nginx.conf sets both itself, never passing a client's on).
  const host = request.host
  return host === '' || origin !== `${request.protocol}://${host}`
}

/**
 * Refuses (403, `{message}` in the reader's language) every state-changing request from another
 * origin before anything else reads it, signed in or not: a foreign page can neither act in a
 * signed-in browser nor sign it in to another account.
 */
export function installSameOriginWrites(app: FastifyInstance, publicUrl: string) {
  const origins = { publicOrigin: new URL(publicUrl).origin }
  app.addHook('onRequest', async (request) => {
    if (isCrossOriginWrite(request, origins)) throw forbidden('errors.crossOrigin')
  })
}
