import type { RangeProblem } from '../src/domain/dateRange.ts'
import type { TranslationParams } from '../src/domain/translator.ts'

/** What one field of a refused request got wrong: a locale key (under `errors.`) and its values. */
export type FieldProblem = { field: string; key: string; params?: TranslationParams }

/**
 * A failure the client caused or may see. It carries a locale key (under `errors.` in
 * locales/*.json); one error handler translates it to the request's language and answers
 * `{message}` with the status, plus `fields: {name: message}` when it blames fields.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: string,
    readonly params: TranslationParams = {},
    readonly problems: readonly FieldProblem[] = [],
    /** A 429's `Retry-After`: when the refused call may be made again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(messageKey)
  }
}

/** A 429 saying, in `Retry-After`, when the call may be made again (at least a second from now). */
export const tooManyRequests = (key: string, retryAfterMs: number, params?: TranslationParams) =>
  new HttpError(429, key, params, [], Math.max(1, Math.ceil(retryAfterMs / 1000)))

export const badRequest = (key: string, params?: TranslationParams) => new HttpError(400, key, params)
export const unauthorized = () => new HttpError(401, 'errors.notSignedIn')
export const forbidden = (key = 'errors.forbidden') => new HttpError(403, key)
export const notFound = (key = 'errors.notFound') => new HttpError(404, key)
/** A refusal that belongs to one field: its sentence is both the message and the field's. */
export const fieldError = (field: string, key: string, params?: TranslationParams, status = 400) =>
  new HttpError(status, key, params, [{ field, key, params }])
/**
 * A refused range of dates, at its end date as the date pickers show it: an end before the
 * start, or more days than `maxDays`.
 */
export const rangeError = (problem: RangeProblem, maxDays: number) =>
  problem === 'endBeforeStart'
    ? fieldError('end', 'errors.statistics.endBeforeStart')
    : fieldError('end', 'errors.statistics.rangeTooLong', { days: maxDays })

export const conflict = (key: string, field?: string) =>
  field === undefined ? new HttpError(409, key) : fieldError(field, key, undefined, 409)

/** Where `value` holds a NUL (U+0000), in a value or a key: its dotted path below `field`, or undefined. */
export function nulCharacterAt(value: unknown, field: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? field : undefined
  if (value === null || typeof value !== 'object') return undefined
  for (const [key, item] of Object.entries(value)) {
    const path = field ? `${field}.${key}` : key
    if (key.includes('\u0000')) return path
    const found = nulCharacterAt(item, path)
    if (found !== undefined) return found
  }
  return undefined
}

/**
 * PostgreSQL text cannot hold NUL (U+0000): a body or form field carrying one, in a value or a
 * key, is a 400 on either engine that blames the field it is in.
 */
export function refuseNulCharacters(value: unknown, field: string): void {
  const path = nulCharacterAt(value, field)
  if (path === undefined) return
  const name = path.split('.')[0]
  throw new HttpError(
    400,
    'errors.nulCharacter',
    {},
    name ? [{ field: name, key: 'errors.nulCharacterHere' }] : [],
  )
}
