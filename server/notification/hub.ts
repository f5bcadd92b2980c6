import type { ServerResponse } from 'node:http'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { apiPaths, routeKey } from '../../contract/paths.ts'
import { SESSION_COOKIE, sha256 } from '../auth/session.ts'
import type { Db } from '../db/database.ts'
import { openNotificationChannel } from '../db/notificationChannel.ts'
import type { StreamNotification } from '../../contract/notification.ts'
import type { NotificationService } from './service.ts'
import { streamEventsOf } from './store.ts'

export const HEARTBEAT_MS = 25_000
/** A client that lets this much pile up unread is gone or hopeless; its stream is closed. */
const MAX_BUFFERED_BYTES = 1024 * 1024

/**
 * Streams one session (one browser, all its tabs) holds at once: a newer one replaces its oldest,
 * which is most often a reloaded tab's or a phone's that lost its network and is not yet known
 * to be gone (docs/decisions.md, "Bounded notification streams").
 */
export const STREAMS_PER_SESSION = 6
/** Streams one account holds at once over all its sessions (its devices); past it, 429 (`makeRoom`). */
export const STREAMS_PER_ACCOUNT = 12
/** The wait a refused stream is told: the client's longest pause between tries. */
export const STREAM_RETRY_AFTER_SECONDS = 30

/** Why a stream was not let in: its account holds its share, or the process holds all it may. */
export type StreamRefusal = 'account' | 'process'

export type LiveStream = { userId: string; sessionHash: string; response: ServerResponse }

export const HEARTBEAT_FRAME = ': heartbeat\n\n'
/** Told to a stream a newer one of its session replaced, just before it ends: wait, do not fight. */
export const REPLACED_FRAME = 'event: replaced\ndata: {}\n\n'
const notificationFrame = (event: StreamNotification) =>
  `event: notification\ndata: ${JSON.stringify(event)}\n\n`

/**
 * The open notification streams of this process, by user. It writes each user's events to that
 * user's streams only, and ends streams whose session is over or whose account is no longer
 * active: at once when any process says sessions ended (`endStaleStreams`), and at the next
 * heartbeat for sessions that simply expired. It holds at most `maxStreams` streams, and each
 * session and account their share (`makeRoom`), so that no one can take the descriptors that
 * every other request needs.
 */
export function createNotificationHub(db: Db, log: FastifyBaseLogger, maxStreams: number) {
  // A user's streams in the order they opened: the first of a session is its oldest.
  const byUser = new Map<string, Set<LiveStream>>()
  let open = 0
  let heartbeat: NodeJS.Timeout | undefined

  const all = () => [...byUser.values()].flatMap((streams) => [...streams])

  function remove(stream: LiveStream) {
    const streams = byUser.get(stream.userId)
    if (!streams?.delete(stream)) return
    open--
    if (streams.size === 0) byUser.delete(stream.userId)
  }

  /** Ends a stream, its last words `farewell` when it has any. */
  function end(stream: LiveStream, farewell?: string) {
    remove(stream)
    stream.response.end(farewell)
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
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id_hash')
      .where('sessions.id_hash', 'in', [...new Set(streams.map((stream) => stream.sessionHash))])
      .where('sessions.expires_at', '>', new Date().toISOString())
      .where('users.account_state', '=', 'active')
      .execute()
    const valid = new Set(live.map((row) => row.id_hash))
    for (const stream of streams) if (!valid.has(stream.sessionHash)) end(stream)
  }

  /** A comment line on every stream (keeps proxies from timing it out), then the session check. */
  async function beat() {
    for (const stream of all()) write(stream, HEARTBEAT_FRAME)
    await endExpiredSessions()
  }

  // Session checks asked for while one runs are one more check after it, not one each.
  let checking: Promise<void> | undefined
  let checkAgain = false
  function endStaleStreams(): Promise<void> {
    if (checking) {
      checkAgain = true
      return checking
    }
    checking = endExpiredSessions().finally(() => {
      checking = undefined
      if (checkAgain) {
        checkAgain = false
        void endStaleStreams().catch((error: unknown) =>
          log.error({ err: error }, 'ending the streams of ended sessions failed'),
        )
      }
    })
    return checking
  }

  return {
    /**
     * Makes room for one more stream of this session, before it opens. The session's oldest
     * streams give way, each told it was replaced: those beyond its share, and, when the account
     * or the process holds all it may, one of its own (a reloaded tab, a phone back on the
     * network). A session with none to give is refused: the reason is returned. Nothing awaits
     * between this and `add`, so no other stream takes the room meanwhile.
     */
    makeRoom(userId: string, sessionHash: string): StreamRefusal | null {
      const streams = [...(byUser.get(userId) ?? [])]
      const ofSession = streams.filter((stream) => stream.sessionHash === sessionHash)
      const full: StreamRefusal | null =
        streams.length >= STREAMS_PER_ACCOUNT ? 'account' : open >= maxStreams ? 'process' : null
      const kept =
        full === null ? STREAMS_PER_SESSION - 1 : Math.min(ofSession.length, STREAMS_PER_SESSION) - 1
      const replaced = ofSession.slice(0, Math.max(0, ofSession.length - kept))
      for (const oldest of replaced) end(oldest, REPLACED_FRAME)
      return replaced.length > 0 ? null : full
    },
    /** Registers an open stream; it leaves by itself when the client goes away. */
    add(stream: LiveStream) {
      if (stream.response.destroyed) return
      const streams = byUser.get(stream.userId) ?? new Set()
      streams.add(stream)
      byUser.set(stream.userId, streams)
      open++
      stream.response.on('close', () => remove(stream))
      // A write racing the client's disconnect fails here instead of as an unhandled error.
      stream.response.on('error', () => remove(stream))
    },
    deliver(userId: string, event: StreamNotification) {
      for (const stream of byUser.get(userId) ?? []) write(stream, notificationFrame(event))
    },
    beat,
    /** Ends, now, the streams whose session or account is over. */
    endStaleStreams,
    closeSession(sessionHash: string) {
      for (const stream of all()) if (stream.sessionHash === sessionHash) end(stream)
    },
    streamsOf: (userId: string) => byUser.get(userId)?.size ?? 0,
    /** Every open stream of this process, for the operator's metrics. */
    openStreams: () => open,
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

/** The notification slice: the panel's calls, and the live streams between processes. */
export type NotificationCenter = NotificationService & {
  hub: NotificationHub
  /**
   * Tells every process (this one too) that these notifications of `userId` are stored; each
   * delivers them to that user's streams, if it holds any.
   */
  announce(userId: string, ids: readonly string[]): Promise<void>
  /** Tells every process (this one too) that sessions ended; each ends those sessions' streams. */
  sessionsEnded(): Promise<void>
}

/** On the channel, beside notifications: "sessions ended somewhere, check your streams". */
const SESSIONS_ENDED = 'sessions-ended'

/**
 * Notification ids per message on the channel: `<user id> <id>,<id>,…` stays within
 * PostgreSQL's 8,000-byte NOTIFY payload (36-character ids).
 */
const IDS_PER_MESSAGE = 150

const announcement = (userId: string, ids: readonly string[]) => `${userId} ${ids.join(',')}`

function readAnnouncement(message: string): { userId: string; ids: string[] } | null {
  const space = message.indexOf(' ')
  if (space <= 0) return null
  return {
    userId: message.slice(0, space),
    ids: message
      .slice(space + 1)
      .split(',')
      .filter(Boolean),
  }
}

/**
 * The requests that end sessions when they succeed: sign-out, sign-in (the session it arrived
 * with), a password reset, deleting one's account, an admin's deactivation or deletion, and the
 * old address's cancel link: their streams close within a second, on every process.
 */
const SESSION_ENDING_ROUTES = new Set(
  [
    apiPaths.auth.logout,
    apiPaths.auth.login,
    apiPaths.auth.changePassword,
    apiPaths.auth.cancelEmailChange,
    apiPaths.user.deleteAccount,
    apiPaths.admin.deactivateUser,
    apiPaths.admin.deleteUser,
  ].map(routeKey),
)
const LOGIN = routeKey(apiPaths.auth.login)
const LOGOUT = routeKey(apiPaths.auth.logout)

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationCenter
  }
}

/**
 * Sets up notifications on the root app: the panel's service, the hub, the channel between
 * processes (started when the app is ready, closed before it closes), and the end of a signed-out
 * session's streams. `onAnnounced` hears of each account's stored notices, in the process that
 * stored them, once they are announced (the pushes start there, docs/decisions.md "Web Push").
 */
export function installNotifications(
  app: FastifyInstance,
  service: NotificationService,
  onAnnounced: (userId: string) => void,
) {
  const hub = createNotificationHub(app.db, app.log, app.config.notificationStreamsPerProcess)
  // One read for all of a message's notices, and none where the user has no stream here.
  const deliverStored = async (message: string) => {
    const announced = readAnnouncement(message)
    if (!announced || hub.streamsOf(announced.userId) === 0) return
    for (const event of await streamEventsOf(app.db, announced.userId, announced.ids))
      hub.deliver(announced.userId, event)
  }
  const channel = openNotificationChannel(
    app.database,
    app.config.database,
    (message) =>
      void (message === SESSIONS_ENDED ? hub.endStaleStreams() : deliverStored(message)).catch(
        (error: unknown) => app.log.error({ err: error, message }, 'could not deliver a notification'),
      ),
    app.log,
  )
  app.decorate('notifications', {
    ...service,
    hub,
    announce: async (userId: string, ids: readonly string[]) => {
      for (let from = 0; from < ids.length; from += IDS_PER_MESSAGE)
        await channel.announce(announcement(userId, ids.slice(from, from + IDS_PER_MESSAGE)))
      if (ids.length > 0) onAnnounced(userId)
    },
    sessionsEnded: () => channel.announce(SESSIONS_ENDED),
  })

  app.addHook('onReady', async () => {
    await channel.start()
    hub.start()
  })
  app.addHook('preClose', async () => {
    hub.stop()
    await channel.close()
  })
  // The routes end the sessions; their streams end with them, here at once and on every other
  // process as soon as the channel tells it.
  app.addHook('onResponse', async (request, reply) => {
    const route = `${request.method} ${request.routeOptions.url}`
    if (reply.statusCode >= 400 || !SESSION_ENDING_ROUTES.has(route)) return
    const sessionId = request.cookies[SESSION_COOKIE]
    // A sign-in ends only the session it arrived with, if any.
    if (route === LOGIN && !sessionId) return
    if (route === LOGOUT && sessionId) hub.closeSession(sha256(sessionId))
    await app.notifications
      .sessionsEnded()
      .catch((error: unknown) => request.log.error({ err: error }, 'could not announce ended sessions'))
  })
}
