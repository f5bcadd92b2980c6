import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { ConfigError, loadConfig } from '../../server/config.ts'
import { parsePropertyFields } from '../../server/property/fields.ts'
import { createPropertyService } from '../../server/property/service.ts'
import { PLATFORM_NAMES, PLATFORMS } from '../../src/domain/platforms.ts'
import type { Property } from '../../contract/property.ts'
import { post } from './accounts.ts'
import { aPropertyRow } from './bookingBuilders.ts'
import { aUser, signIn } from './builders.ts'
import { describeEachDatabase, startSecondProcess, type TestContext } from './harness.ts'
import {
  aJpeg,
  aNoisyPng,
  aPng,
  aProperty,
  aPropertyFields,
  propertyForm,
  sendPropertyForm,
  type Upload,
} from './multipart.ts'

/** Every file a request may have left: published photos and staged ones. */
const filesOnDisk = (ctx: TestContext) =>
  ['uploads', 'incoming'].flatMap((folder) => {
    const dir = path.join(ctx.config.dataDir, folder)
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((file) => `${folder}/${file}`) : []
  })

const propertiesOf = async (ctx: TestContext, ownerId: string) =>
  Number(
    (
      await ctx.db
        .selectFrom('properties')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('owner_id', '=', ownerId)
        .executeTakeFirstOrThrow()
    ).count,
  )

const aHost = async (ctx: TestContext) => {
  const account = await aUser(ctx.db)
  return { ...account, cookie: await signIn(ctx.app, account.email) }
}

const smallPhotos = (count: number) =>
  Promise.all(Array.from({ length: count }, () => aJpeg({ width: 16, height: 16 })))

describe('quota settings', () => {
  it('have defaults, and take whole numbers from 1', () => {
    expect(loadConfig({}).quotas).toEqual({
      propertiesPerAccount: 500,
      photosPerProperty: 30,
      storageMegabytesPerAccount: 2048,
    })
    const set = loadConfig({
      QUOTA_PROPERTIES_PER_ACCOUNT: '2',
      QUOTA_PHOTOS_PER_PROPERTY: '5',
      QUOTA_STORAGE_MB_PER_ACCOUNT: '10',
    })
    expect(set.quotas).toEqual({
      propertiesPerAccount: 2,
      photosPerProperty: 5,
      storageMegabytesPerAccount: 10,
    })
    for (const value of ['0', '-1', '1.5', 'many'])
      expect(() => loadConfig({ QUOTA_PHOTOS_PER_PROPERTY: value })).toThrow(ConfigError)
  })
})

describeEachDatabase(
  'properties per account',
  (ctx) => {
    const create = (cookie: string, uploads: Upload[] = [], language = 'en') =>
      sendPropertyForm(ctx.app, 'POST', '/api/property', propertyForm(aPropertyFields(), uploads), {
        cookie,
        language,
      })

    it('refuses the fourth of three with a 409 in the reader’s language, keeping its photos off the disk', async () => {
      const host = await aHost(ctx)
      for (let index = 0; index < 3; index++) expect((await create(host.cookie)).statusCode).toBe(201)
      const before = filesOnDisk(ctx)
      const refused = await create(host.cookie, await smallPhotos(2))
      expect(refused.statusCode).toBe(409)
      expect(refused.json()).toEqual({
        message: 'An account can have at most 3 properties. Delete one to add another.',
      })
      const arabic = await create(host.cookie, [], 'ar')
      expect(arabic.statusCode).toBe(409)
      expect(arabic.json().message).toBe('لا يمكن أن يضم الحساب أكثر من ٣ عقارات. احذف عقارًا لتضيف آخر.')
      expect(await propertiesOf(ctx, host.id)).toBe(3)
      expect(filesOnDisk(ctx)).toEqual(before)
    })

    it('lets one be added again once one is deleted, and counts each account apart', async () => {
      const host = await aHost(ctx)
      const properties: Property[] = []
      for (let index = 0; index < 3; index++) properties.push(await aProperty(ctx.app, host.cookie))
      expect((await create((await aHost(ctx)).cookie)).statusCode).toBe(201)
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/property/${properties[0]?.id}`,
        headers: { cookie: host.cookie },
      })
      expect((await create(host.cookie)).statusCode).toBe(201)
      expect((await create(host.cookie)).statusCode).toBe(409)
    })

    it('holds for an admin creating a property for the account', async () => {
      const host = await aHost(ctx)
      for (let index = 0; index < 3; index++) await aPropertyRow(ctx.db, host.id)
      const admin = await aUser(ctx.db, { isAdmin: true })
      const response = await sendPropertyForm(
        ctx.app,
        'POST',
        `/api/admin/user/${host.id}/property`,
        propertyForm(aPropertyFields()),
        { cookie: await signIn(ctx.app, admin.email), language: 'ar' },
      )
      expect(response.statusCode).toBe(409)
      expect(response.json().message).toMatch(/أكثر من ٣ عقارات/)
      expect(await propertiesOf(ctx, host.id)).toBe(3)
    })

    describe('parallel creates at the limit', () => {
      let second: FastifyInstance
      beforeAll(async () => {
        second = await startSecondProcess(ctx)
      })
      afterAll(async () => {
        await second.close()
      })

      it('never pass it, from one process or two', async () => {
        const host = await aHost(ctx)
        await aPropertyRow(ctx.db, host.id)
        const attempts = Array.from({ length: 8 }, (_, index) =>
          sendPropertyForm(
            index % 2 ? second : ctx.app,
            'POST',
            '/api/property',
            propertyForm(aPropertyFields()),
            {
              cookie: host.cookie,
            },
          ),
        )
        const statuses = (await Promise.all(attempts)).map((response) => response.statusCode).sort()
        expect(statuses).toEqual([201, 201, 409, 409, 409, 409, 409, 409])
        expect(await propertiesOf(ctx, host.id)).toBe(3)
      })
    })
  },
  { env: { QUOTA_PROPERTIES_PER_ACCOUNT: '3' } },
)

describeEachDatabase(
  'photos per property',
  (ctx) => {
    const patch = (cookie: string, id: string, uploads: Upload[], language = 'en') =>
      sendPropertyForm(ctx.app, 'PATCH', `/api/property/${id}`, propertyForm(aPropertyFields(), uploads), {
        cookie,
        language,
      })

    it('refuses a fourth photo of three at the photos field, in the reader’s language, leaving no file', async () => {
      const host = await aHost(ctx)
      const property = await aProperty(ctx.app, host.cookie, {}, await smallPhotos(3))
      const before = filesOnDisk(ctx)
      const refused = await patch(host.cookie, property.id, await smallPhotos(1))
      expect(refused.statusCode).toBe(409)
      const message = 'A property can have at most 3 photos. Remove some to add others.'
      expect(refused.json()).toEqual({ message, fields: { images: message } })
      const arabic = await patch(host.cookie, property.id, await smallPhotos(1), 'ar')
      expect(arabic.json().message).toBe('لا يمكن أن يضم العقار أكثر من ٣ صور. احذف بعضها لتضيف غيرها.')
      expect(filesOnDisk(ctx)).toEqual(before)
      const stored = await ctx.app.inject({
        url: `/api/property/${property.id}`,
        headers: { cookie: host.cookie },
      })
      expect(stored.json<Property>().images).toHaveLength(3)
    })

    it('refuses a new property with more photos than one may have', async () => {
      const host = await aHost(ctx)
      const before = filesOnDisk(ctx)
      const refused = await sendPropertyForm(
        ctx.app,
        'POST',
        '/api/property',
        propertyForm(aPropertyFields(), await smallPhotos(4)),
        { cookie: host.cookie },
      )
      expect(refused.statusCode).toBe(409)
      expect(refused.json().fields).toEqual({ images: expect.stringMatching(/at most 3 photos/) })
      expect(filesOnDisk(ctx)).toEqual(before)
      expect(await propertiesOf(ctx, host.id)).toBe(0)
    })

    it('takes a photo again once one is removed, and still saves a form without photos when full', async () => {
      const host = await aHost(ctx)
      const property = await aProperty(ctx.app, host.cookie, {}, await smallPhotos(3))
      expect((await patch(host.cookie, property.id, [])).statusCode).toBe(200)
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/property/${property.id}/image/${property.images[0]?.id}`,
        headers: { cookie: host.cookie },
      })
      expect((await patch(host.cookie, property.id, await smallPhotos(1))).statusCode).toBe(200)
    })

    it('takes nothing away from a property over a lowered quota: it is saved without new photos', async () => {
      const host = await aHost(ctx)
      const property = await aProperty(ctx.app, host.cookie, {}, await smallPhotos(3))
      // Stored when the quota was higher.
      const [stored] = await ctx.db
        .selectFrom('property_images')
        .selectAll()
        .where('property_id', '=', property.id)
        .execute()
      await ctx.db
        .insertInto('property_images')
        .values([1, 2].map((index) => ({ ...stored!, id: `${stored!.id}-${index}`, position: 3 + index })))
        .execute()
      expect((await patch(host.cookie, property.id, [])).statusCode).toBe(200)
      expect((await patch(host.cookie, property.id, await smallPhotos(1))).statusCode).toBe(409)
      const after = await ctx.app.inject({
        url: `/api/property/${property.id}`,
        headers: { cookie: host.cookie },
      })
      expect(after.json<Property>().images).toHaveLength(5)
    })

    it('lets only one of two parallel uploads take the last place', async () => {
      const host = await aHost(ctx)
      const property = await aProperty(ctx.app, host.cookie, {}, await smallPhotos(2))
      const responses = await Promise.all([
        patch(host.cookie, property.id, await smallPhotos(1)),
        patch(host.cookie, property.id, await smallPhotos(1)),
      ])
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409])
      const stored = await ctx.app.inject({
        url: `/api/property/${property.id}`,
        headers: { cookie: host.cookie },
      })
      const images = stored.json<Property>().images
      expect(images).toHaveLength(3)
      const published = filesOnDisk(ctx).filter((file) => file.startsWith('uploads/'))
      for (const image of images) expect(published).toContain(image.url.replace('/uploads/', 'uploads/'))
      expect(filesOnDisk(ctx).filter((file) => file.startsWith('incoming/'))).toEqual([])
    })
  },
  { env: { QUOTA_PHOTOS_PER_PROPERTY: '3' } },
)

describeEachDatabase(
  'stored bytes per account',
  (ctx) => {
    it('refuses photos past the account’s storage with a 413 at the photos field, leaving no file', async () => {
      const host = await aHost(ctx)
      // About 0.8 MiB stored: it fits 1 MiB, and a second one, on any property, does not.
      const first = await aProperty(ctx.app, host.cookie, {}, [await aNoisyPng()])
      const before = filesOnDisk(ctx)
      for (const [method, url] of [
        ['POST', '/api/property'],
        ['PATCH', `/api/property/${first.id}`],
      ] as const) {
        const refused = await sendPropertyForm(
          ctx.app,
          method,
          url,
          propertyForm(aPropertyFields(), [await aPng(), await aNoisyPng()]),
          { cookie: host.cookie },
        )
        expect(refused.statusCode).toBe(413)
        const message = 'The photos of an account can take at most 1 MB. Remove some to add others.'
        expect(refused.json()).toEqual({ message, fields: { images: message } })
      }
      const arabic = await sendPropertyForm(
        ctx.app,
        'POST',
        '/api/property',
        propertyForm(aPropertyFields(), [await aNoisyPng()]),
        { cookie: host.cookie, language: 'ar' },
      )
      expect(arabic.json().message).toBe('لا يمكن أن تتجاوز صور الحساب ١ ميغابايت. احذف بعضها لتضيف غيرها.')
      expect(filesOnDisk(ctx)).toEqual(before)
      expect(await propertiesOf(ctx, host.id)).toBe(1)
      // Small photos still fit, and another account has its own storage.
      expect((await aProperty(ctx.app, host.cookie, {}, [await aJpeg()])).images).toHaveLength(1)
      expect(
        (await aProperty(ctx.app, (await aHost(ctx)).cookie, {}, [await aNoisyPng()])).images,
      ).toHaveLength(1)
    })

    it('lets only one of parallel writes to different properties take the last bytes', async () => {
      const host = await aUser(ctx.db)
      // Photos already stored, of 600 KiB each: the writes overlap in the database, not in sharp.
      const properties = createPropertyService({
        db: ctx.db,
        imports: ctx.app.imports,
        clock: ctx.app.clock,
        images: {
          store: () => Promise.reject(new Error('not read here')),
          publish: async () => {},
          remove: async () => {},
        },
        publicUrl: ctx.config.publicUrl,
        log: ctx.app.log,
        quotas: ctx.config.quotas,
      })
      let photo = 0
      const form = () => ({
        fields: { ...parsePropertyFields(aPropertyFields()), externalCalendars: undefined },
        images: [
          {
            fileName: `${++photo}.webp`,
            thumbName: `${photo}.thumb.webp`,
            width: 1,
            height: 1,
            bytes: 600 * 1024,
          },
        ],
      })
      const [first, second] = [await aPropertyRow(ctx.db, host.id), await aPropertyRow(ctx.db, host.id)]
      const writes = await Promise.allSettled([
        ...Array.from({ length: 4 }, () => properties.create(host.id, form())),
        ...[first, second, first, second].map((id) => properties.update(host.id, id, form())),
      ])
      expect(writes.filter((write) => write.status === 'fulfilled')).toHaveLength(1)
      for (const write of writes)
        if (write.status === 'rejected') expect(write.reason).toMatchObject({ statusCode: 413 })
      const stored = await ctx.db
        .selectFrom('property_images')
        .innerJoin('properties', 'properties.id', 'property_images.property_id')
        .select('property_images.id')
        .where('properties.owner_id', '=', host.id)
        .execute()
      expect(stored).toHaveLength(1)
    })

    it('takes nothing away from an account over a lowered quota: it adds and edits without photos', async () => {
      const host = await aHost(ctx)
      const property = await aProperty(ctx.app, host.cookie, {}, [await aJpeg()])
      // Stored when the quota was higher.
      await ctx.db
        .updateTable('property_images')
        .set({ bytes: 5 * 1024 * 1024 })
        .where('property_id', '=', property.id)
        .execute()
      expect((await aProperty(ctx.app, host.cookie)).images).toEqual([])
      const edited = await sendPropertyForm(
        ctx.app,
        'PATCH',
        `/api/property/${property.id}`,
        propertyForm(aPropertyFields({ name: 'Renamed' })),
        { cookie: host.cookie },
      )
      expect(edited.statusCode).toBe(200)
      const refused = await sendPropertyForm(
        ctx.app,
        'POST',
        '/api/property',
        propertyForm(aPropertyFields(), [await aJpeg()]),
        { cookie: host.cookie },
      )
      expect(refused.statusCode).toBe(413)
    })

    it('frees the bytes of a removed photo', async () => {
      const host = await aHost(ctx)
      const property = await aProperty(ctx.app, host.cookie, {}, [await aNoisyPng()])
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/property/${property.id}/image/${property.images[0]?.id}`,
        headers: { cookie: host.cookie },
      })
      expect((await aProperty(ctx.app, host.cookie, {}, [await aNoisyPng()])).images).toHaveLength(1)
    })
  },
  { env: { QUOTA_STORAGE_MB_PER_ACCOUNT: '1' } },
)

describeEachDatabase('links per property', (ctx) => {
  it('are one per platform: a second link of a platform replaces the first', async () => {
    const host = await aHost(ctx)
    const property = await aProperty(ctx.app, host.cookie)
    const link = (platformName: string, id: number) =>
      post(
        ctx.app,
        `/api/property/${property.id}/calendar/external`,
        { platformName, urlPath: `https://feeds.example.com/${id}.ics` },
        { cookie: host.cookie },
      )
    for (const [index, platform] of PLATFORMS.entries())
      expect((await link(platform.name, index)).statusCode).toBe(200)
    expect((await link(PLATFORM_NAMES[0], 99)).statusCode).toBe(200)
    const refused = await link('Yet another platform', 100)
    expect(refused.statusCode).toBe(400)
    const stored = await ctx.app.inject({
      url: `/api/property/${property.id}`,
      headers: { cookie: host.cookie },
    })
    const links = stored.json<Property>().externalCalendars
    expect(links).toHaveLength(PLATFORMS.length)
    expect(links.find((calendar) => calendar.platformName === PLATFORM_NAMES[0])?.urlPath).toBe(
      'https://feeds.example.com/99.ics',
    )
  })
})
