import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  STREAM_RETRY_AFTER_SECONDS,
  STREAMS_PER_ACCOUNT,
  STREAMS_PER_SESSION,
} from '../../server/notification/hub.ts'
import { aUser, signIn, STRONG_PASSWORD } from './builders.ts'
import { openEventStream, originOf, type EventStream } from './eventStream.ts'
import { describeEachDatabase, type TestContext } from './harness.ts'

const STREAM = '/api/notification/sse'

/** Streams opened by a suite, closed after it; each past its opening comment. */
function streamsOf(ctx: TestContext) {
  const opened: EventStream[] = []
  afterAll(() => opened.forEach((stream) => stream.close()))
  return {
    async open(cookie: string) {
      const stream = await openEventStream(`${originOf(ctx.app)}${STREAM}`, cookie)
      opened.push(stream)
      expect(stream.response.status).toBe(200)
      expect(await stream.next()).toEqual({ comment: 'connected' })
      return stream
    },
    /** A stream asked for and refused: it ends at once, so it is asked in-process for its body. */
    refused: (cookie: string, language = 'en') =>
      ctx.app.inject({ url: STREAM, headers: { cookie, 'accept-language': language } }),
  }
}

/** What another host sees meanwhile, over real sockets: health, and a sign-in. */
async function othersStillServed(ctx: TestContext) {
  const origin = originOf(ctx.app)
  const health = await fetch(`${origin}/api/health`)
  expect(health.status).toBe(200)
  const other = await aUser(ctx.db)
  const signIn = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: other.email, password: STRONG_PASSWORD }),
  })
  expect(signIn.status).toBe(200)
  return other
}

describeEachDatabase('notification streams per session and per account', (ctx) => {
  const streams = streamsOf(ctx)
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  })

  it("replaces a session's oldest stream past its share, telling it so", async () => {
    const user = await aUser(ctx.db)
    const cookie = await signIn(ctx.app, user.email)
    const first = await streams.open(cookie)
    const rest: EventStream[] = []
    for (let i = 1; i < STREAMS_PER_SESSION; i++) rest.push(await streams.open(cookie))
    expect(ctx.app.notifications.hub.streamsOf(user.id)).toBe(STREAMS_PER_SESSION)

    // A reloaded tab (or a phone back on the network) always gets its stream.
    await streams.open(cookie)
    expect(await first.next()).toEqual({ event: 'replaced', data: '{}' })
    expect(await first.next()).toBeNull()
    expect(ctx.app.notifications.hub.streamsOf(user.id)).toBe(STREAMS_PER_SESSION)
    // The others are untouched: the next heartbeat reaches each.
    await ctx.app.notifications.hub.beat()
    for (const stream of rest) expect(await stream.next()).toEqual({ comment: 'heartbeat' })
  })

  it("refuses an account's stream past its share with 429 and Retry-After, in the reader's language", async () => {
    const user = await aUser(ctx.db)
    // A browser at its session's share, a tablet below it, a phone with one: the account's share.
    const browser = await signIn(ctx.app, user.email)
    for (let i = 0; i < STREAMS_PER_SESSION; i++) await streams.open(browser)
    const tablet = await signIn(ctx.app, user.email)
    for (let i = 0; i < STREAMS_PER_ACCOUNT - STREAMS_PER_SESSION - 1; i++) await streams.open(tablet)
    const phone = await signIn(ctx.app, user.email)
    const phoneStream = await streams.open(phone)
    expect(ctx.app.notifications.hub.streamsOf(user.id)).toBe(STREAMS_PER_ACCOUNT)

    // A new device has no stream of its own to give way.
    const device = await signIn(ctx.app, user.email)
    const refused = await streams.refused(device)
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe(String(STREAM_RETRY_AFTER_SECONDS))
    expect(refused.json()).toEqual({
      message:
        'Live updates are open in too many tabs and devices of this account. Close one and this one connects by itself.',
    })
    expect((await streams.refused(device, 'ar')).json().message).toMatch(/^التحديثات المباشرة/)
    expect(ctx.app.notifications.hub.streamsOf(user.id)).toBe(STREAMS_PER_ACCOUNT)

    // The phone, below its session's share, reloads: its own old stream gives way, no refusal.
    await streams.open(phone)
    expect(await phoneStream.next()).toEqual({ event: 'replaced', data: '{}' })
    expect(ctx.app.notifications.hub.streamsOf(user.id)).toBe(STREAMS_PER_ACCOUNT)

    // Another host is served as before, and gets its stream.
    const other = await othersStillServed(ctx)
    await streams.open(await signIn(ctx.app, other.email))
  })
})

const PROCESS_STREAMS = 3

describeEachDatabase(
  'notification streams per process',
  (ctx) => {
    const streams = streamsOf(ctx)
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    })

    it('refuses a stream past the process’s share with 429, while health and sign-in answer', async () => {
      const cookies: string[] = []
      for (let i = 0; i < PROCESS_STREAMS; i++) {
        cookies.push(await signIn(ctx.app, (await aUser(ctx.db)).email))
        await streams.open(cookies[i]!)
      }
      expect(ctx.app.notifications.hub.openStreams()).toBe(PROCESS_STREAMS)

      const latecomer = await signIn(ctx.app, (await aUser(ctx.db)).email)
      const refused = await streams.refused(latecomer)
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['retry-after']).toBe(String(STREAM_RETRY_AFTER_SECONDS))
      expect(refused.json()).toEqual({
        message:
          'The server has too many live connections right now; live updates will reconnect in a moment.',
      })
      expect((await streams.refused(latecomer, 'ar')).json().message).toMatch(/^لدى الخادم/)
      await othersStillServed(ctx)

      // A session replacing its own stream takes no more room: a reload works when it is full.
      await streams.open(cookies[0]!)
      expect(ctx.app.notifications.hub.openStreams()).toBe(PROCESS_STREAMS)
    })
  },
  { env: { NOTIFICATION_STREAMS_PER_PROCESS: String(PROCESS_STREAMS) } },
)
