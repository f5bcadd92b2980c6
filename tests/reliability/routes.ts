import type { FastifyInstance } from 'fastify'

/**
 * Every /api route the app registered, as `METHOD /api/path/:param`, read from Fastify's own
 * route tree; HEAD, which Fastify adds beside each GET, is left out.
 */
export function apiRoutesOf(app: FastifyInstance): string[] {
  const routes: string[] = []
  // The full path of the last node seen at each depth of the printed tree.
  const pathAt: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line)
    if (!node) continue
    const depth = (node[1] ?? '').length / 4
    const path = (depth === 0 ? '' : (pathAt[depth - 1] ?? '')) + (node[2] ?? '')
    pathAt[depth] = path
    if (!path.startsWith('/api/')) continue
    for (const method of node[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${path}`)
  }
  return routes.sort()
}
