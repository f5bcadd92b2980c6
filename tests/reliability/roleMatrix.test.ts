import { beforeAll, expect, it } from 'vitest'
import { createECDH, randomBytes, randomUUID } from 'node:crypto'
import { createNotification } from '../../server/notification/store.ts'
import { post, profileWith } from '../server/accounts.ts'
import { aCalendarRow, aStay } from '../server/bookingBuilders.ts'
import { aTeamMember, aUser, signIn, STRONG_PASSWORD, uniqueEmail } from '../server/builders.ts'
import { openEventStream, originOf } from '../server/eventStream.ts'
import { PUBLIC_API_ROUTES, sha256 } from '../../server/auth/session.ts'
import { describeEachDatabase, type TestContext } from '../server/harness.ts'
import { aJpeg, aProperty, aPropertyFields, propertyForm } from '../server/multipart.ts'
import { apiRoutesOf } from './routes.ts'

/**
 * docs/product.md §6 as a table: every /api route, called by each kind of caller on host A's resources,
 * answers the status in its row. A route without a row fails the first test. `cohostA` and
 * `cleanerA` are active members of the team of the property a cell acts on.
 */

const ROLES = ['anonymous', 'hostA', 'hostB', 'deactivated', 'admin', 'cohostA', 'cleanerA'] as const
const MEMBER_ROLES = { cohostA: 'cohost', cleanerA: 'cleaner' } as const
type Role = (typeof ROLES)[number]
type Expected = Record<Role, number>

/** Public: the same answer whoever calls. */
const everyone = (status: number): Expected => ({
  anonymous: status,
  hostA: status,
  hostB: status,
  deactivated: status,
  admin: status,
  cohostA: status,
  cleanerA: status,
})
/** Any active session; a deactivated account's session is gone. */
const signedIn = (status: number): Expected => ({ ...everyone(status), anonymous: 401, deactivated: 401 })
/**
 * Host A's own resource: anyone else's session does not find it, an admin's included (admin
 * routes exist), and neither does a member of the property's team.
 */
const ownerOnly = (status: number): Expected => ({
  ...signedIn(status),
  hostB: 404,
  admin: 404,
  cohostA: 404,
  cleanerA: 404,
})
/** What host A may do with their property, their co-host may too; their cleaner is a stranger. */
const shared = (status: number): Expected => ({ ...ownerOnly(status), cohostA: status })
const adminOnly = (status: number): Expected => ({
  ...signedIn(status),
  hostA: 403,
  hostB: 403,
  cohostA: 403,
  cleanerA: 403,
})

type Account = { id: string; email: string; cookie: string }

/** Host A's resources that one cell acts on, made afresh for every cell. */
type Target = {
  propertyId: string
  imageId: string
  calendarId: string
  exportToken: string
  /** A cleaner's link to the property, and its token. */
  cleanerLinkId: string
  cleanerToken: string
  /** The secret a link's confirmation mail carries (kept as its SHA-256). */
  cleanerEmailToken: string
  notificationId: string
  /** A device of the owner's for push alerts. */
  pushDeviceId: string
  /** A manual stay on the property. */
  stayId: string
  /** An invitation to the property's team, to a third address, and its secret. */
  memberId: string
  invitationToken: string
  /** Another account, for the admin's user routes. */
  userId: string
  /** Accounts to sign in as: a plain one and one with two-factor on (password STRONG_PASSWORD). */
  loginEmail: string
  twofactorEmail: string
}

type Payload = Record<string, unknown> | FormData

type Row = {
  expected: Expected
  /** Path parameters that do not follow the defaults of `paramsOf`. */
  params?: (target: Target) => Record<string, string>
  /** The query string; its `:name`s are parameters, as the path's are. */
  query?: string
  payload?: (target: Target) => Promise<Payload> | Payload
  /** The call ends or replaces the caller's session: each cell signs in a caller of its own. */
  endsSession?: boolean
  /** An event stream: the status is read from the headers of a real connection. */
  stream?: boolean
}

const propertyPayload = async () => propertyForm(aPropertyFields(), [await aJpeg()])
// A loopback link: the sync it starts is refused at once instead of reaching the network.
const linkPayload = () => ({ platformName: 'Vrbo', urlPath: 'http://127.0.0.1:9/feed.ics' })
const reason = () => ({ reason: 'Repeated spam listings' })
const manualStay = () => ({ start: '2030-01-01', end: '2030-01-04', kind: 'block' })
const wrongCode = () => ({ code: '000000' })
/** A browser's subscription: a real P-256 key, an endpoint under .invalid that nothing is sent to. */
function aPushSubscription() {
  const receiver = createECDH('prime256v1')
  receiver.generateKeys()
  return {
    endpoint: `https://push.invalid/${randomUUID()}`,
    expirationTime: null,
    keys: { p256dh: receiver.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  }
}

/**
 * Each route's row, keyed `METHOD /path`; a route called in another way that answers other roles
 * otherwise has one more row, keyed `METHOD /path (how)`.
 */
const MATRIX: Record<string, Row> = {
  'GET /api/health': { expected: everyone(200) },
  'GET /api/docs': { expected: everyone(200) },
  // Only METRICS_TOKEN's bearer, unset here, finds it (tests/server/metrics.test.ts).
  'GET /api/metrics': { expected: everyone(404) },
  'POST /api/auth/register/send-code': { expected: everyone(200), payload: () => ({ email: uniqueEmail() }) },
  'POST /api/auth/register': {
    expected: everyone(400),
    payload: () => ({ email: uniqueEmail(), password: STRONG_PASSWORD, code: '000000' }),
  },
  'POST /api/auth/login': {
    expected: everyone(200),
    payload: (target) => ({ email: target.loginEmail, password: STRONG_PASSWORD }),
    endsSession: true,
  },
  'POST /api/auth/logout': { expected: everyone(200), endsSession: true },
  'POST /api/auth/tfa/send-code': {
    expected: everyone(200),
    payload: (target) => ({ email: target.twofactorEmail, password: STRONG_PASSWORD }),
  },
  'POST /api/auth/forgot-password/send-link': {
    expected: everyone(200),
    payload: () => ({ email: uniqueEmail() }),
  },
  // The old address's link; its secret is its only key.
  'POST /api/auth/email-change/cancel': {
    expected: everyone(400),
    payload: () => ({ token: 'no-such-cancel-link' }),
  },
  'POST /api/auth/forgot-password/change/:token': {
    expected: everyone(400),
    payload: () => ({ password: STRONG_PASSWORD }),
  },

  'GET /api/user/profile': { expected: signedIn(200) },
  'PATCH /api/user/profile': { expected: signedIn(200), payload: () => ({ name: 'Renamed' }) },
  'DELETE /api/user/profile': { expected: signedIn(200), endsSession: true },
  'POST /api/user/email/confirm': { expected: signedIn(400), payload: wrongCode },
  'POST /api/user/tfa/send-code': { expected: signedIn(200) },
  'POST /api/user/tfa/toggle': { expected: signedIn(400), payload: wrongCode },
  'POST /api/user/toggle-notifications': { expected: signedIn(200), payload: () => ({ enabled: false }) },

  'GET /api/property/list': { expected: signedIn(200) },
  // Each caller's own properties only, admins included.
  'GET /api/property/calendar': { expected: signedIn(200), query: '?from=2026-01-01&to=2026-02-01' },
  // One property's window of it: its owner's and co-host's; a cleaner's is a 404.
  'GET /api/property/calendar (one property)': {
    expected: shared(200),
    query: '?from=2026-01-01&to=2026-02-01&property=:id',
  },
  // A page of one property's upcoming stays: its owner's and co-host's; a cleaner's is a 404.
  'GET /api/property/calendar/stays': { expected: shared(200), query: '?list=upcoming&property=:id' },
  'GET /api/property/platform/list': { expected: signedIn(200) },
  'POST /api/property': { expected: signedIn(201), payload: propertyPayload },
  'GET /api/property/:id': { expected: shared(200) },
  'PATCH /api/property/:id': { expected: shared(200), payload: propertyPayload },
  'DELETE /api/property/:id': { expected: ownerOnly(204) },
  'GET /api/property/:id/image/list': { expected: shared(200) },
  'DELETE /api/property/:id/image/:imageId': { expected: shared(204) },
  'GET /api/property/:id/calendar/external': { expected: shared(200) },
  'POST /api/property/:id/calendar/external': { expected: shared(200), payload: linkPayload },
  'DELETE /api/property/:id/calendar/external/:calendarId': { expected: shared(204) },
  'GET /api/property/:id/calendar/internal': { expected: shared(200) },
  'POST /api/property/:id/calendar/internal/rotate': { expected: ownerOnly(200) },
  'POST /api/property/:id/calendar/platform/:platformName/rotate': { expected: ownerOnly(200) },
  'POST /api/property/:id/stay': { expected: shared(201), payload: manualStay },
  'PATCH /api/property/:id/stay/:stayId': { expected: shared(200), payload: () => ({ note: 'Owner' }) },
  'DELETE /api/property/:id/stay/:stayId': { expected: shared(204) },
  'GET /api/property/:id/statistics': { expected: shared(200) },
  'GET /api/property/:id/statistics/period': {
    expected: shared(200),
    query: '?start=2026-01-01&end=2026-01-31',
  },
  'GET /api/dashboard/statistics': { expected: signedIn(200) },
  'GET /api/dashboard/statistics/monthly': { expected: signedIn(200) },
  'GET /api/guest/list': { expected: signedIn(200) },
  'GET /api/notification/list': { expected: signedIn(200) },
  // Each caller searches their own stays only: host A's guest name finds nothing for others.
  'GET /api/stay/search': { expected: signedIn(200), query: '?q=Guest%20of%20A' },
  'POST /api/notification/:id/read': {
    expected: ownerOnly(200),
    params: (target) => ({ id: target.notificationId }),
  },
  'GET /api/notification/sse': { expected: signedIn(200), stream: true },
  'POST /api/notification/trigger': { expected: signedIn(200) },
  'GET /api/exposure': { expected: signedIn(200) },
  // Each caller's own cleanings; another's property is a 404 (tests/server/turnovers.test.ts).
  'GET /api/turnover/list': { expected: signedIn(200), query: '?start=2030-01-01&end=2030-01-31' },
  // The properties of each caller's cleanings, with their part in each (tests/server/teamAccess.test.ts).
  'GET /api/turnover/property': { expected: signedIn(200) },
  // Each caller's own cleaner links, for their own properties (tests/server/cleanerLinks.test.ts).
  'GET /api/turnover/link': { expected: signedIn(200) },
  'POST /api/turnover/link': {
    expected: ownerOnly(201),
    payload: (target) => ({ name: 'Fatima', propertyIds: [target.propertyId] }),
  },
  'POST /api/turnover/link/:id/rotate': {
    expected: ownerOnly(200),
    params: (target) => ({ id: target.cleanerLinkId }),
  },
  'DELETE /api/turnover/link/:id': {
    expected: ownerOnly(204),
    params: (target) => ({ id: target.cleanerLinkId }),
  },
  // A cleaner's page and feed: the link's token is their only key.
  'GET /api/cleaning/schedule/:token': {
    expected: everyone(200),
    params: (target) => ({ token: target.cleanerToken }),
  },
  'GET /api/cleaning/feed/:file': {
    expected: everyone(200),
    params: (target) => ({ file: `${target.cleanerToken}.ics` }),
  },
  // The address's owner confirms by the mailed secret, signed in or not (tests/server/cleanerMails.test.ts).
  'POST /api/cleaning/confirm/:token': {
    expected: everyone(200),
    params: (target) => ({ token: target.cleanerEmailToken }),
  },
  // Each caller's own devices for push alerts (tests/server/push.test.ts). The test push comes
  // before any cell subscribes a device it would have to reach: its devices are the target's,
  // on a loopback address the send's guard refuses without a packet.
  'GET /api/push/key': { expected: signedIn(200) },
  'POST /api/push/test': { expected: signedIn(200) },
  'POST /api/push/subscription': { expected: signedIn(200), payload: aPushSubscription },
  'GET /api/push/subscription': { expected: signedIn(200) },
  'DELETE /api/push/subscription/:id': {
    expected: ownerOnly(204),
    params: (target) => ({ id: target.pushDeviceId }),
  },
  'POST /api/property/:id/calendar/platform/:platformName/acknowledge': { expected: shared(200) },
  // The owner's team (tests/server/team.test.ts); the invitation is to a third address, so any
  // account accepting it is refused.
  'GET /api/property/:id/team': { expected: ownerOnly(200) },
  'POST /api/property/:id/team': {
    expected: ownerOnly(201),
    payload: () => ({ email: uniqueEmail('invitee'), role: 'cleaner' }),
  },
  'PATCH /api/property/:id/team/:memberId': { expected: ownerOnly(200), payload: () => ({ role: 'cohost' }) },
  'DELETE /api/property/:id/team/:memberId': { expected: ownerOnly(204) },
  'POST /api/property/:id/team/:memberId/resend': { expected: ownerOnly(200) },
  'POST /api/team/invitation/:token/accept': {
    expected: signedIn(403),
    params: (target) => ({ token: target.invitationToken }),
  },
  // The export feed's token is its only key.
  'GET /api/calendar/:file': { expected: everyone(200) },

  'GET /api/admin/user/list': { expected: adminOnly(200) },
  'GET /api/admin/user/:userId': { expected: adminOnly(200) },
  'PATCH /api/admin/user/:userId': { expected: adminOnly(200), payload: () => ({ name: 'Renamed' }) },
  'POST /api/admin/user/:userId/toggle-notifications': {
    expected: adminOnly(200),
    payload: () => ({ enabled: false }),
  },
  'POST /api/admin/user/:userId/deactivate': { expected: adminOnly(200), payload: reason },
  // The target account is active: nothing to reactivate.
  'POST /api/admin/user/:userId/reactivate': { expected: adminOnly(409), payload: reason },
  'POST /api/admin/user/:userId/delete': { expected: adminOnly(204), payload: reason },
  'GET /api/admin/user/:userId/property/list': { expected: adminOnly(200) },
  'POST /api/admin/user/:userId/property': { expected: adminOnly(201), payload: propertyPayload },
  'PATCH /api/admin/property/:propertyId': { expected: adminOnly(200), payload: propertyPayload },
  'DELETE /api/admin/property/:propertyId': { expected: adminOnly(204) },
  'GET /api/admin/property/:propertyId/image/list': { expected: adminOnly(200) },
  'DELETE /api/admin/property/:propertyId/image/:imageId': { expected: adminOnly(204) },
  'GET /api/admin/property/:propertyId/statistics/period': { expected: adminOnly(200) },
  'GET /api/admin/property/:propertyId/calendar/external': { expected: adminOnly(200) },
  'POST /api/admin/property/:propertyId/calendar/external': {
    expected: adminOnly(200),
    payload: linkPayload,
  },
  'GET /api/admin/property/:propertyId/calendar/internal': { expected: adminOnly(200) },
  'GET /api/admin/log/list': { expected: adminOnly(200) },
  // Every account's platforms: admins only (docs/decisions.md, "Each platform's measured import interval").
  'GET /api/admin/imports': { expected: adminOnly(200) },
}

/** The route a row calls: its key without the way it is called. */
const routeOf = (key: string) => key.replace(/ \(.*\)$/, '')

const paramsOf = (target: Target): Record<string, string> => ({
  id: target.propertyId,
  propertyId: target.propertyId,
  imageId: target.imageId,
  calendarId: target.calendarId,
  // The platform of the link aCalendarRow makes.
  platformName: 'Airbnb',
  userId: target.userId,
  stayId: target.stayId,
  memberId: target.memberId,
  file: `${target.exportToken}.ics`,
  token: 'no-such-reset-token',
})

function urlOf(route: string, row: Row, target: Target): string {
  const params = { ...paramsOf(target), ...row.params?.(target) }
  return `${route.split(' ')[1]}${row.query ?? ''}`.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? name),
  )
}

const NOTIFICATION = { ical: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR', platformName: 'Airbnb', propertyName: 'x' }

describeEachDatabase('the role and ownership matrix', (ctx: TestContext) => {
  const callers: Partial<Record<Role, Account>> = {}
  /** What host A owns beyond each cell's target: nobody else's answer may mention it. */
  const secretsOfA: string[] = []
  const signInAs = { loginEmail: '', twofactorEmail: '' }

  async function anAccount(isAdmin = false): Promise<Account> {
    const { id, email } = await aUser(ctx.db, { isAdmin })
    return { id, email, cookie: await signIn(ctx.app, email) }
  }

  async function callerFor(role: Role, fresh: boolean): Promise<Account | undefined> {
    if (role === 'anonymous') return undefined
    if (!fresh || role === 'deactivated') return callers[role]
    return anAccount(role === 'admin')
  }

  /** Makes a co-host or a cleaner caller an active member of the cell's property. */
  async function joinTeam(role: Role, caller: Account | undefined, target: Target) {
    if (!caller || target.propertyId === 'none' || !(role === 'cohostA' || role === 'cleanerA')) return
    const member = { propertyId: target.propertyId, user: caller, role: MEMBER_ROLES[role] }
    await aTeamMember(ctx.db, { ...member, invitedBy: (callers.hostA as Account).id })
  }

  /** Only what the route's path and query name is made, and the photo through the real upload. */
  async function aTarget(route: string, owner: Account): Promise<Target> {
    const needsLink = /\/api\/(turnover\/link|cleaning)\b/.test(route)
    const needsProperty =
      needsLink ||
      route.includes('/team') ||
      /:(id|propertyId|imageId|calendarId|platformName|file|stayId)\b/.test(
        `${route}${MATRIX[route]?.query ?? ''}`,
      )
    const property = needsProperty ? await aProperty(ctx.app, owner.cookie, {}, [await aJpeg()]) : undefined
    const propertyId = property?.id ?? 'none'
    const calendar = /:(calendarId|platformName)\b/.test(route)
      ? await aCalendarRow(ctx.db, propertyId)
      : undefined
    const exportToken = route.includes(':file')
      ? (
          await ctx.db
            .selectFrom('properties')
            .select('export_token')
            .where('id', '=', propertyId)
            .executeTakeFirstOrThrow()
        ).export_token
      : 'none'
    const notificationId = route.includes('/notification/:id')
      ? await createNotification(ctx.db, {
          userId: owner.id,
          title: null,
          data: NOTIFICATION,
          now: new Date().toISOString(),
        })
      : 'none'
    const userId = route.includes(':userId') ? (await aUser(ctx.db)).id : 'none'
    const stayId = route.includes(':stayId')
      ? (
          await ctx.app.inject({
            method: 'POST',
            url: `/api/property/${propertyId}/stay`,
            payload: manualStay(),
            headers: { cookie: owner.cookie },
          })
        ).json<{ id: string }>().id
      : 'none'
    // Under the account's quota of links, whatever the cells before made.
    if (needsLink) await ctx.db.deleteFrom('cleaner_links').where('owner_id', '=', owner.id).execute()
    const cleanerLink = needsLink
      ? (
          await post(ctx.app, '/api/turnover/link', { name: 'Fatima', propertyIds: [propertyId] }, owner)
        ).json<{
          id: string
          url: string
        }>()
      : undefined
    // Under the account's quota of devices, whatever the cells before made.
    if (route.includes('/api/push/'))
      await ctx.db.deleteFrom('push_subscriptions').where('user_id', '=', owner.id).execute()
    const pushDeviceId = /\/api\/push\/(subscription\/:id|test)/.test(route) ? randomUUID() : 'none'
    if (pushDeviceId !== 'none')
      await ctx.db
        .insertInto('push_subscriptions')
        .values({
          ...aPushSubscription().keys,
          id: pushDeviceId,
          user_id: owner.id,
          endpoint: `https://127.0.0.1:9/push/${pushDeviceId}`,
          browser: 'Firefox',
          os: 'Android',
          created_at: new Date().toISOString(),
          last_success_at: null,
        })
        .execute()
    const invitationToken = route.includes('/team') ? randomUUID() : 'none'
    const memberId = invitationToken === 'none' ? 'none' : randomUUID()
    if (memberId !== 'none' && property) {
      const now = new Date()
      await ctx.db
        .insertInto('property_members')
        .values({
          id: memberId,
          property_id: property.id,
          user_id: null,
          email: uniqueEmail('invitee'),
          role: 'cleaner',
          status: 'invited',
          invited_by: owner.id,
          token_hash: sha256(invitationToken),
          invited_at: now.toISOString(),
          expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
          accepted_at: null,
        })
        .execute()
    }
    const cleanerEmailToken = route.includes('/cleaning/confirm') ? randomUUID() : 'none'
    if (cleanerLink && cleanerEmailToken !== 'none')
      await ctx.db
        .updateTable('cleaner_links')
        .set({ email: 'fatima@example.com', email_token_hash: sha256(cleanerEmailToken) })
        .where('id', '=', cleanerLink.id)
        .execute()
    return {
      stayId,
      memberId,
      invitationToken,
      cleanerEmailToken,
      propertyId,
      cleanerLinkId: cleanerLink?.id ?? 'none',
      cleanerToken: cleanerLink?.url.split('/').at(-1) ?? 'none',
      imageId: property?.images[0]?.id ?? 'none',
      calendarId: calendar?.id ?? 'none',
      exportToken,
      notificationId,
      pushDeviceId,
      userId,
      ...signInAs,
    }
  }

  async function statusOf(route: string, row: Row, target: Target, caller?: Account) {
    const [method] = route.split(' ')
    const url = urlOf(route, row, target)
    if (row.stream) {
      const stream = await openEventStream(`${originOf(ctx.app)}${url}`, caller?.cookie)
      stream.close()
      return { status: stream.response.status, body: '' }
    }
    const payload = await row.payload?.(target)
    const response = await ctx.app.inject({
      method: method as 'GET' | 'POST' | 'PATCH' | 'DELETE',
      url,
      ...(payload ? { payload } : {}),
      headers: caller ? { cookie: caller.cookie } : {},
    })
    return { status: response.statusCode, body: response.body }
  }

  beforeAll(async () => {
    callers.admin = await anAccount(true)
    callers.hostA = await anAccount()
    callers.hostB = await anAccount()
    callers.cohostA = await anAccount()
    callers.cleanerA = await anAccount()
    const deactivated = await anAccount()
    const refused = await post(ctx.app, `/api/admin/user/${deactivated.id}/deactivate`, reason(), {
      cookie: callers.admin.cookie,
    })
    expect(refused.statusCode).toBe(200)
    expect((await profileWith(ctx.app, deactivated.cookie)).statusCode).toBe(401)
    callers.deactivated = deactivated

    signInAs.loginEmail = (await aUser(ctx.db)).email
    signInAs.twofactorEmail = (await aUser(ctx.db, { twofactor: true })).email

    // Host A's standing property with a booked guest, and a notification.
    const standing = await aProperty(ctx.app, callers.hostA.cookie, { name: 'Standing flat' })
    const calendar = await aCalendarRow(ctx.db, standing.id)
    const guestName = `Guest of A ${standing.id.slice(0, 8)}`
    await aStay(ctx.db, calendar, '2026-03-01', '2026-03-04', { guestName })
    const notificationId = await createNotification(ctx.db, {
      userId: callers.hostA.id,
      title: null,
      data: NOTIFICATION,
      now: new Date().toISOString(),
    })
    secretsOfA.push(standing.id, calendar.id, guestName, notificationId, callers.hostA.email)
    await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  })

  it('has a row for every registered /api route, and none for a route that is gone', () => {
    expect(apiRoutesOf(ctx.app)).toEqual([...new Set(Object.keys(MATRIX).map(routeOf))].sort())
  })

  it('answers anonymous calls 401 before reading the body, but for exactly the public routes', async () => {
    const open = Object.entries(MATRIX).filter(([, row]) => row.expected.anonymous !== 401)
    expect(open.map(([route]) => route).sort()).toEqual([...PUBLIC_API_ROUTES].sort())
    // A body no schema accepts: a stranger is told 401, not what was wrong with it.
    for (const route of Object.keys(MATRIX).filter((route) => !PUBLIC_API_ROUTES.has(route))) {
      const [method] = route.split(' ')
      if (method === 'GET') continue
      const response = await ctx.app.inject({
        method: method as 'POST' | 'PATCH' | 'DELETE',
        url: urlOf(route, MATRIX[route] as Row, await aTarget(route, callers.hostA as Account)),
        payload: { start: 42, reason: ['x'], name: { a: 1 } },
      })
      expect(response.statusCode, route).toBe(401)
    }
  })

  for (const [route, row] of Object.entries(MATRIX)) {
    for (const role of ROLES) {
      const status = row.expected[role]
      it(`${route} as ${role}: ${status}`, async () => {
        const caller = await callerFor(role, row.endsSession === true)
        const owner = role === 'hostA' && caller ? caller : (callers.hostA as Account)
        const target = await aTarget(route, owner)
        await joinTeam(role, caller, target)
        const answer = await statusOf(route, row, target, caller)
        expect(answer.status, answer.body).toBe(status)
        if (role !== 'hostA' && role !== 'admin') {
          // A co-host reads the shared property; nothing else of host A's.
          const sharedWith = role === 'cohostA' ? [] : [target.propertyId, target.imageId]
          const ownedByA = [...secretsOfA, ...sharedWith, target.notificationId]
          for (const secret of ownedByA.filter((value) => value !== 'none'))
            expect(answer.body).not.toContain(secret)
        }
      })
    }
  }
})
