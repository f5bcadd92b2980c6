import redaxios from 'redaxios'
import type { BodyOf, EndpointAt, QueryOf, ResponseOf } from '../../contract/index.ts'
import { pathOf, type ParamsOf, type Route } from '../../contract/paths.ts'
import { takeEarlyResponse } from '../boot/earlyResponses.ts'
import { isPublicPath, PATHS } from '../domain/paths.ts'

export const API_BASE = '/api'
export const REQUEST_TIMEOUT_MS = 100_000

/** The server's sentence for each field it refused, by the field's name in the request. */
export type FieldMessages = Readonly<Record<string, string>>

/**
 * What every failed call becomes: the server's message (or the caller's fallback), the status,
 * when the server said when to try again (a 429's `Retry-After`) that wait in seconds, and the
 * fields it blamed, each with its own sentence for the form to show there.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterSeconds?: number,
    readonly fields: FieldMessages = {},
  ) {
    super(message)
  }
}

/**
 * No answer, with the browser offline: the request never reached the server, so nothing changed
 * there and a form keeps its input for the person to send again. The flows say the one offline
 * message for it (`offline`, read by shape: src/machines/parts/feedback.ts).
 */
export class OfflineError extends ApiError {
  readonly offline = true
  constructor(message: string) {
    super(message, 0)
  }
}

let requestLanguage = 'en'
/** The server answers its messages in the language the interface shows. */
export const setRequestLanguage = (language: string) => {
  requestLanguage = language
}

let signingOut = false
/**
 * Signing out leaves for /login by a full page load. Requests still in flight then answer 401,
 * and must not race that navigation with one to /login?next=… (the page just left on purpose).
 */
export function leaveAfterSignOut() {
  signingOut = true
  window.location.assign(PATHS.login)
}

/**
 * A 401 logs a warning and leaves for /login by full navigation; the caller still gets the failure
 * (docs/product.md §8.1).
 */
function onUnauthorized() {
  if (signingOut) return
  console.warn('The session may have expired; sending the browser to the login page.')
  const { pathname, search } = window.location
  if (isPublicPath(pathname)) return
  const next = encodeURIComponent(pathname + search)
  window.location.assign(`${PATHS.login}?next=${next}`)
}

// redaxios has no timeout option: the fetch it uses adds one. A GET the page sent before the app
// ran (index.html, src/boot/earlyResponses.ts) is answered by that call, which has the same limit.
const fetchWithTimeout: typeof fetch = (input, init) =>
  (init?.method === 'GET' && typeof input === 'string' ? takeEarlyResponse(input) : undefined) ??
  fetch(input, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })

const client = redaxios.create({ baseURL: API_BASE, withCredentials: true, fetch: fetchWithTimeout })

type ErrorResponse = { status?: number; data?: unknown; headers?: Headers }

const messageOf = (data: unknown): string | undefined =>
  typeof data === 'object' && data !== null && typeof (data as { message?: unknown }).message === 'string'
    ? (data as { message: string }).message
    : undefined

/** `fields` of an error body, keeping only names that carry a sentence. */
function fieldsOf(data: unknown): FieldMessages {
  const fields = typeof data === 'object' && data !== null ? (data as { fields?: unknown }).fields : undefined
  if (typeof fields !== 'object' || fields === null) return {}
  return Object.fromEntries(Object.entries(fields).filter((entry) => typeof entry[1] === 'string'))
}

/** `Retry-After` in its delay form, whole seconds (the only form the server sends). */
function retryAfterOf(headers: Headers | undefined): number | undefined {
  const value = headers?.get('retry-after')?.trim()
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined
}

/** What the body of a route takes, and what its success answers, as the contract says. */
export type BodyAt<R extends Route> = BodyOf<EndpointAt<R>>
export type ResponseAt<R extends Route> = ResponseOf<EndpointAt<R>>

/**
 * What a call of a route passes: the values of its path's parameters, its query's fields (an
 * absent or empty one is left out; the whole query when none is required) and its body, each only
 * where the route has one.
 */
export type CallOf<R extends Route> = (keyof ParamsOf<R['url']> extends never
  ? { params?: undefined }
  : { params: ParamsOf<R['url']> }) &
  (QueryOf<EndpointAt<R>> extends undefined
    ? { query?: undefined }
    : object extends QueryOf<EndpointAt<R>>
      ? { query?: QueryOf<EndpointAt<R>> }
      : { query: QueryOf<EndpointAt<R>> }) &
  (BodyAt<R> extends undefined ? { body?: undefined } : { body: BodyAt<R> })

/** The query string of these fields, in their order, without the absent or empty ones. */
function queryString(fields: object | undefined): string {
  const defined = Object.entries(fields ?? {}).filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '',
  )
  return defined.length ? `?${new URLSearchParams(defined.map(([key, value]) => [key, String(value)]))}` : ''
}

/**
 * The one way the app talks to the API: a route of the contract's `apiPaths` and what the call
 * passes. `message` is read from an error body, and `fields` when the server blames fields
 * (docs/product.md §7.1); without a message the error carries `fallback`, which the caller picks
 * (a localised text).
 */
/**
 * The fallback of a call that changes something: a failure without the server's message then shows
 * the action's own localised text ("Error updating property"), not an English "Unexpected error".
 */
export const NO_FALLBACK = ''

export async function request<R extends Route>(
  route: R,
  ...[call, fallback = 'Unexpected error']: object extends CallOf<R>
    ? [call?: CallOf<R>, fallback?: string]
    : [call: CallOf<R>, fallback?: string]
): Promise<ResponseAt<R>> {
  const { method } = route
  const { params, query, body } = (call ?? {}) as {
    params?: ParamsOf<string>
    query?: object
    body?: unknown
  }
  const url = pathOf(route.url, params ?? {}) + queryString(query)
  try {
    const response = await client.request<ResponseAt<R>>(url, {
      method,
      // A bodyless POST still says it is JSON, which the server accepts and CSRF forms cannot send.
      data: body ?? (method === 'get' ? undefined : {}),
      headers: { accept: 'application/json', 'accept-language': requestLanguage },
    })
    return response.data
  } catch (failure) {
    // fetch rejects with a TypeError when no answer comes; with the browser offline, that is why.
    if (failure instanceof TypeError && !navigator.onLine) throw new OfflineError(fallback)
    // A server out of reach from a network that works, or the timeout: nothing from it to show.
    if (failure instanceof Error) throw new ApiError(fallback, 0)
    const { status = 0, data: errorBody, headers } = failure as ErrorResponse
    if (status === 401) onUnauthorized()
    throw new ApiError(messageOf(errorBody) ?? fallback, status, retryAfterOf(headers), fieldsOf(errorBody))
  }
}
