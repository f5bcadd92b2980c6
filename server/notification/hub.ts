import type { ServerResponse } from 'node:http'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { SESSION_COOKIE, sha256 } from '../auth/session.ts'
import type { Db } from '../db/database.ts'
import { openNotificationChannel } from '../db/notificationChannel.ts'
import type { StreamNotification } from './schemas.ts'
import { streamEventOf } from './service.ts'

export const HEARTBEAT_MS = 25_000
/** A client that lets this much pile up unread is gone or hopeless; its stream is closed. */
const MAX_BUFFERED_BYTES = 1024 * 1024

export type LiveStream = { userId: string; sessionHash: string; response: ServerResponse }

export const HEARTBEAT_FRAME = ': heartbeat\n\n'
const notificationFrame = (event: StreamNotification) =>
  `event: notification\ndata: ${JSON.stringify(event)}\n\n`

/**
 * The open notification streams of this process, by user. It writes each user's events to that
 * user's streams only, and ends streams whose session is over: at once on sign-out here, and at
 * the next heartbeat when the session ended anywhere else (another process, a password reset,
 * a deactivation).
 */
export function createNotificationHub(db: Db, log: FastifyBaseLogger) {
  const byUser = new Map<string, Set<LiveStream>>()
  let heartbeat: NodeJS.Timeout | undefined

  const all = () => [...byUser.values()].flatMap((streams) => [...streams])

  function remove(stream: LiveStream) {
    const streams = byUser.get(stream.userId)
    streams?.delete(stream)
    if (streams?.size === 0) byUser.delete(stream.userId)
  }

  function end(stream: LiveStream) {
    remove(stream)
    stream.response.end()
  }

  function write(stream: LiveStream, frame: string) {
    if (stream.response.writableLength > MAX_BUFFERED_BYTES) return end(stream)
    stream.response.write(frame)
  }

  async function endExpiredSessions() {
    const streams = all()
    if (streams.length === 0) return
    const live = await db
      .selectFrom('sessions')
      .select('id_hash')
      .where('id_hash', 'in', [...new Set(streams.map((stream) => stream.sessionHash))])
      .where('expires_at', '>', new Date().toISOString())
      .execute()
    const valid = new Set(live.map((row) => row.id_hash))
    for (const stream of streams) if (!valid.has(stream.sessionHash)) end(stream)
  }

  /** A comment line on every stream (keeps proxies from timing it out), then the session check. */
  async function beat() {
    for (const stream of all()) write(stream, HEARTBEAT_FRAME)
    await endExpiredSessions()
  }

  return {
    /** Registers an open stream; it leaves by itself when the client goes away. */
    add(stream: LiveStream) {
      if (stream.response.destroyed) return
      const streams = byUser.get(stream.userId) ?? new Set()
      streams.add(stream)
      byUser.set(stream.userId, streams)
      stream.response.on('close', () => remove(stream))
      // A write racing the client's disconnect fails here instead of as an unhandled error.
      stream.response.on('error', () => remove(stream))
    },
    deliver(userId: string, event: StreamNotification) {
      for (const stream of byUser.get(userId) ?? []) write(stream, notificationFrame(event))
    },
    beat,
    closeSession(sessionHash: string) {
      for (const stream of all()) if (stream.sessionHash === sessionHash) end(stream)
    },
    streamsOf: (userId: string) => byUser.get(userId)?.size ?? 0,
    start() {
      heartbeat ??= setInterval(() => {
        beat().catch((error: unknown) => log.error({ err: error }, 'notification heartbeat failed'))
      }, HEARTBEAT_MS)
      heartbeat.unref()
    },
    /** Ends every stream, so that closing the server does not wait for them. */
    stop() {
      clearInterval(heartbeat)
      heartbeat = undefined
      for (const stream of all()) end(stream)
    },
  }
}

export type NotificationHub = ReturnType<typeof createNotificationHub>

export type NotificationCenter = {
  hub: NotificationHub
  /** Tells every process (this one too) that notification `id` is stored; each delivers it to its streams. */
  announce(id: string): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationCenter
  }
}

/**
 * Sets up live notifications on the root app: the hub, the channel between processes (started
 * when the app is ready, closed before it closes), and the end of a signed-out session's streams.
 */
export function installNotifications(app: FastifyInstance) {
  const hub = createNotificationHub(app.db, app.log)
  const deliverStored = async (id: string) => {
    const stored = await streamEventOf(app.db, id)
    if (stored) hub.deliver(stored.userId, stored.event)
  }
  const channel = openNotificationChannel(
    app.database,
    app.config.database,
    (id) =>
      void deliverStored(id).catch((error: unknown) =>
        app.log.error({ err: error, id }, 'could not deliver a notification'),
      ),
    app.log,
  )
  app.decorate('notifications', { hub, announce: (id: string) => channel.announce(id) })

  app.addHook('onReady', async () => {
    await channel.start()
    hub.start()
  })
  app.addHook('preClose', async () => {
    hub.stop()
    await channel.close()
  })
  // The auth module ends the session; its streams on this process end with it.
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.url !== '/api/auth/logout' || reply.statusCode >= 400) return
    const sessionId = request.cookies[SESSION_COOKIE]
    if (sessionId) hub.closeSession(sha256(sessionId))
  })
}
