import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { SESSION_COOKIE } from '../../server/auth/session.ts'
import { STRONG_PASSWORD } from './builders.ts'
import { codeIn, type Mailbox } from './mailbox.ts'

type Call = { cookie?: string; language?: 'en' | 'ar'; ip?: string }

/** The profile's PATCH, in a language when one is given. */
export const patchProfile = (app: FastifyInstance, cookie: string, payload: object, language?: 'ar') =>
  app.inject({
    method: 'PATCH',
    url: '/api/user/profile',
    payload,
    headers: { cookie, ...(language ? { 'accept-language': language } : {}) },
  })

/** A JSON POST as the browser client sends it. */
export const post = (app: FastifyInstance, url: string, payload?: object, call: Call = {}) =>
  app.inject({
    method: 'POST',
    url,
    ...(payload ? { payload } : {}),
    headers: {
      ...(call.cookie ? { cookie: call.cookie } : {}),
      ...(call.language ? { 'accept-language': call.language } : {}),
    },
    ...(call.ip ? { remoteAddress: call.ip } : {}),
  })

/** The Cookie header value that carries the session a response set. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)
  if (!session?.value) throw new Error(`no session cookie: ${response.statusCode} ${response.body}`)
  return `${SESSION_COOKIE}=${session.value}`
}

export const profileWith = (app: FastifyInstance, cookie: string) =>
  app.inject({ url: '/api/user/profile', headers: { cookie } })

/** Registers through the mailed code, as a person would; answers the session cookie. */
export async function registerByMail(app: FastifyInstance, mailbox: Mailbox, email: string) {
  await post(app, '/api/auth/register/send-code', { email })
  const code = codeIn(await mailbox.waitForMail(email))
  const response = await post(app, '/api/auth/register', { email, password: STRONG_PASSWORD, code })
  if (response.statusCode !== 200) throw new Error(`registration failed: ${response.body}`)
  return sessionCookieOf(response)
}

/** Turns two-factor on or off from the settings with the mailed code, sent as a number. */
export async function toggleTwofactor(app: FastifyInstance, mailbox: Mailbox, cookie: string, email: string) {
  await post(app, '/api/user/tfa/send-code', undefined, { cookie })
  const code = codeIn(await mailbox.waitForMail(email))
  return post(app, '/api/user/tfa/toggle', { code: Number(code) }, { cookie })
}
