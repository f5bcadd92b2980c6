import type { TranslationParams } from '../src/domain/translator.ts'

/**
 * A failure the client caused or may see. It carries a locale key (under `errors.` in
 * locales/*.json); one error handler translates it to the request's language and answers
 * `{message}` with the status.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: string,
    readonly params: TranslationParams = {},
  ) {
    super(messageKey)
  }
}

export const badRequest = (key: string, params?: TranslationParams) => new HttpError(400, key, params)
export const unauthorized = () => new HttpError(401, 'errors.notSignedIn')
export const forbidden = (key = 'errors.forbidden') => new HttpError(403, key)
export const notFound = (key = 'errors.notFound') => new HttpError(404, key)
export const conflict = (key: string) => new HttpError(409, key)

/**
 * PostgreSQL text cannot hold NUL (U+0000): any input carrying one, in a value or a key, is a
 * 400 naming where, on either engine.
 */
export function refuseNulCharacters(value: unknown, field: string): void {
  const refuse = () => badRequest('errors.nulCharacter', { field: field || 'body' })
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw refuse()
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) throw refuse()
      refuseNulCharacters(item, field ? `${field}.${key}` : key)
    }
  }
}
