import type { FastifyRequest, FastifyServerOptions } from 'fastify'
import type { DestinationStream } from 'pino'

/**
 * Path segments that are secrets: whoever reads them can reset a password, take an e-mail change
 * back, or read a calendar (issue 14). Each is the segment after the named one, wherever the path
 * puts it; a calendar file keeps its `.ics`.
 */
const SECRET_SEGMENTS: RegExp[] = [
  /(\/reset-password\/)[^/]+()/gi,
  /(\/cancel-email-change\/)[^/]+()/gi,
  /(\/forgot-password\/change\/)[^/]+()/gi,
  /(\/api\/calendar\/)[^/]+?(\.ics)?(?=\/|$)/gi,
]

export const REDACTED = '[redacted]'

/**
 * A request URL as the log may keep it: the path with its secret segments replaced, and never
 * the query string (any `token=` or other secret a link may carry).
 */
export function redactUrl(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? ''
  // Each pattern's two groups: what stays before the secret, and after it.
  return SECRET_SEGMENTS.reduce((redacted, pattern) => redacted.replace(pattern, `$1${REDACTED}$2`), path)
}

/** Fastify's own request fields, with the URL as `redactUrl` leaves it. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}

/** The server's logger: pino at `level`, cookies hidden, request URLs redacted. */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: ['req.headers.cookie'],
    serializers: { req: serializeRequest as (request: unknown) => Record<string, unknown> },
    ...(stream ? { stream } : {}),
  }
}
