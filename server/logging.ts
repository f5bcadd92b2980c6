import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import { destination, type DestinationStream } from 'pino'
import { isColorSupported, prettyFactory } from 'pino-pretty'
import { API_PREFIX, apiPaths, type Route } from '../contract/paths.ts'
import { PATHS } from '../src/domain/paths.ts'
import type { LogFormat } from './config.ts'

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The path segment after `before`, wherever a path puts it; `after` (a file's `.ics`) stays. */
const segmentAfter = (before: string, after = '') =>
  new RegExp(`(${escaped(before)})[^/]+?(${escaped(after)})?(?=/|$)`, 'gi')

/** A route's URL up to its one parameter, which is the secret. */
const beforeParameter = (route: Route) => `${API_PREFIX}${route.url.slice(0, route.url.indexOf(':'))}`

/**
 * Path segments that are secrets: whoever reads them can reset a password, take an e-mail change
 * back, or read a calendar (docs/product.md §13.5): the mailed links' pages and the routes they
 * call, named where the router and the API take them, so a renamed route keeps its secret hidden.
 */
const SECRET_SEGMENTS: RegExp[] = [
  segmentAfter(`${PATHS.resetPassword}/`),
  segmentAfter(`${PATHS.cancelEmailChange}/`),
  segmentAfter(beforeParameter(apiPaths.auth.changePassword)),
  segmentAfter(beforeParameter(apiPaths.calendar.exportFeed), '.ics'),
  segmentAfter(`${PATHS.cleaner}/`),
  segmentAfter(beforeParameter(apiPaths.turnover.cleanerSchedule)),
  segmentAfter(beforeParameter(apiPaths.turnover.cleanerFeed), '.ics'),
  segmentAfter(`${PATHS.confirmCleanerEmail}/`),
  segmentAfter(beforeParameter(apiPaths.turnover.confirmEmail)),
  segmentAfter(`${PATHS.teamInvitation}/`),
  segmentAfter(beforeParameter(apiPaths.team.accept)),
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

/** What a request's line in the pretty log carries, as the serializers left it. */
type RequestLine = {
  req?: { method?: string; url?: string }
  res?: { statusCode?: number }
  responseTime?: number
}

/** `GET /api/health 200 3 ms` for a request's line; any other line keeps its message. */
function messageOf(log: Record<string, unknown>, messageKey: string): string {
  const { req, res, responseTime } = log as RequestLine
  const message = typeof log[messageKey] === 'string' ? (log[messageKey] as string) : ''
  if (!req || !res || typeof responseTime !== 'number') return message
  const line = `${req.method} ${req.url} ${res.statusCode} ${Math.round(responseTime)} ms`
  return message === 'request completed' ? line : `${line} ${message}`
}

/**
 * LOG_FORMAT=pretty: each JSON line pino makes, as one readable line (pino-pretty) on `target`,
 * in colour on a terminal that has it. The serializers and the redaction have already run: the
 * pretty line shows what the JSON line would.
 */
function prettyStream(target: DestinationStream, colorize: boolean): DestinationStream {
  const pretty = prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: messageOf,
    singleLine: true,
  })
  return { write: (line: string) => target.write(pretty(line)) }
}

/** The server's logger: pino at `level`, cookies hidden, request URLs redacted. */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
  format: LogFormat = 'json',
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  const target =
    format === 'pretty' ? prettyStream(stream ?? destination(1), !stream && isColorSupported) : stream
  return {
    level,
    redact: ['req.headers.cookie'],
    serializers: { req: serializeRequest as (request: unknown) => Record<string, unknown> },
    ...(target ? { stream: target } : {}),
  }
}

/**
 * Pretty logs have one line per request, made when it is answered: method, path (redacted),
 * status and time. Fastify's own two (incoming, then completed without the path) suit JSON logs,
 * which a machine joins by `reqId`.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return
    const line = { req: request, res: reply, responseTime: reply.elapsedTime }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else reply.log.info(line, 'request completed')
  }
}

/** Fastify's request logging for this format: its own for JSON, one line per request for pretty. */
export const requestLogController = (format: LogFormat): LogController | undefined =>
  format === 'pretty' ? new OneLinePerRequest() : undefined
