import { beforeAll, describe, expect, it } from 'vitest'
import { MAX_JSON_DEPTH, exceedsJsonDepth } from '../../server/web/jsonDepth.ts'
import { aUser, signIn } from '../server/builders.ts'
import { describeEachDatabase } from '../server/harness.ts'
import { apiRoutesOf } from './routes.ts'

/**
 * A JSON body nested 5,000 deep answered 500 with a stack trace in the log,
 * even signed out. Nesting past 64 levels, and any body the parser refuses, is now a 400 in the
 * reader's language on every route, and nothing is logged as an error.
 */

const lines: string[] = []
const logStream = { write: (line: string) => void lines.push(line) }

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`
const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
const TOO_DEEP = 'The request body is nested too deeply (at most 64 levels)'

describe('exceedsJsonDepth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false)
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true)
    expect(exceedsJsonDepth(nestedObject(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true)
    expect(exceedsJsonDepth(JSON.stringify({ name: '['.repeat(500) }), MAX_JSON_DEPTH)).toBe(false)
    expect(exceedsJsonDepth(JSON.stringify({ name: '\\"[[[[' + '['.repeat(100) }), MAX_JSON_DEPTH)).toBe(
      false,
    )
    // Depth that comes and goes never adds up.
    expect(exceedsJsonDepth(`[${'[[]],'.repeat(1000)}1]`, MAX_JSON_DEPTH)).toBe(false)
  })
})

describeEachDatabase(
  'deeply nested bodies',
  (ctx) => {
    let cookie = ''
    beforeAll(async () => {
      cookie = await signIn(ctx.app, (await aUser(ctx.db, { isAdmin: true })).email)
    })
    const send = (method: string, url: string, payload: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: method as 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json', ...headers },
      })

    it('answers 5,000 levels with a translated 400, signed out and signed in', async () => {
      for (const body of [nested(5000), nestedObject(5000), nested(5000, '{"a":[', ']}')]) {
        const signedOut = await send('POST', '/api/auth/login', body)
        expect(signedOut.statusCode).toBe(400)
        expect(signedOut.json()).toEqual({ message: TOO_DEEP })
        const signedIn = await send('PATCH', '/api/user/profile', body, { cookie, 'accept-language': 'ar' })
        expect(signedIn.statusCode).toBe(400)
        expect(signedIn.json()).toEqual({
          message: 'محتوى الطلب متداخل أكثر من اللازم (الحد الأقصى ٦٤ مستوى)',
        })
      }
    })

    it('answers every route that takes a body with that 400, as an admin reaches them all', async () => {
      const writes = apiRoutesOf(ctx.app).filter((route) => !route.startsWith('GET '))
      expect(writes.length).toBeGreaterThan(20)
      for (const route of writes) {
        const [method = 'POST', path = ''] = route.split(' ')
        const url = path.replace(/:(\w+)/g, 'no-such-$1')
        const answer = await send(method, url, nested(5000), { cookie })
        expect(answer.statusCode, route).toBe(400)
        expect(answer.json(), route).toEqual({ message: TOO_DEEP })
      }
    })

    it('answers a body the parser refuses with a translated 400', async () => {
      const malformed = await send('POST', '/api/auth/login', '{"email": ')
      expect(malformed.statusCode).toBe(400)
      expect(malformed.json()).toEqual({ message: 'The request body is not valid JSON' })
      const poisoned = await send('POST', '/api/auth/login', '{"__proto__": {"isAdmin": true}}', {
        'accept-language': 'ar',
      })
      expect(poisoned.statusCode).toBe(400)
      expect(poisoned.json()).toEqual({ message: 'محتوى الطلب ليس JSON صالحًا' })
      // Just within the limit is read, and then judged by the route's own rules.
      const deepButAllowed = await send('POST', '/api/auth/login', nested(MAX_JSON_DEPTH))
      expect(deepButAllowed.statusCode).toBe(400)
      expect(deepButAllowed.json().message).not.toBe(TOO_DEEP)
    })

    it('logs none of it as an error, and no stack', () => {
      const entries = lines.map((line) => JSON.parse(line) as { level: number; msg?: string; err?: unknown })
      expect(entries.length).toBeGreaterThan(0)
      expect(entries.filter((entry) => entry.level >= 50)).toEqual([])
      expect(lines.join('')).not.toMatch(/"stack"|RangeError|Maximum call stack/)
    })
  },
  { logStream },
)
