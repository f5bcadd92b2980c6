import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../db/database.ts'
import type { User } from '../db/schema.ts'
import { forbidden, unauthorized } from '../errors.ts'
import { batchedLookup } from '../db/batchedLookup.ts'
import { apiPaths, type Route } from '../../contract/paths.ts'

export const SESSION_COOKIE = 'manzil_session'
export const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `authenticate`. */
    user: User | null
  }
}

/** Creates a session and answers its id: 32 random bytes, of which only the hash is stored. */
export async function createSession(db: Db, userId: string): Promise<string> {
  const id = randomBytes(32).toString('base64url')
  const now = Date.now()
  await db
    .insertInto('sessions')
    .values({
      id_hash: sha256(id),
      user_id: userId,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + SESSION_LIFETIME_MS).toISOString(),
    })
    .execute()
  return id
}

/** Ends every session of a user: password reset, deactivation, deletion. */
export async function revokeSessions(db: Db, userId: string) {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute()
}

// Every API request runs it: the lookups of requests that arrive together share one query.
const activeUsersOfSessions = batchedLookup<User>(async (db, idHashes) => {
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.id_hash as session_hash')
    .where('sessions.id_hash', 'in', idHashes)
    .where('sessions.expires_at', '>', new Date().toISOString())
    .where('users.account_state', '=', 'active')
    .execute()
  return rows.map(({ session_hash, ...user }) => ({ key: session_hash, row: user }))
})

export async function userOfSession(db: Db, sessionId: string | undefined): Promise<User | null> {
  if (!sessionId) return null
  return (await activeUsersOfSessions(db, sha256(sessionId))) ?? null
}

/** The API routes anyone may call (marked `public` in the contract), as `METHOD /api/route`. */
const routesByArea: Record<string, Record<string, Route>> = apiPaths
export const PUBLIC_API_ROUTES: ReadonlySet<string> = new Set(
  Object.values(routesByArea).flatMap((area) =>
    Object.values(area)
      .filter((route) => route.public)
      .map((route) => `${route.method.toUpperCase()} /api${route.url}`),
  ),
)

/**
 * onRequest for every API route: any but the public ones answers 401 unless the request carries
 * a valid session of an active account, before its body is read or validated, so a stranger
 * learns nothing from what a body would have been told. A path no route matches is left to the
 * 404 answer.
 */
export async function authenticate(this: FastifyInstance, request: FastifyRequest) {
  const route = request.routeOptions.url
  if (route === undefined) return
  const method = request.method === 'HEAD' ? 'GET' : request.method
  if (PUBLIC_API_ROUTES.has(`${method} ${route}`)) return
  request.user = await userOfSession(this.db, request.cookies[SESSION_COOKIE])
  if (!request.user) throw unauthorized()
}

/** The user `authenticate` found; only call in handlers behind it. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized()
  return request.user
}

/** onRequest, after the API's session check (401): 403 for a signed-in user who is not an admin. */
export async function requireAdmin(request: FastifyRequest) {
  if (currentUser(request).is_admin !== 1) throw forbidden()
}
