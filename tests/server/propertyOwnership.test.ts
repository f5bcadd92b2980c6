import Fastify from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { beforeAll, expect, it } from 'vitest'
import { propertyRoutes } from '../../server/property/routes.ts'
import type { Property } from '../../contract/property.ts'
import { aUser, signIn } from './builders.ts'
import { describeEachDatabase } from './harness.ts'
import {
  aJpeg,
  aProperty,
  aPropertyFields,
  propertyForm,
  uploadedFiles,
  withoutSyncState,
} from './multipart.ts'

type Attempt = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  route: string
  payload?: () => Promise<FormData | Record<string, string>>
}

const link = { platformName: 'Vrbo', urlPath: 'https://www.vrbo.com/icalendar/stranger.ics' }

/** Every route that names a property, as a stranger would try it. */
const attempts: Attempt[] = [
  { method: 'GET', route: '/property/:id' },
  {
    method: 'PATCH',
    route: '/property/:id',
    payload: async () => propertyForm(aPropertyFields({ name: 'Taken over' }), [await aJpeg()]),
  },
  { method: 'DELETE', route: '/property/:id' },
  { method: 'GET', route: '/property/:id/image/list' },
  { method: 'DELETE', route: '/property/:id/image/:imageId' },
  { method: 'GET', route: '/property/:id/calendar/external' },
  { method: 'POST', route: '/property/:id/calendar/external', payload: async () => link },
  { method: 'DELETE', route: '/property/:id/calendar/external/:calendarId' },
  { method: 'GET', route: '/property/:id/calendar/internal' },
  { method: 'POST', route: '/property/:id/calendar/internal/rotate' },
  { method: 'POST', route: '/property/:id/calendar/platform/:platformName/rotate' },
]

const urlOf = (route: string, property: Property) =>
  `/api${route}`
    .replace(':id', property.id)
    .replace(':imageId', property.images[0]?.id ?? '')
    .replace(':calendarId', property.externalCalendars[0]?.id ?? '')
    .replace(':platformName', property.externalCalendars[0]?.platformName ?? 'Airbnb')

describeEachDatabase('property ownership', (ctx) => {
  let owner = ''
  let stranger = ''
  let property: Property

  beforeAll(async () => {
    owner = await signIn(ctx.app, (await aUser(ctx.db)).email)
    stranger = await signIn(ctx.app, (await aUser(ctx.db)).email)
    property = await aProperty(
      ctx.app,
      owner,
      {
        externalCalendars: JSON.stringify([{ platformName: 'Airbnb', urlPath: 'https://airbnb.com/a.ics' }]),
      },
      [await aJpeg()],
    )
  })

  it('tries every route that names a property', async () => {
    const registered: string[] = []
    const probe = Fastify().withTypeProvider<ZodTypeProvider>()
    probe.decorate('config', ctx.config)
    probe.decorate('db', ctx.db)
    probe.addHook('onRoute', (route) => {
      if (route.url.includes(':id') && route.method !== 'HEAD')
        registered.push(`${route.method} ${route.url}`)
    })
    await probe.register(propertyRoutes)
    await probe.close()
    expect(registered.sort()).toEqual(attempts.map((a) => `${a.method} ${a.route}`).sort())
  })

  for (const attempt of attempts) {
    it(`answers ${attempt.method} ${attempt.route} with 404 for another host`, async () => {
      const filesBefore = uploadedFiles(ctx.config.dataDir)
      const response = await ctx.app.inject({
        method: attempt.method,
        url: urlOf(attempt.route, property),
        headers: { cookie: stranger },
        ...(attempt.payload ? { payload: await attempt.payload() } : {}),
      })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: 'Not found' })
      expect(uploadedFiles(ctx.config.dataDir)).toEqual(filesBefore)
    })
  }

  it('leaves the owner’s property exactly as it was', async () => {
    const response = await ctx.app.inject({ url: `/api/property/${property.id}`, headers: { cookie: owner } })
    expect(withoutSyncState(response.json())).toEqual(withoutSyncState(property))
    const internal = await ctx.app.inject({
      url: `/api/property/${property.id}/calendar/internal`,
      headers: { cookie: owner },
    })
    const row = await ctx.db
      .selectFrom('properties')
      .select('export_token')
      .where('id', '=', property.id)
      .executeTakeFirstOrThrow()
    expect(internal.json().url).toContain(row.export_token)
  })

  it('lists only one’s own properties', async () => {
    const list = await ctx.app.inject({ url: '/api/property/list', headers: { cookie: stranger } })
    expect(list.json()).toEqual([])
  })

  it('does not reach the owner’s photo or link through one’s own property', async () => {
    const own = await aProperty(ctx.app, stranger)
    for (const url of [
      `/api/property/${own.id}/image/${property.images[0]?.id}`,
      `/api/property/${own.id}/calendar/external/${property.externalCalendars[0]?.id}`,
    ]) {
      const response = await ctx.app.inject({ method: 'DELETE', url, headers: { cookie: stranger } })
      expect(response.statusCode).toBe(404)
    }
    const still = await ctx.app.inject({ url: `/api/property/${property.id}`, headers: { cookie: owner } })
    expect(withoutSyncState(still.json())).toEqual(withoutSyncState(property))
  })
})
