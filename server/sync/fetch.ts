import dns from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import zlib from 'node:zlib'
import type { Readable } from 'node:stream'
import { FeedError } from './feedError.ts'
import { FeedDigest } from './feedDigest.ts'

export const FETCH_TIMEOUT_MS = 10_000
export const MAX_FEED_BYTES = 5 * 1024 * 1024
export const MAX_REDIRECTS = 3

// Everything that is not the public internet. The IPv6 forms that embed an IPv4 address are
// judged by that address instead (EMBEDDING_IPV4 below).
const NOT_PUBLIC: Array<[string, number, 'ipv4' | 'ipv6']> = [
  ['0.0.0.0', 8, 'ipv4'], // "this network"
  ['10.0.0.0', 8, 'ipv4'], // private
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['127.0.0.0', 8, 'ipv4'], // loopback
  ['169.254.0.0', 16, 'ipv4'], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12, 'ipv4'], // private
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['192.0.2.0', 24, 'ipv4'], // documentation
  ['192.88.99.0', 24, 'ipv4'], // 6to4 relay
  ['192.168.0.0', 16, 'ipv4'], // private
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['198.51.100.0', 24, 'ipv4'], // documentation
  ['203.0.113.0', 24, 'ipv4'], // documentation
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
  ['::', 128, 'ipv6'], // unspecified
  ['::1', 128, 'ipv6'], // loopback
  ['64:ff9b:1::', 48, 'ipv6'], // local-use NAT64
  ['100::', 64, 'ipv6'], // discard
  ['2001::', 23, 'ipv6'], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['fc00::', 7, 'ipv6'], // unique-local, AWS metadata fd00:ec2::254
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // old site-local
  ['ff00::', 8, 'ipv6'], // multicast
]

const notPublic = new net.BlockList()
for (const [network, prefix, family] of NOT_PUBLIC) notPublic.addSubnet(network, prefix, family)

/** The 16 bytes of an IPv6 text that net.isIP accepted (without a zone id). */
export function ipv6Bytes(text: string): Uint8Array {
  // A trailing dotted quad (::ffff:127.0.0.1) is the last two groups written in decimal.
  const hex = text.replace(/\d+\.\d+\.\d+\.\d+$/, (quad) => {
    const [a = 0, b = 0, c = 0, d = 0] = quad.split('.').map(Number)
    return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  })
  // "::" stands for as many zero groups as are missing from the eight.
  const [head = [], tail] = hex.split('::').map((part) => (part === '' ? [] : part.split(':')))
  const groups = tail ? [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail] : head
  const bytes = new Uint8Array(16)
  const view = new DataView(bytes.buffer)
  groups.forEach((group, index) => view.setUint16(index * 2, parseInt(group, 16)))
  return bytes
}

// IPv6 forms that carry an IPv4 address right after their prefix and reach (or are translated
// to) that machine, so [::7f00:1] must be refused like 127.0.0.1 and 64:ff9b::808:808 allowed
// like 8.8.8.8. BlockList itself only applies the IPv4 rules to ::ffff:a.b.c.d.
const EMBEDDING_IPV4 = (
  [
    ['::', 96], // IPv4-compatible ::a.b.c.d (deprecated, but some stacks still connect to a.b.c.d)
    ['::ffff:0:0', 96], // IPv4-mapped
    ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
    ['64:ff9b::', 96], // NAT64 well-known prefix
    ['2002::', 16], // 6to4: the IPv4 address is in bits 16–47
  ] as const
).map(([network, bits]) => ipv6Bytes(network).subarray(0, bits / 8))

function embeddedIPv4(bytes: Uint8Array): string | undefined {
  const prefix = EMBEDDING_IPV4.find((candidate) => candidate.every((byte, index) => bytes[index] === byte))
  return prefix && bytes.subarray(prefix.length, prefix.length + 4).join('.')
}

/** Whether an IP address is on the public internet: feeds are fetched from nowhere else. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address)
  if (family === 4) return !notPublic.check(address, 'ipv4')
  // A zone id (fe80::1%eth0) scopes the address to one local link.
  if (family === 0 || address.includes('%')) return false
  if (notPublic.check(address, 'ipv6')) return false
  const embedded = embeddedIPv4(ipv6Bytes(address))
  return embedded === undefined || isPublicAddress(embedded)
}

/** "[::1]" → "::1"; the WHATWG parser has already turned 2130706433, 0x7f.1 and 017700000001 into 127.0.0.1. */
const bareHost = (host: string) => host.replace(/^\[(.*)\]$/, '$1').toLowerCase()

type Address = { address: string; family: number }

/**
 * The addresses to connect to: every one the name resolves to must be public, unless the host is
 * on SYNC_ALLOW_HOSTS (matched as written in the link, so a redirect to another spelling of the
 * same machine is checked again).
 */
/** Whether SYNC_ALLOW_HOSTS names the URL's host, as written in the URL. */
export const isAllowedHost = (url: URL, allowHosts: readonly string[]) =>
  allowHosts.some((entry) => bareHost(entry) === bareHost(url.hostname))

async function resolveChecked(url: URL, allowHosts: readonly string[]): Promise<Address[]> {
  const host = bareHost(url.hostname)
  const allowed = isAllowedHost(url, allowHosts)
  const family = net.isIP(host)
  let addresses: Address[]
  if (family !== 0) addresses = [{ address: host, family }]
  else {
    try {
      addresses = await dns.lookup(host, { all: true, verbatim: true })
    } catch (error) {
      throw new FeedError('unresolvable', `${host}: ${(error as Error).message}`)
    }
  }
  if (addresses.length === 0) throw new FeedError('unresolvable', host)
  if (!allowed) {
    const refused = addresses.find((entry) => !isPublicAddress(entry.address))
    if (refused) throw new FeedError('blockedAddress', `${host} is ${refused.address}`)
  }
  return addresses
}

/** The resolver cannot be cancelled; a lookup still pending when the deadline passes is abandoned. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted()
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason)
    signal.addEventListener('abort', abort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

/** A lookup that answers only the addresses already checked, so DNS cannot change its mind in between. */
const pinnedLookup =
  (addresses: Address[]): net.LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, addresses)
    else {
      const first = addresses[0] as Address
      callback(null, first.address, first.family)
    }
  }

export type Validators = { etag?: string | null; lastModified?: string | null }

export type FeedResponse =
  | { status: 'not-modified' }
  | {
      status: 'ok'
      /** The body, decompressed, undecoded: joined into a buffer of its own when called. */
      bytes: () => Uint8Array
      /** The Content-Type's `charset=` label as the server wrote it, for the worker's decoder. */
      charset: string | null
      /** What the feed says, not when it was written: see FeedDigest. */
      contentHash: string
      etag: string | null
      lastModified: string | null
    }

type Options = Validators & {
  allowHosts: readonly string[]
  /** Aborts the fetch when the server shuts down. */
  signal?: AbortSignal
  userAgent?: string
  timeoutMs?: number
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])

export function parseFeedUrl(raw: string, base?: URL): URL {
  let url: URL
  try {
    url = new URL(raw, base)
  } catch {
    throw new FeedError('invalidUrl', 'not a URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FeedError('invalidUrl', `scheme ${url.protocol} is not http(s)`)
  return url
}

/** `text/calendar; charset="ISO-8859-1"` → `ISO-8859-1`; null when the type names no charset. */
function charsetOf(contentType: string | undefined): string | null {
  const parameter = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '')
  return (parameter?.[1] ?? parameter?.[2]) || null
}

function decoded(response: http.IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase()
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined
  if (!decoder) return response
  response.on('error', (error) => decoder.destroy(error))
  return response.pipe(decoder)
}

/** The chunks as one buffer of its own, which a parse worker can be given without a copy. */
function joined(chunks: readonly Buffer[], size: number): Uint8Array {
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.length
  }
  return bytes
}

/**
 * The body, refusing more than MAX_FEED_BYTES after decompression (no zip bombs), and the digest
 * of what it says (FeedDigest), taken chunk by chunk as it arrives: no step here costs the event
 * loop more than one chunk's work. The chunks are read from the stream's events, and joined into
 * one buffer only when asked: most fetches of a platform that sends no validators are unchanged
 * exports, whose bytes are never parsed (docs/decisions.md, "An unchanged feed is known by what
 * it says"). Decoding them is the parse worker's work.
 */
function readCapped(
  response: http.IncomingMessage,
): Promise<{ bytes: () => Uint8Array; contentHash: string }> {
  const declared = Number(response.headers['content-length'])
  if (declared > MAX_FEED_BYTES) {
    response.destroy()
    return Promise.reject(new FeedError('tooLarge', `declared ${declared} bytes`))
  }
  const body = decoded(response)
  const hash = new FeedDigest()
  const chunks: Buffer[] = []
  let size = 0
  return new Promise((resolve, reject) => {
    body.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_FEED_BYTES) {
        reject(new FeedError('tooLarge', `more than ${MAX_FEED_BYTES} bytes`))
        body.destroy()
        response.destroy()
        return
      }
      hash.update(chunk)
      chunks.push(chunk)
    })
    body.on('end', () => resolve({ bytes: () => joined(chunks, size), contentHash: hash.digest() }))
    body.on('error', reject)
    // A body cut short closes without its end; once it has ended, this rejects nothing.
    body.on('close', () => reject(new Error('the answer closed before its end')))
  })
}

/**
 * Connections are kept for the next feed of the same host, as many links point at the same
 * platform. A new connection goes to the addresses checked for the request that opens it (the
 * pinned lookup); a kept one is still connected to the address checked when it was opened, and
 * every request is checked before it may use either. Idle sockets close after 5 s.
 */
const keptConnections = { keepAlive: true, timeout: 5_000, maxFreeSockets: 8 }
const httpAgent = new http.Agent(keptConnections)
const httpsAgent = new https.Agent(keptConnections)

/** A request's method and what it sends; a GET sends no body. */
type Outgoing = { method: 'GET' | 'POST'; headers: http.OutgoingHttpHeaders; body?: Uint8Array }

function request(
  url: URL,
  addresses: Address[],
  outgoing: Outgoing,
  signal: AbortSignal,
  fresh = false,
): Promise<http.IncomingMessage> {
  const [client, kept] = url.protocol === 'https:' ? [https, httpsAgent] : [http, httpAgent]
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const sent = client.request(url, {
      method: outgoing.method,
      headers: outgoing.headers,
      lookup: pinnedLookup(addresses),
      signal,
      agent: fresh ? false : kept,
    })
    sent.on('response', resolve)
    sent.on('error', (error: NodeJS.ErrnoException) => {
      // The server closed a kept connection just as it was reused; the request never reached it.
      if (sent.reusedSocket && error.code === 'ECONNRESET')
        resolve(request(url, addresses, outgoing, signal, true))
      else reject(error)
    })
    sent.end(outgoing.body)
  })
}

/** The deadline of a request, and the server's shutdown when it has one. */
function deadlineOf(options: { timeoutMs?: number; signal?: AbortSignal }) {
  const deadline = AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS)
  return { deadline, signal: options.signal ? AbortSignal.any([deadline, options.signal]) : deadline }
}

/** A failure of a guarded request as a FeedError: its own, the deadline's, or the network's. */
function asFeedError(error: unknown, url: URL, deadline: AbortSignal, shutdown?: AbortSignal): unknown {
  if (error instanceof FeedError) return error
  if (deadline.aborted) return new FeedError('timeout', `no complete answer from ${url.host} in time`)
  if (shutdown?.aborted) return error
  return new FeedError('network', `${url.host}: ${(error as Error).message}`)
}

export type PostOptions = {
  allowHosts: readonly string[]
  headers: http.OutgoingHttpHeaders
  body: Uint8Array
  signal?: AbortSignal
  timeoutMs?: number
}

/** What a guarded POST was answered: the status and the headers; the body is not read. */
export type PostAnswer = { status: number; headers: http.IncomingHttpHeaders }

/**
 * POSTs to an address a user supplied (a push service's endpoint), guarded as a feed's GET is:
 * http(s) only, public addresses only unless on SYNC_ALLOW_HOSTS (checked after DNS and pinned
 * for the connection), within the deadline (10 s by default). A redirect is an answer like any
 * other, not followed. Failures are FeedErrors (`timeout`, `network`, `blockedAddress`…).
 */
export async function postGuarded(link: string, options: PostOptions): Promise<PostAnswer> {
  const { deadline, signal } = deadlineOf(options)
  const url = parseFeedUrl(link)
  try {
    const addresses = await untilAborted(resolveChecked(url, options.allowHosts), signal)
    const response = await request(
      url,
      addresses,
      { method: 'POST', headers: options.headers, body: options.body },
      signal,
    )
    // Read to its (short) end, so that the connection can serve the next push.
    response.resume()
    return { status: response.statusCode ?? 0, headers: response.headers }
  } catch (error) {
    throw asFeedError(error, url, deadline, options.signal)
  }
}

/**
 * GETs a feed the only way allowed (docs/product.md §10.2): http(s) only, public addresses only
 * (checked after DNS and pinned for the connection, again on every redirect, at most 3), 10 s for
 * the whole fetch, 5 MiB at most. Sends the validators the feed gave last time; a 304 is
 * `not-modified`.
 */
export async function fetchFeed(link: string, options: Options): Promise<FeedResponse> {
  const { deadline, signal } = deadlineOf(options)
  const headers: http.OutgoingHttpHeaders = {
    accept: 'text/calendar, text/plain;q=0.9, */*;q=0.5',
    'accept-encoding': 'gzip, deflate, br',
    'user-agent': options.userAgent ?? 'Manzil calendar sync',
  }
  if (options.etag) headers['if-none-match'] = options.etag
  if (options.lastModified) headers['if-modified-since'] = options.lastModified

  let url = parseFeedUrl(link)
  try {
    for (let redirects = 0; ; redirects++) {
      const addresses = await untilAborted(resolveChecked(url, options.allowHosts), signal)
      const response = await request(url, addresses, { method: 'GET', headers }, signal)
      const status = response.statusCode ?? 0
      const location = response.headers.location
      if (REDIRECTS.has(status) && location) {
        response.destroy()
        if (redirects >= MAX_REDIRECTS) throw new FeedError('tooManyRedirects', `after ${url.host}`)
        url = parseFeedUrl(location, url)
        continue
      }
      if (status === 304) {
        // Read to its (empty) end, so that the connection can serve the next feed.
        response.resume()
        return { status: 'not-modified' }
      }
      if (status < 200 || status > 299) {
        response.destroy()
        throw new FeedError('httpStatus', `HTTP ${status} from ${url.host}`)
      }
      return {
        status: 'ok',
        ...(await readCapped(response)),
        charset: charsetOf(response.headers['content-type']),
        etag: response.headers.etag ?? null,
        lastModified: response.headers['last-modified'] ?? null,
      }
    }
  } catch (error) {
    throw asFeedError(error, url, deadline, options.signal)
  }
}
