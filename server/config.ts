import { createECDH } from 'node:crypto'
import fs from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'

export type DatabaseConfig =
  { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string; schema?: string }

export type Config = {
  port: number
  host: string
  dataDir: string
  database: DatabaseConfig
  publicUrl: string
  smtpUrl: string | undefined
  mailFrom: string
  /** Notice mails (conflicts, digests) an account may get an hour; the rest wait for the next hour. */
  mailNoticesPerHour: number
  /** Notifications older than this many days are deleted. */
  notificationRetentionDays: number
  /** Each account keeps at most this many notifications, the newest. */
  notificationsPerUser: number
  /** Live notification streams this process holds at once; past it a new one is refused (429). */
  notificationStreamsPerProcess: number
  adminEmail: string | undefined
  adminPassword: string | undefined
  syncIntervalMinutes: number
  /** Feed fetches at once in this process, shared fairly between accounts. */
  syncConcurrency: number
  syncAllowHosts: string[]
  logLevel: string
  /** `pretty`: one readable line per request (pino-pretty); `json`: pino's JSON lines. */
  logFormat: LogFormat
  /** The bearer token GET /api/metrics asks for; unset, metrics are not served. */
  metricsToken: string | undefined
  /** Whose `X-Forwarded-For` and `-Proto` are believed; `false` believes nobody. */
  trustProxy: TrustProxy
  /** How much one account may hold; README's "Quotas" lists the settings. */
  quotas: Quotas
  push: PushConfig
}

/** A VAPID key pair, base64url: the public key an uncompressed P-256 point, the private its 32 bytes. */
export type VapidKeys = { publicKey: string; privateKey: string }

export type PushConfig = {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; unset, the pair kept in the database is used. */
  vapidKeys: VapidKeys | undefined
  /** Who push services may contact about our pushes: VAPID_SUBJECT, a mailto: or https: URL. */
  subject: string
}

/** The most one account may hold; every limit is at least 1. */
export type Quotas = {
  propertiesPerAccount: number
  /** Stored photos of one property (each kept as a main image and its thumbnail). */
  photosPerProperty: number
  /** MiB of every stored photo and thumbnail of one account's properties, as re-encoded. */
  storageMegabytesPerAccount: number
}

/**
 * The reverse proxy in front: `true` believes every hop; a number believes that many hops
 * nearest the server; a list believes the hops whose addresses it names (addresses, CIDRs, or
 * `loopback`, `linklocal`, `uniquelocal`).
 */
export type TrustProxy = boolean | number | string[]

export type LogFormat = 'pretty' | 'json'

/** What the configuration reads besides the environment. */
export type ConfigContext = {
  /** Whether the log goes to a terminal, where it is pretty unless LOG_FORMAT says otherwise. */
  stdoutIsTerminal?: boolean
}

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
const LOG_FORMATS: LogFormat[] = ['pretty', 'json']
/** The address ranges Fastify's trustProxy (proxy-addr) knows by name. */
const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal']
/** More proxies than this in a row is a typo, not a deployment. */
const MAX_PROXY_HOPS = 10
/** A shorter bearer token could be guessed; 32 random bytes in base64url are 43 characters. */
const MIN_METRICS_TOKEN_LENGTH = 16
/**
 * Live streams a process holds by default: half its open-file limit (each stream is a socket;
 * the other half is for every other request, the database and feed fetches), and at most this
 * many (each holds about 10 KB).
 */
const MAX_DEFAULT_STREAMS = 10_000
/** The default where the open-file limit cannot be read (no /proc). */
const FALLBACK_STREAMS = 4_000

/**
 * The soft limit on this process's open files (`ulimit -n`, as Node raised it at start), where
 * Linux says; Infinity when unlimited.
 */
function openFileLimit(): number | undefined {
  try {
    const line = fs
      .readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((row) => row.startsWith('Max open files'))
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0]
    if (soft === 'unlimited') return Infinity
    return soft && /^\d+$/.test(soft) ? Number(soft) : undefined
  } catch {
    return undefined
  }
}

function defaultStreamsPerProcess(): number {
  const limit = openFileLimit()
  return limit === undefined
    ? FALLBACK_STREAMS
    : Math.max(1, Math.min(MAX_DEFAULT_STREAMS, Math.floor(limit / 2)))
}

function readInteger(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`)
  const value = Number(raw)
  if (value < min || value > max)
    throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`)
  return value
}

function readDatabase(raw: string | undefined, dataDir: string): DatabaseConfig {
  if (raw === undefined || raw === '') return { engine: 'sqlite', file: path.join(dataDir, 'manzil.db') }
  if (raw.startsWith('postgres://') || raw.startsWith('postgresql://'))
    return { engine: 'postgres', url: raw }
  if (raw.startsWith('sqlite:')) {
    const file = raw.slice('sqlite:'.length).replace(/^\/\//, '')
    if (file === '')
      throw new ConfigError('DATABASE_URL "sqlite:" needs a file path, e.g. sqlite:./data/manzil.db')
    return { engine: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) }
  }
  throw new ConfigError(`DATABASE_URL must start with postgres:// or sqlite:, got "${raw.split(':')[0]}:"`)
}

function readUrl(name: string, raw: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${raw}"`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must be http(s)`)
  return url.origin
}

function readLogFormat(raw: string | undefined, context: ConfigContext): LogFormat {
  if (raw === undefined || raw === '') return context.stdoutIsTerminal ? 'pretty' : 'json'
  if (!LOG_FORMATS.includes(raw as LogFormat))
    throw new ConfigError(`LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')}, got "${raw}"`)
  return raw as LogFormat
}

function readMetricsToken(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined
  if (raw.length < MIN_METRICS_TOKEN_LENGTH || /\s/.test(raw))
    throw new ConfigError(
      `METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters without spaces, e.g. openssl rand -base64 32`,
    )
  return raw
}

/** An address or a CIDR block whose prefix fits its family. */
function isAddressOrBlock(entry: string): boolean {
  if (TRUST_PROXY_NAMES.includes(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

function readTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim().toLowerCase() ?? ''
  if (value === '' || value === 'false') return false
  if (value === 'true') return true
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    if (hops < 1 || hops > MAX_PROXY_HOPS)
      throw new ConfigError(`TRUST_PROXY as a hop count must be between 1 and ${MAX_PROXY_HOPS}, got ${hops}`)
    return hops
  }
  const entries = value.split(',').map((entry) => entry.trim())
  const wrong = entries.filter((entry) => !isAddressOrBlock(entry))
  if (wrong.length > 0)
    throw new ConfigError(
      `TRUST_PROXY must be false, true, a hop count, or a comma list of proxy addresses and CIDRs ` +
        `(e.g. 127.0.0.1,10.0.0.0/8); "${wrong.join('", "')}" is none of these`,
    )
  return entries
}

function readQuotas(env: NodeJS.ProcessEnv): Quotas {
  return {
    propertiesPerAccount: readInteger(env, 'QUOTA_PROPERTIES_PER_ACCOUNT', 500, 1, 1_000_000),
    photosPerProperty: readInteger(env, 'QUOTA_PHOTOS_PER_PROPERTY', 30, 1, 10_000),
    storageMegabytesPerAccount: readInteger(env, 'QUOTA_STORAGE_MB_PER_ACCOUNT', 2048, 1, 1024 * 1024),
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+$/

/** A base64url value of `bytes` bytes, or undefined when it is not one. */
function base64urlBytes(raw: string, bytes: number): Buffer | undefined {
  if (!BASE64URL.test(raw)) return undefined
  const decoded = Buffer.from(raw, 'base64url')
  return decoded.length === bytes ? decoded : undefined
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, set together: base64url, the public key the 65 bytes
 * of an uncompressed P-256 point, the private key 32 bytes whose public key it is.
 */
function readVapidKeys(env: NodeJS.ProcessEnv): VapidKeys | undefined {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() || undefined
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() || undefined
  if (publicKey === undefined && privateKey === undefined) return undefined
  if (publicKey === undefined || privateKey === undefined)
    throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together')
  const point = base64urlBytes(publicKey, 65)
  if (point?.[0] !== 4)
    throw new ConfigError(
      'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (65 bytes), e.g. from `npx web-push generate-vapid-keys`',
    )
  const secret = base64urlBytes(privateKey, 32)
  if (!secret) throw new ConfigError('VAPID_PRIVATE_KEY must be a P-256 private key in base64url (32 bytes)')
  let derived: Buffer
  try {
    const ecdh = createECDH('prime256v1')
    ecdh.setPrivateKey(secret)
    derived = ecdh.getPublicKey()
  } catch {
    throw new ConfigError('VAPID_PRIVATE_KEY is not a valid P-256 private key')
  }
  if (!derived.equals(point))
    throw new ConfigError('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY')
  return { publicKey, privateKey }
}

/**
 * VAPID_SUBJECT, a mailto: or https: URL as push services take it; by default `mailto:` and
 * MAIL_FROM's address, else PUBLIC_URL when it is https.
 */
function readVapidSubject(raw: string | undefined, mailFrom: string, publicUrl: string): string {
  const address =
    /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(mailFrom)?.[1] ?? /^\s*([^<>\s]+@[^<>\s]+)\s*$/.exec(mailFrom)?.[1]
  const subject = raw?.trim() || (address ? `mailto:${address}` : publicUrl)
  let url: URL | undefined
  try {
    url = new URL(subject)
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'mailto:' && url.protocol !== 'https:'))
    throw new ConfigError(`VAPID_SUBJECT must be a mailto: or https: URL, got "${subject}"`)
  return subject
}

/**
 * Parses every environment variable (docs/product.md §15.2) once; throws ConfigError on a bad value.
 * `context` says what else a default depends on (whether the log goes to a terminal).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, context: ConfigContext = {}): Config {
  const port = readInteger(env, 'PORT', 3000, 0, 65535)
  const dataDir = path.resolve(env.DATA_DIR || './data')
  const logLevel = env.LOG_LEVEL || 'info'
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`)
  const smtpUrl = env.SMTP_URL || undefined
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl))
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://')
  const adminEmail = env.ADMIN_EMAIL || undefined
  const adminPassword = env.ADMIN_PASSWORD || undefined
  const publicUrl = readUrl('PUBLIC_URL', env.PUBLIC_URL || `http://localhost:${port}`)
  const mailFrom = env.MAIL_FROM || 'Manzil <no-reply@localhost>'
  if ((adminEmail === undefined) !== (adminPassword === undefined))
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together')
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir,
    database: readDatabase(env.DATABASE_URL, dataDir),
    publicUrl,
    smtpUrl,
    mailFrom,
    mailNoticesPerHour: readInteger(env, 'MAIL_NOTICES_PER_HOUR', 6, 1, 1000),
    notificationRetentionDays: readInteger(env, 'NOTIFICATION_RETENTION_DAYS', 90, 1, 3650),
    notificationsPerUser: readInteger(env, 'NOTIFICATIONS_PER_USER', 500, 10, 100_000),
    notificationStreamsPerProcess: readInteger(
      env,
      'NOTIFICATION_STREAMS_PER_PROCESS',
      defaultStreamsPerProcess(),
      1,
      1_000_000,
    ),
    adminEmail: adminEmail?.trim().toLowerCase(),
    adminPassword,
    syncIntervalMinutes: readInteger(env, 'SYNC_INTERVAL_MINUTES', 15, 1, 24 * 60),
    syncConcurrency: readInteger(env, 'SYNC_CONCURRENCY', 8, 1, 256),
    syncAllowHosts: (env.SYNC_ALLOW_HOSTS || '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    logLevel,
    logFormat: readLogFormat(env.LOG_FORMAT, context),
    metricsToken: readMetricsToken(env.METRICS_TOKEN),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    quotas: readQuotas(env),
    push: {
      vapidKeys: readVapidKeys(env),
      subject: readVapidSubject(env.VAPID_SUBJECT, mailFrom, publicUrl),
    },
  }
}
