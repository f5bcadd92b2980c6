import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'

/** What a stamped cache holds at most: bytes, and what one answer weighs. */
export type CacheBound<T> = { maxBytes: number; sizeOf: (value: T) => number }

/**
 * Answers computed once per key and stamp, e.g. a host's property list under their
 * `users.data_version` (migration 0002). The stamp changes in the same transaction as any write
 * the answer depends on, so a cached answer is exact while its stamp is current; callers read
 * the stamp before computing, so an answer is never older than the stamp it is kept under.
 * Concurrent misses share one computation; a failed one is not kept. The answers kept weigh at
 * most `maxBytes` together, the least recently used leaving first; an answer heavier than that
 * is answered and not kept. An answer weighs nothing until it is computed.
 */
export function createStampedCache<T>({ maxBytes, sizeOf }: CacheBound<T>) {
  const entries = new Map<string, { stamp: string; value: Promise<T>; bytes: number }>()
  let bytes = 0

  const drop = (key: string) => {
    bytes -= entries.get(key)?.bytes ?? 0
    entries.delete(key)
  }

  function cached(key: string, stamp: string, compute: () => Promise<T>): Promise<T> {
    const entry = entries.get(key)
    if (entry?.stamp === stamp) {
      entries.delete(key)
      entries.set(key, entry)
      return entry.value
    }
    drop(key)
    const value = compute()
    const made = { stamp, value, bytes: 0 }
    entries.set(key, made)
    value.then(
      (answer) => {
        if (entries.get(key) !== made) return
        made.bytes = sizeOf(answer)
        if (made.bytes > maxBytes) return void entries.delete(key)
        bytes += made.bytes
        for (const oldest of entries.keys()) {
          if (bytes <= maxBytes) break
          drop(oldest)
        }
      },
      () => {
        if (entries.get(key) === made) entries.delete(key)
      },
    )
    return value
  }
  /** The bytes the answers kept weigh now. */
  cached.bytes = () => bytes
  return cached
}

/**
 * A body computed once and sent many times: its UTF-8 bytes (encoded once, not on every send),
 * gzipped once when that pays, and in brotli the first time a client that takes it asks. Both
 * compress in libuv's thread pool, not on the event loop: the feed of an account at its
 * property quota is several MB, tens of milliseconds of compression that every other host's
 * requests would otherwise wait behind. A brotli body is kept only when it is smaller than the
 * gzipped one, so a body weighs at most its plain bytes and twice its gzipped ones (`bodyBytes`).
 */
export type CachedBody = { plain: Buffer; gzipped: Buffer | null; brotli: () => Promise<Buffer | null> }

const COMPRESS_FROM_BYTES = 1024

/**
 * Brotli's quality 5: a portfolio's feed of 1.8 MB is 127 KB (gzip's 256 KB, half the download
 * on a phone) in some 10 ms, once per version of the data; higher qualities gain under 1 % for
 * twice the time or more (docs/decisions.md, "A portfolio's calendar in one feed").
 */
const BROTLI_QUALITY = 5

const gzipped = promisify(gzip)
const brotlied = promisify(brotliCompress)

export const cachedBody = async (text: string | Buffer): Promise<CachedBody> => {
  const plain = typeof text === 'string' ? Buffer.from(text) : text
  if (plain.length < COMPRESS_FROM_BYTES) return { plain, gzipped: null, brotli: async () => null }
  let brotli: Promise<Buffer | null> | undefined
  const zipped = await gzipped(plain)
  return {
    plain,
    gzipped: zipped,
    // Lazily: most platforms polling an export feed take gzip alone. A failure sends gzip.
    brotli: () =>
      (brotli ??= brotlied(plain, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
        },
      }).then(
        (compressed) => (compressed.length < zipped.length ? compressed : null),
        () => null,
      )),
  }
}

/** What a cached body weighs at most, its brotli bytes (when made) included. */
export const bodyBytes = (body: CachedBody): number => body.plain.length + 2 * (body.gzipped?.length ?? 0)

/** The JSON of an answer, encoded by its response schema as the route's serializer would. */
export const jsonBody = <S extends z.ZodType>(schema: S, value: z.output<S>): Promise<CachedBody> =>
  cachedBody(JSON.stringify(schema.encode(value)))

/** Whether the client takes `coding`: listed in Accept-Encoding (or `*`), without `q=0`. */
function accepts(header: string | undefined, coding: 'br' | 'gzip'): boolean {
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim())
    if (name !== coding && name !== '*') continue
    return !params.some((param) => /^q=0(\.0*)?$/.test(param))
  }
  return false
}

/**
 * Sends a cached body, in brotli or else gzipped when the client takes it. Fastify sends a
 * string or buffer as is, so a route's response schema still documents the answer without
 * serializing it again.
 */
export async function sendBody(request: FastifyRequest, reply: FastifyReply, body: CachedBody, type: string) {
  reply.type(type).header('vary', 'accept-encoding')
  const header = request.headers['accept-encoding']
  const brotli = accepts(header, 'br') ? await body.brotli() : null
  if (brotli) return reply.header('content-encoding', 'br').send(brotli)
  if (body.gzipped && accepts(header, 'gzip'))
    return reply.header('content-encoding', 'gzip').send(body.gzipped)
  return reply.send(body.plain)
}

export const JSON_TYPE = 'application/json; charset=utf-8'

/** The ETag of a text: a hash of it, so that the same text keeps it whenever it is made. */
export const etagOf = (text: string | Buffer): string =>
  `"${createHash('sha256').update(text).digest('base64url').slice(0, 32)}"`

/**
 * Sends a body with its ETag, or 304 when the client's copy (If-None-Match) is this one: an answer
 * a screen refetches every minute, unchanged, is headers. The browser revalidates its cached copy
 * itself (`no-cache`), so the page's fetch reads it as before.
 */
export async function sendRevalidated(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  type: string,
) {
  const etag = etagOf(body.plain)
  reply.header('etag', etag).header('cache-control', 'private, no-cache')
  if (request.headers['if-none-match'] === etag) return reply.code(304).send()
  return sendBody(request, reply, body, type)
}
