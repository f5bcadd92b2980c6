import { PATHS } from '../domain/paths.ts'

const FALLBACK = PATHS.dashboard
/** Any origin will do: only whether a path stays on it matters. */
const BASE = 'https://manzil.invalid'

/**
 * The page a signed-out person wanted (`?next=`), if it is a path of ours; else the dashboard. The
 * path is resolved as the browser would resolve it and kept only when it stays on our origin:
 * `//evil.com`, `/\evil.com` (a backslash reads as a slash) and `/%5Cevil.com` all leave it.
 */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get('next')
  if (!next || !next.startsWith('/')) return FALLBACK
  try {
    const resolved = new URL(next, BASE)
    if (resolved.origin !== BASE || next.includes('\\')) return FALLBACK
    return `${resolved.pathname}${resolved.search}${resolved.hash}`
  } catch {
    return FALLBACK
  }
}
