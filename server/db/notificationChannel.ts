import { sql } from 'kysely'
import pg from 'pg'
import type { FastifyBaseLogger } from 'fastify'
import type { DatabaseConfig } from '../config.ts'
import type { DatabaseHandle } from './database.ts'

/**
 * Carries a message ("these notifications were stored", "sessions ended") to every server
 * process sharing the database, this one included. PostgreSQL: NOTIFY on one connection, LISTEN on a dedicated one in each process.
 * SQLite: one process owns the file, so it is a direct call.
 */
export type NotificationChannel = {
  start(): Promise<void>
  announce(message: string): Promise<void>
  close(): Promise<void>
}

const RECONNECT_MS = 2000

export function openNotificationChannel(
  handle: DatabaseHandle,
  config: DatabaseConfig,
  onAnnounced: (message: string) => void,
  log: FastifyBaseLogger,
): NotificationChannel {
  if (config.engine === 'sqlite') {
    return {
      start: async () => {},
      announce: async (message) => onAnnounced(message),
      close: async () => {},
    }
  }
  // NOTIFY channels are per database, not per schema: the schema keeps side-by-side
  // installations (and test runs) apart.
  const channel = config.schema ? `manzil_notifications_${config.schema}` : 'manzil_notifications'
  const { url, schema } = config
  let client: pg.Client | undefined
  let closed = false
  let retry: NodeJS.Timeout | undefined

  async function listen(): Promise<void> {
    const connection = new pg.Client({
      connectionString: url,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    })
    connection.on('notification', (message) => {
      if (message.channel === channel && message.payload) onAnnounced(message.payload)
    })
    connection.on('error', (error) => {
      log.error({ err: error }, 'notification listener lost its connection; reconnecting')
      void connection.end().catch(() => {})
      if (client === connection) client = undefined
      scheduleReconnect()
    })
    await connection.connect()
    await connection.query(`LISTEN "${channel}"`)
    if (closed) await connection.end()
    else client = connection
  }

  function scheduleReconnect() {
    if (closed || retry) return
    retry = setTimeout(() => {
      retry = undefined
      listen().catch((error: unknown) => {
        log.error({ err: error }, 'notification listener could not reconnect')
        scheduleReconnect()
      })
    }, RECONNECT_MS)
    retry.unref()
  }

  return {
    start: listen,
    announce: async (message) => {
      await sql`select pg_notify(${channel}, ${message})`.execute(handle.db)
    },
    close: async () => {
      closed = true
      clearTimeout(retry)
      await client?.end()
      client = undefined
    },
  }
}
