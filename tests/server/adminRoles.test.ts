import Fastify from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { beforeAll, expect, it } from 'vitest'
import { adminRoutes } from '../../server/admin/routes.ts'
import type { Property } from '../../contract/property.ts'
import { aUser, signIn } from './builders.ts'
import { describeEachDatabase, type TestContext } from './harness.ts'
import { aJpeg, aPropertyFields, propertyForm, sendPropertyForm } from './multipart.ts'

type Target = { userId: string; property: Property }

type Route = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  route: string
  payload?: () => Promise<FormData | Record<string, unknown>>
  /** What an admin gets. */
  status: number
}

const reason = async () => ({ reason: 'Repeated spam listings' })
const form = async (name: string) => propertyForm(aPropertyFields({ name }), [await aJpeg()])
// A loopback link: the sync it starts is refused at once instead of reaching the network.
const link = async () => ({ platformName: 'Vrbo', urlPath: 'http://127.0.0.1:9/feed.ics' })

/** Every /api/admin route, with what an admin gets for it. */
const routes: Route[] = [
  { method: 'GET', route: '/admin/user/list', status: 200 },
  { method: 'GET', route: '/admin/user/:userId', status: 200 },
  { method: 'PATCH', route: '/admin/user/:userId', payload: async () => ({ name: 'Renamed' }), status: 200 },
  {
    method: 'POST',
    route: '/admin/user/:userId/toggle-notifications',
    payload: async () => ({ enabled: false }),
    status: 200,
  },
  { method: 'POST', route: '/admin/user/:userId/deactivate', payload: reason, status: 200 },
  // The target account is active: there is nothing to reactivate.
  { method: 'POST', route: '/admin/user/:userId/reactivate', payload: reason, status: 409 },
  { method: 'POST', route: '/admin/user/:userId/delete', payload: reason, status: 204 },
  { method: 'GET', route: '/admin/user/:userId/property/list', status: 200 },
  {
    method: 'POST',
    route: '/admin/user/:userId/property',
    payload: () => form('Added by admin'),
    status: 201,
  },
  {
    method: 'PATCH',
    route: '/admin/property/:propertyId',
    payload: () => form('Edited by admin'),
    status: 200,
  },
  { method: 'DELETE', route: '/admin/property/:propertyId', status: 204 },
  { method: 'GET', route: '/admin/property/:propertyId/image/list', status: 200 },
  { method: 'DELETE', route: '/admin/property/:propertyId/image/:imageId', status: 204 },
  { method: 'GET', route: '/admin/property/:propertyId/statistics/period', status: 200 },
  { method: 'GET', route: '/admin/property/:propertyId/calendar/external', status: 200 },
  { method: 'POST', route: '/admin/property/:propertyId/calendar/external', payload: link, status: 200 },
  { method: 'GET', route: '/admin/property/:propertyId/calendar/internal', status: 200 },
  { method: 'GET', route: '/admin/log/list', status: 200 },
]

const urlOf = (route: string, target: Target) =>
  `/api${route}`
    .replace(':userId', target.userId)
    .replace(':propertyId', target.property.id)
    .replace(':imageId', target.property.images[0]?.id ?? '')

async function call(ctx: TestContext, route: Route, target: Target, cookie?: string) {
  const payload = await route.payload?.()
  return ctx.app.inject({
    method: route.method,
    url: urlOf(route.route, target),
    ...(payload ? { payload } : {}),
    headers: cookie ? { cookie } : {},
  })
}

describeEachDatabase('admin routes by role', (ctx) => {
  let admin = ''
  let user = ''

  /** A user with one property that has a photo, made through the admin's own route. */
  async function aTarget(): Promise<Target> {
    const { id: userId } = await aUser(ctx.db)
    const created = await sendPropertyForm(
      ctx.app,
      'POST',
      `/api/admin/user/${userId}/property`,
      await form('Target flat'),
      { cookie: admin },
    )
    expect(created.statusCode).toBe(201)
    return { userId, property: created.json() }
  }

  beforeAll(async () => {
    admin = await signIn(ctx.app, (await aUser(ctx.db, { isAdmin: true })).email)
    user = await signIn(ctx.app, (await aUser(ctx.db)).email)
  })

  it('covers every /api/admin route', async () => {
    const registered: string[] = []
    const probe = Fastify().withTypeProvider<ZodTypeProvider>()
    probe.decorate('config', ctx.config)
    probe.decorate('db', ctx.db)
    probe.addHook('onRoute', (route) => {
      if (route.method !== 'HEAD') registered.push(`${String(route.method)} ${route.url}`)
    })
    await probe.register(adminRoutes)
    await probe.close()
    expect(registered.sort()).toEqual(routes.map((r) => `${r.method} ${r.route}`).sort())
  })

  for (const route of routes) {
    const name = `${route.method} ${route.route}`

    it(`answers ${name} with 401 without a session`, async () => {
      const target = await aTarget()
      expect((await call(ctx, route, target)).statusCode).toBe(401)
    })

    it(`answers ${name} with 403 for a user, changing nothing`, async () => {
      const target = await aTarget()
      const response = await call(ctx, route, target, user)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: 'You are not allowed to do this' })
      const after = await ctx.app.inject({
        url: `/api/admin/user/${target.userId}/property/list`,
        headers: { cookie: admin },
      })
      expect(after.json()).toEqual([target.property])
      const account = await ctx.db
        .selectFrom('users')
        .select(['name', 'account_state', 'notifications_enabled'])
        .where('id', '=', target.userId)
        .executeTakeFirstOrThrow()
      expect(account).toEqual({ name: null, account_state: 'active', notifications_enabled: 1 })
    })

    it(`answers ${name} with ${route.status} for an admin`, async () => {
      const target = await aTarget()
      const response = await call(ctx, route, target, admin)
      expect(response.statusCode, response.body).toBe(route.status)
    })
  }
})
