import type { FastifyInstance } from 'fastify'
import webpush from 'web-push'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config.ts'
import { loadVapidKeys } from '../../server/push/keys.ts'
import { deviceNames } from '../../server/push/deviceLabel.ts'
import { startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { post } from './accounts.ts'
import { aDoubleBookingFeed, aNotice, aPropertyRow, aTeamMember, aUser, signIn } from './builders.ts'
import {
  describeEachDatabase,
  startSecondProcess,
  startTestApp,
  whySkipped,
  type TestContext,
} from './harness.ts'
import { startPushService, type TestDevice } from './pushService.ts'

const service = await startPushService()
afterAll(() => service.close())

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms))

type Call = { cookie: string; language?: 'ar'; userAgent?: string }

const subscribe = (app: FastifyInstance, call: Call, subscription: object) =>
  app.inject({
    method: 'POST',
    url: '/api/push/subscription',
    payload: subscription,
    headers: {
      cookie: call.cookie,
      ...(call.language ? { 'accept-language': call.language } : {}),
      ...(call.userAgent ? { 'user-agent': call.userAgent } : {}),
    },
  })

/** The server's VAPID public key, as a signed-in browser asks for it. */
const publicKeyOf = async (app: FastifyInstance, cookie: string) =>
  (await app.inject({ url: '/api/push/key', headers: { cookie } })).json() as { publicKey: string }

const devicesOf = (app: FastifyInstance, cookie: string, language?: 'ar') =>
  app.inject({
    url: '/api/push/subscription',
    headers: { cookie, ...(language ? { 'accept-language': language } : {}) },
  })

/** A signed-in account and one device of it subscribed through the API. */
async function anAccountWithDevice(ctx: TestContext) {
  const user = await aUser(ctx.db)
  const cookie = await signIn(ctx.app, user.email)
  const device = service.aDevice()
  const response = await subscribe(ctx.app, { cookie, userAgent: CHROME_ANDROID }, device.subscription)
  expect(response.statusCode).toBe(200)
  return { user, cookie, device, id: (response.json() as { id: string }).id }
}

/** A notice stored and announced, as a sync or an alarm does. */
async function aStoredNotice(ctx: TestContext, userId: string, kind: 'new' | 'conflict') {
  const id = await aNotice(ctx.db, userId, kind)
  await ctx.app.notifications.announce(userId, [id])
  return id
}

describe('push configuration', () => {
  const pair = webpush.generateVAPIDKeys()

  it('takes the key pair from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY', () => {
    const config = loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey })
    expect(config.push.vapidKeys).toEqual(pair)
  })

  it('refuses to start with a malformed, partial or mismatched key', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'not-a-key', VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY must be an uncompressed P-256 public key/,
    )
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: 'abc' })).toThrow(
      /VAPID_PRIVATE_KEY must be a P-256 private key/,
    )
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/must be set together/)
    const other = webpush.generateVAPIDKeys()
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: other.privateKey }),
    ).toThrow(ConfigError)
  })

  it("names MAIL_FROM's address as the subject, unless VAPID_SUBJECT says otherwise", () => {
    expect(loadConfig({}).push.subject).toBe('mailto:no-reply@localhost')
    expect(loadConfig({ MAIL_FROM: 'Manzil <hello@manzil.example>' }).push.subject).toBe(
      'mailto:hello@manzil.example',
    )
    expect(loadConfig({ MAIL_FROM: 'Manzil', PUBLIC_URL: 'https://manzil.example' }).push.subject).toBe(
      'https://manzil.example',
    )
    expect(loadConfig({ VAPID_SUBJECT: 'https://manzil.example/contact' }).push.subject).toBe(
      'https://manzil.example/contact',
    )
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://manzil.example' })).toThrow(/VAPID_SUBJECT/)
  })

  it('names a device by its browser and system', () => {
    expect(deviceNames(CHROME_ANDROID)).toEqual({ browser: 'Chrome', os: 'Android' })
    expect(deviceNames(SAFARI_IPHONE)).toEqual({ browser: 'Safari', os: 'iOS' })
    expect(
      deviceNames('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toEqual({ browser: 'Firefox', os: 'Windows' })
    expect(
      deviceNames(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toEqual({ browser: 'Edge', os: 'macOS' })
    expect(deviceNames(undefined)).toEqual({ browser: '', os: '' })
  })
})

describeEachDatabase('push keys', (ctx) => {
  it('makes one key pair that every process shares', async () => {
    const cookie = await signIn(ctx.app, (await aUser(ctx.db)).email)
    const first = await publicKeyOf(ctx.app, cookie)
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65)
    expect(Buffer.from(first.publicKey, 'base64url')[0]).toBe(4)
    const second = await startSecondProcess(ctx)
    try {
      expect(await publicKeyOf(second, cookie)).toEqual(first)
      // Processes starting at once on an empty table end with one pair.
      await ctx.db.deleteFrom('push_keys').execute()
      const now = new Date().toISOString()
      const pairs = await Promise.all([
        ...[1, 2, 3].map(() => loadVapidKeys(ctx.db, undefined, now)),
        ...[1, 2, 3].map(() => loadVapidKeys(second.db, undefined, now)),
      ])
      expect(new Set(pairs.map((pair) => pair.publicKey)).size).toBe(1)
      expect(await ctx.db.selectFrom('push_keys').selectAll().execute()).toHaveLength(1)
    } finally {
      await second.close()
    }
  })
})

describe.skipIf(whySkipped('sqlite') !== null)('push keys from the environment', () => {
  it('uses the configured pair and stores none', async () => {
    const pair = webpush.generateVAPIDKeys()
    const started = await startTestApp('sqlite', {
      env: { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey },
    })
    try {
      const cookie = await signIn(started.app, (await aUser(started.db)).email)
      expect(await publicKeyOf(started.app, cookie)).toEqual({ publicKey: pair.publicKey })
      expect(await started.db.selectFrom('push_keys').selectAll().execute()).toEqual([])
    } finally {
      await started.stop()
    }
  })
})

describeEachDatabase(
  'push devices',
  (ctx) => {
    it('keeps a subscription as a device, once per endpoint, named by its browser', async () => {
      const { cookie, device, id } = await anAccountWithDevice(ctx)
      const again = await subscribe(ctx.app, { cookie, userAgent: SAFARI_IPHONE }, device.subscription)
      expect(again.json()).toEqual({ id })
      const listed = (await devicesOf(ctx.app, cookie)).json() as Array<Record<string, unknown>>
      expect(listed).toEqual([
        {
          id,
          endpointOrigin: service.origin,
          createdAt: expect.any(String),
          lastSuccessAt: null,
          label: 'Safari on iOS',
        },
      ])
      expect(((await devicesOf(ctx.app, cookie, 'ar')).json() as Array<{ label: string }>)[0]!.label).toBe(
        'Safari على iOS',
      )
    })

    it("moves an endpoint another account held to the caller's devices", async () => {
      const first = await anAccountWithDevice(ctx)
      const other = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, other.email)
      const moved = await subscribe(ctx.app, { cookie }, first.device.subscription)
      expect(moved.statusCode).toBe(200)
      expect((await devicesOf(ctx.app, first.cookie)).json()).toEqual([])
      expect((await devicesOf(ctx.app, cookie)).json()).toHaveLength(1)
    })

    it("removes one's own device, and no one else's", async () => {
      const mine = await anAccountWithDevice(ctx)
      const theirs = await anAccountWithDevice(ctx)
      const remove = (cookie: string, id: string) =>
        ctx.app.inject({ method: 'DELETE', url: `/api/push/subscription/${id}`, headers: { cookie } })
      expect((await remove(mine.cookie, theirs.id)).statusCode).toBe(404)
      expect((await remove(mine.cookie, mine.id)).statusCode).toBe(204)
      expect((await devicesOf(ctx.app, mine.cookie)).json()).toEqual([])
      expect((await devicesOf(ctx.app, theirs.cookie)).json()).toHaveLength(1)
    })

    it('holds at most ten devices an account', async () => {
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      for (let index = 0; index < 10; index++)
        expect((await subscribe(ctx.app, { cookie }, service.aDevice().subscription)).statusCode).toBe(200)
      const refused = await subscribe(ctx.app, { cookie }, service.aDevice().subscription)
      expect(refused.statusCode).toBe(409)
      expect(refused.json()).toEqual({
        message: 'An account can have at most 10 devices for alerts. Remove one to add another.',
      })
      const inArabic = await subscribe(ctx.app, { cookie, language: 'ar' }, service.aDevice().subscription)
      expect((inArabic.json() as { message: string }).message).toContain('للتنبيهات')
    })

    it('refuses malformed keys and endpoints, naming the field, in the reader’s language', async () => {
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      const good = service.aDevice().subscription
      const cases: Array<[object, string]> = [
        [{ ...good, keys: { ...good.keys, p256dh: good.keys.auth } }, 'keys.p256dh'],
        [{ ...good, keys: { ...good.keys, p256dh: `A${good.keys.p256dh.slice(1)}` } }, 'keys.p256dh'],
        [{ ...good, keys: { ...good.keys, auth: 'c2hvcnQ' } }, 'keys.auth'],
        [{ ...good, keys: { ...good.keys, auth: 'not base64!' } }, 'keys.auth'],
        [{ ...good, endpoint: 'ftp://push.example/x' }, 'endpoint'],
        [{ ...good, endpoint: 'http://push.example/x' }, 'endpoint'],
        [{ ...good, endpoint: 'https://user:secret@push.example/x' }, 'endpoint'],
        [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      ]
      for (const [subscription, field] of cases) {
        const response = await subscribe(ctx.app, { cookie }, subscription)
        expect(response.statusCode, JSON.stringify(subscription)).toBe(400)
        const answer = response.json() as { message: string; fields: Record<string, string> }
        expect(Object.keys(answer.fields)).toEqual([field])
        expect(answer.message).toBe(answer.fields[field])
      }
      const arabic = await subscribe(ctx.app, { cookie, language: 'ar' }, cases[0]![0])
      expect((arabic.json() as { message: string }).message).toContain('مفتاح الاشتراك')
      const missing = await subscribe(ctx.app, { cookie }, { endpoint: good.endpoint })
      expect(missing.statusCode).toBe(400)
      expect(Object.keys((missing.json() as { fields: object }).fields)).toEqual(['keys'])
      expect((await devicesOf(ctx.app, cookie)).json()).toEqual([])
    })

    it('refuses an endpoint on a private address not on SYNC_ALLOW_HOSTS', async () => {
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      const good = service.aDevice().subscription
      for (const endpoint of [
        'https://10.0.0.8/push/x',
        'https://127.0.0.2/push/x',
        'https://[::1]/push/x',
        'https://localhost/push/x',
        'https://169.254.169.254/latest',
      ]) {
        const response = await subscribe(ctx.app, { cookie }, { ...good, endpoint })
        expect(response.statusCode, endpoint).toBe(400)
        expect((response.json() as { message: string }).message).toBe(
          'The push address leads to a private network: alerts are only sent to public push services.',
        )
      }
    })

    it('keeps whether alerts name guests among the notification settings and in the profile', async () => {
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      const profile = async () =>
        (
          (await ctx.app.inject({ url: '/api/user/profile', headers: { cookie } })).json() as {
            settings: { pushGuestNames: boolean }
          }
        ).settings.pushGuestNames
      expect(await profile()).toBe(false)
      const set = await post(
        ctx.app,
        '/api/user/toggle-notifications',
        { enabled: true, pushGuestNames: true },
        { cookie },
      )
      expect(set.json()).toEqual({ enabled: true, pushGuestNames: true })
      expect(await profile()).toBe(true)
      const kept = await post(ctx.app, '/api/user/toggle-notifications', { enabled: false }, { cookie })
      expect(kept.json()).toEqual({ enabled: false, pushGuestNames: true })
    })
  },
  { env: { SYNC_ALLOW_HOSTS: '127.0.0.1' } },
)

// Four pushes at once, two of one account: without that bound, ten dead devices would hold all four.
const SENDING = {
  timeoutMs: 2_000,
  backoffMs: 50,
  attempts: 3,
  maxRetryAfterMs: 500,
  concurrency: 4,
  perAccount: 2,
}

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(() => feeds.close())

describeEachDatabase(
  'sending pushes',
  (ctx) => {
    it('pushes a double booking found by a sync to the device, at high urgency, signed and encrypted', async () => {
      await ctx.db
        .updateTable('external_calendars')
        .set({ next_sync_at: '9999-12-31T00:00:00.000Z' })
        .execute()
      const { user, device } = await anAccountWithDevice(ctx)
      const property = await aPropertyRow(ctx.db, user.id, { name: 'Villa Dunes' })
      await aDoubleBookingFeed(ctx.db, feeds, property.id)
      await ctx.app.syncScheduler.runDue()
      const [push] = await service.waitFor(device)
      const conflict = await ctx.db
        .selectFrom('notifications')
        .select(['data', 'pushed_at'])
        .where('user_id', '=', user.id)
        .where('kind', '=', 'conflict')
        .executeTakeFirstOrThrow()
      expect(conflict.pushed_at).not.toBeNull()
      const data = JSON.parse(conflict.data) as { stay: { id: string }; other: { id: string } }
      expect(push!.payload.title).toBe('Double booking at Villa Dunes')
      expect(push!.payload.body).toMatch(
        /^(Airbnb|Booking\.com) and (Airbnb|Booking\.com) both hold Villa Dunes for the nights from/,
      )
      expect(push!.payload.url).toBe(`/calendar?stay=${data.stay.id}&stay=${data.other.id}`)
      expect(push!.urgency).toBe('high')
      expect(push!.topic).toMatch(/^[A-Za-z0-9_-]{32}$/)
      expect(push!.payload.tag).toBe(push!.topic)
      expect(Number(push!.ttl)).toBeGreaterThan(0)
      const cookie = await signIn(ctx.app, user.email)
      expect(push!.vapidKey).toBe((await publicKeyOf(ctx.app, cookie)).publicKey)
      expect(push!.claims.aud).toBe(service.origin)
      expect(push!.claims.sub).toBe('mailto:no-reply@localhost')
      expect(push!.claims.exp * 1000).toBeGreaterThan(Date.now())
      await settle()
      expect(service.received(device)).toHaveLength(1)
      const [listed] = (await devicesOf(ctx.app, cookie)).json() as Array<{
        lastSuccessAt: string | null
      }>
      expect(listed!.lastSuccessAt).not.toBeNull()
    })

    it("pushes a property's double booking to its co-host's device too, never to its cleaner's", async () => {
      await ctx.db
        .updateTable('external_calendars')
        .set({ next_sync_at: '9999-12-31T00:00:00.000Z' })
        .execute()
      const owner = await anAccountWithDevice(ctx)
      const cohost = await anAccountWithDevice(ctx)
      const cleaner = await anAccountWithDevice(ctx)
      const property = await aPropertyRow(ctx.db, owner.user.id, { name: 'Villa Shared' })
      for (const [member, role] of [
        [cohost, 'cohost'],
        [cleaner, 'cleaner'],
      ] as const)
        await aTeamMember(ctx.db, {
          propertyId: property.id,
          user: member.user,
          role,
          invitedBy: owner.user.id,
        })
      await aDoubleBookingFeed(ctx.db, feeds, property.id)
      await ctx.app.syncScheduler.runDue()
      const [toOwner] = await service.waitFor(owner.device)
      const [toCohost] = await service.waitFor(cohost.device)
      expect(toOwner!.payload.title).toBe('Double booking at Villa Shared')
      expect(toCohost!.payload.title).toBe('Double booking at Villa Shared')
      expect(toCohost!.payload.url).toBe(toOwner!.payload.url)
      await settle()
      expect(service.requests(cleaner.device)).toBe(0)
    })

    it('names the guest of a new booking only when the owner allows it, in their language', async () => {
      const { user, cookie, device } = await anAccountWithDevice(ctx)
      await aStoredNotice(ctx, user.id, 'new')
      const [hidden] = await service.waitFor(device)
      expect(hidden!.payload).toMatchObject({
        title: 'New booking at Villa Rawdah',
        body: 'New booking at Villa Rawdah: A guest on Airbnb, 2030-03-01 to 2030-03-04',
        url: '/calendar',
      })
      expect(hidden!.urgency).toBe('normal')
      await post(
        ctx.app,
        '/api/user/toggle-notifications',
        { enabled: true, pushGuestNames: true },
        { cookie },
      )
      await ctx.db.updateTable('users').set({ language: 'ar' }).where('id', '=', user.id).execute()
      await aStoredNotice(ctx, user.id, 'new')
      const [, named] = await service.waitFor(device, 2)
      expect(named!.payload.title).toBe('حجز جديد في Villa Rawdah')
      expect(named!.payload.body).toContain('Sara')
      // The same stay's news has the same topic: the push service keeps the newest only.
      expect(named!.topic).toBe(hidden!.topic)
    })

    it('pushes each notice once, whichever processes claim it', async () => {
      const { user, device } = await anAccountWithDevice(ctx)
      await aNotice(ctx.db, user.id, 'new')
      const second = await startSecondProcess(ctx)
      try {
        await Promise.all([
          ctx.app.push.sender.sendWaiting(user.id),
          second.push.sender.sendWaiting(user.id),
          second.push.sender.sendAllWaiting(),
        ])
        await service.waitFor(device)
        await settle()
        expect(service.received(device)).toHaveLength(1)
      } finally {
        await second.close()
      }
    })

    it('pushes by the sweep what was stored and never announced', async () => {
      const { user, device } = await anAccountWithDevice(ctx)
      await aNotice(ctx.db, user.id, 'conflict')
      await settle(100)
      expect(service.requests(device)).toBe(0)
      await ctx.app.push.sender.sendAllWaiting()
      expect((await service.waitFor(device))[0]!.urgency).toBe('high')
    })

    it('pushes nothing to an account with notifications off, or deactivated', async () => {
      const quiet = await anAccountWithDevice(ctx)
      await ctx.db
        .updateTable('users')
        .set({ notifications_enabled: 0 })
        .where('id', '=', quiet.user.id)
        .execute()
      const gone = await anAccountWithDevice(ctx)
      await ctx.db
        .updateTable('users')
        .set({ account_state: 'deactivated' })
        .where('id', '=', gone.user.id)
        .execute()
      await aStoredNotice(ctx, quiet.user.id, 'conflict')
      await aStoredNotice(ctx, gone.user.id, 'conflict')
      await settle()
      expect(service.requests(quiet.device)).toBe(0)
      expect(service.requests(gone.device)).toBe(0)
      // Claimed all the same: nothing arrives in a burst when they are back.
      const waiting = await ctx.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', 'in', [quiet.user.id, gone.user.id])
        .where('pushed_at', 'is', null)
        .execute()
      expect(waiting).toEqual([])
    })

    it('removes a device its push service says is gone', async () => {
      const { user, cookie, device } = await anAccountWithDevice(ctx)
      service.answer(device, 410)
      await aStoredNotice(ctx, user.id, 'new')
      for (const deadline = Date.now() + 5_000; service.requests(device) === 0 && Date.now() < deadline;)
        await settle(20)
      await settle()
      expect((await devicesOf(ctx.app, cookie)).json()).toEqual([])
    })

    it('tries again after a 500', async () => {
      const { user, device } = await anAccountWithDevice(ctx)
      service.answer(device, 500)
      await aStoredNotice(ctx, user.id, 'conflict')
      await service.waitFor(device)
      expect(service.requests(device)).toBe(2)
    })

    it("waits a 429's Retry-After, up to its cap, before trying again", async () => {
      const { user, device } = await anAccountWithDevice(ctx)
      service.answer(device, { status: 429, retryAfter: '30' })
      const sentAt = Date.now()
      await aStoredNotice(ctx, user.id, 'new')
      await service.waitFor(device)
      // Capped at 500 ms here (an hour's Retry-After would otherwise hold the alert for an hour).
      expect(Date.now() - sentAt).toBeGreaterThanOrEqual(450)
      expect(Date.now() - sentAt).toBeLessThan(5_000)
      expect(service.requests(device)).toBe(2)
    })

    it('gives up after its tries, and keeps the device', async () => {
      const { user, cookie, device } = await anAccountWithDevice(ctx)
      service.answer(device, 503, 503, 503, 503)
      await aStoredNotice(ctx, user.id, 'new')
      for (const deadline = Date.now() + 5_000; service.requests(device) < 3 && Date.now() < deadline;)
        await settle(20)
      await settle()
      expect(service.requests(device)).toBe(3)
      expect(service.received(device)).toEqual([])
      expect((await devicesOf(ctx.app, cookie)).json()).toHaveLength(1)
    })

    it('sends a test push to each device and says how many', async () => {
      const { user, cookie, device } = await anAccountWithDevice(ctx)
      const second = service.aDevice()
      await subscribe(ctx.app, { cookie }, second.subscription)
      const answer = await post(ctx.app, '/api/push/test', undefined, { cookie })
      expect(answer.json()).toEqual({ sent: 2 })
      for (const each of [device, second])
        expect((await service.waitFor(each))[0]!.payload).toMatchObject({
          title: 'Manzil test alert',
          url: '/settings',
        })
      const nobody = await signIn(ctx.app, (await aUser(ctx.db)).email)
      expect((await post(ctx.app, '/api/push/test', undefined, { cookie: nobody })).json()).toEqual({
        sent: 0,
      })
      expect(user.id).toBeTruthy()
    })

    it('pushes to no private address a public name leads to, at send', async () => {
      const { user, device } = await anAccountWithDevice(ctx)
      // Written past the API's check, as if its name had come to resolve to a private address.
      await ctx.db
        .updateTable('push_subscriptions')
        .set({ endpoint: device.subscription.endpoint.replace('127.0.0.1', 'localhost') })
        .where('user_id', '=', user.id)
        .execute()
      await aStoredNotice(ctx, user.id, 'new')
      await settle(500)
      expect(service.requests(device)).toBe(0)
    })

    it("does not hold one account's push behind another's dead devices", async () => {
      const slow = await aUser(ctx.db)
      const slowCookie = await signIn(ctx.app, slow.email)
      const dead: TestDevice[] = []
      for (let index = 0; index < 10; index++) {
        const device = service.aDevice()
        service.answer(device, 'hang', 'hang', 'hang')
        await subscribe(ctx.app, { cookie: slowCookie }, device.subscription)
        dead.push(device)
      }
      const other = await anAccountWithDevice(ctx)
      await aStoredNotice(ctx, slow.id, 'new')
      await settle(100)
      const startedAt = Date.now()
      await aStoredNotice(ctx, other.user.id, 'new')
      await service.waitFor(other.device, 1, 1_000)
      expect(Date.now() - startedAt).toBeLessThan(1_000)
      // The dead devices are still waiting for their deadline (2 s): none has failed yet.
      expect(dead.reduce((sum, device) => sum + service.requests(device), 0)).toBeLessThanOrEqual(10)
      expect(dead.every((device) => service.received(device).length === 0)).toBe(true)
    })
  },
  { env: { SYNC_ALLOW_HOSTS: '127.0.0.1' }, push: SENDING },
)
