import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { migrateToLatest, openDatabase } from '../../server/db/database.ts'
import { sniffImageType } from '../../server/property/images.ts'
import type { Property } from '../../contract/property.ts'
import { aUser, signIn } from './builders.ts'
import { describeEachDatabase, type TestContext } from './harness.ts'
import {
  aJpeg,
  aJpegWithGps,
  aNoisyPng,
  aPng,
  aProperty,
  aPropertyFields,
  propertyForm,
  sendPropertyForm,
  uploadedFiles,
  withoutSyncState,
  type Upload,
} from './multipart.ts'

const MiB = 1024 * 1024

const aPdfNamedJpg: Upload = {
  fileName: 'floor-plan.jpg',
  type: 'image/jpeg',
  bytes: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
}
const anSvg: Upload = {
  fileName: 'logo.svg',
  type: 'image/svg+xml',
  bytes: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
  ),
}
const aCorruptJpeg: Upload = {
  fileName: 'broken.jpg',
  type: 'image/jpeg',
  bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(4096)]),
}
const anOversizedFile: Upload = {
  fileName: 'huge.jpg',
  type: 'image/jpeg',
  bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * MiB)]),
}

const countProperties = async (ctx: TestContext) =>
  Number(
    (
      await ctx.db
        .selectFrom('properties')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('image type by bytes', () => {
  it('knows JPEG, PNG, WebP and AVIF, and nothing else', async () => {
    const canvas = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
    expect(sniffImageType(await canvas().jpeg().toBuffer())).toBe('jpeg')
    expect(sniffImageType(await canvas().png().toBuffer())).toBe('png')
    expect(sniffImageType(await canvas().webp().toBuffer())).toBe('webp')
    expect(sniffImageType(await canvas().avif().toBuffer())).toBe('avif')
    expect(sniffImageType(await canvas().gif().toBuffer())).toBeNull()
    expect(sniffImageType(Buffer.from(aPdfNamedJpg.bytes))).toBeNull()
    expect(sniffImageType(Buffer.from(anSvg.bytes))).toBeNull()
    expect(sniffImageType(Buffer.alloc(0))).toBeNull()
  })
})

describe('serving uploads beside a built SPA', () => {
  it('answers a missing photo with 404, not the SPA page', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-uploads-'))
    const distDir = path.join(dataDir, 'dist')
    fs.mkdirSync(distDir)
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Manzil</title>')
    const database = await openDatabase({ engine: 'sqlite', file: ':memory:' })
    await migrateToLatest(database.db)
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir }),
      database,
      logger: false,
      distDir,
    })
    try {
      const missing = await app.inject({ url: '/uploads/0123456789abcdef.webp' })
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toEqual({ message: 'Not found' })
      expect((await app.inject({ url: '/properties' })).body).toContain('<title>Manzil</title>')
    } finally {
      await app.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describeEachDatabase('property photos', (ctx) => {
  let cookie = ''

  beforeAll(async () => {
    cookie = await signIn(ctx.app, (await aUser(ctx.db)).email)
  })

  const create = (form: FormData, language = 'en') =>
    sendPropertyForm(ctx.app, 'POST', '/api/property', form, { cookie, language })
  const fetchUpload = (url: string) => ctx.app.inject({ url })

  it('re-encodes a photo as WebP within 1600 px, with a 400 px thumbnail, cached for a year', async () => {
    const property = await aProperty(ctx.app, cookie, {}, [await aJpeg({ width: 2400, height: 1800 })])
    const [image] = property.images
    const main = await fetchUpload(image?.url ?? '')
    expect(main.statusCode).toBe(200)
    expect(main.headers['content-type']).toBe('image/webp')
    expect(main.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(await sharp(main.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1600,
      height: 1200,
    })
    const thumbnail = await fetchUpload(image?.thumbnailUrl ?? '')
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 400,
      height: 300,
    })
  })

  it('never enlarges a small photo', async () => {
    const property = await aProperty(ctx.app, cookie, {}, [await aPng({ width: 300, height: 200 })])
    const main = await fetchUpload(property.images[0]?.url ?? '')
    expect(await sharp(main.rawPayload).metadata()).toMatchObject({ width: 300, height: 200 })
  })

  it('drops EXIF and GPS from a phone photo', async () => {
    const upload = await aJpegWithGps()
    expect((await sharp(Buffer.from(upload.bytes)).metadata()).exif).toBeDefined()
    const property = await aProperty(ctx.app, cookie, {}, [upload])
    for (const url of [property.images[0]?.url, property.images[0]?.thumbnailUrl]) {
      const stored = await fetchUpload(url ?? '')
      const metadata = await sharp(stored.rawPayload).metadata()
      expect(metadata.exif).toBeUndefined()
      expect(metadata.xmp).toBeUndefined()
      expect(stored.rawPayload.includes('GPS')).toBe(false)
    }
  })

  it('turns a photo upright by its EXIF orientation before dropping it', async () => {
    const sideways: Upload = {
      fileName: 'sideways.jpg',
      type: 'image/jpeg',
      bytes: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#369' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer(),
    }
    const property = await aProperty(ctx.app, cookie, {}, [sideways])
    const main = await fetchUpload(property.images[0]?.url ?? '')
    expect(await sharp(main.rawPayload).metadata()).toMatchObject({ width: 48, height: 64 })
  })

  it('accepts WebP and AVIF, and a photo larger than the JSON body limit', async () => {
    const canvas = sharp({ create: { width: 32, height: 32, channels: 3, background: '#963' } })
    const uploads: Upload[] = [
      { fileName: 'a.webp', type: 'image/webp', bytes: await canvas.clone().webp().toBuffer() },
      { fileName: 'b.avif', type: 'image/avif', bytes: await canvas.clone().avif().toBuffer() },
      await aNoisyPng(),
    ]
    expect(uploads[2]?.bytes.length).toBeGreaterThan(2 * MiB)
    const property = await aProperty(ctx.app, cookie, {}, uploads)
    expect(property.images).toHaveLength(3)
  })

  const refusals: [string, () => Promise<Upload[]>, number, RegExp][] = [
    [
      'a PDF renamed .jpg',
      async () => [aPdfNamedJpg],
      400,
      /"floor-plan\.jpg" is not a JPEG, PNG, WebP or AVIF/,
    ],
    ['an SVG', async () => [anSvg], 400, /"logo\.svg" is not a JPEG/],
    [
      'corrupt bytes behind a JPEG header',
      async () => [aCorruptJpeg],
      400,
      /"broken\.jpg" could not be read/,
    ],
    ['a file over 10 MiB', async () => [anOversizedFile], 413, /"huge\.jpg" is larger than 10 MiB/],
    [
      'more than 20 files',
      () => Promise.all(Array.from({ length: 21 }, () => aPng({ width: 8, height: 8 }))),
      413,
      /at most 20 photos/i,
    ],
    [
      'a bomb of more than 40 megapixels',
      async () => [await aPng({ width: 8000, height: 6000 })],
      400,
      /at most 40 megapixels/,
    ],
    ['a valid photo followed by a bad one', async () => [await aJpeg(), aPdfNamedJpg], 400, /not a JPEG/],
  ]

  for (const [what, uploads, status, message] of refusals) {
    it(`refuses ${what}, leaving no file and no property behind`, async () => {
      const filesBefore = uploadedFiles(ctx.config.dataDir)
      const propertiesBefore = await countProperties(ctx)
      const response = await create(propertyForm(aPropertyFields(), await uploads()))
      expect(response.statusCode).toBe(status)
      expect(response.json().message).toMatch(message)
      expect(uploadedFiles(ctx.config.dataDir)).toEqual(filesBefore)
      expect(await countProperties(ctx)).toBe(propertiesBefore)
    })
  }

  it('refuses a body that is no multipart form, or one cut short, with a 400', async () => {
    for (const [contentType, payload] of [
      ['multipart/form-data', 'no boundary'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nFlat'],
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/property',
        payload,
        headers: { cookie, 'content-type': contentType },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message: 'The form could not be read; send it again' })
    }
  })

  it('skips the empty part of an empty file input, and names no file in a refusal', async () => {
    const empty = propertyForm(aPropertyFields())
    empty.append('images', new Blob([], { type: 'application/octet-stream' }), '')
    const created = await create(empty)
    expect(created.statusCode).toBe(201)
    expect(created.json<Property>().images).toEqual([])
    const junk = propertyForm(aPropertyFields())
    junk.append('images', new Blob([Buffer.from([0xff, 0xd8, 0xff, 0x00, 1, 2, 3])]), '')
    const refused = await create(junk)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe('Photo "" could not be read as an image')
  })

  it('refuses a NUL character in a form field', async () => {
    const response = await create(propertyForm(aPropertyFields({ name: 'Flat\u0000' })))
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: 'A value you sent contains a character that is not allowed.',
      fields: { name: 'This contains a character that is not allowed.' },
    })
  })

  it('refuses a file in a field other than images', async () => {
    const form = propertyForm(aPropertyFields())
    form.append('description', new Blob([Buffer.from('text')], { type: 'text/plain' }), 'notes.txt')
    const response = await create(form)
    expect(response.statusCode).toBe(400)
    const message = 'The form sent a file in a field that takes none.'
    expect(response.json()).toEqual({ message, fields: { description: message } })
  })

  it('removes the processed photos when a field sent after them turns out invalid', async () => {
    const filesBefore = uploadedFiles(ctx.config.dataDir)
    const form = new FormData()
    form.append('images', new Blob([Buffer.from((await aJpeg()).bytes)], { type: 'image/jpeg' }), 'first.jpg')
    for (const [name, value] of Object.entries(aPropertyFields({ capacity: '0' }))) form.append(name, value)
    const response = await create(form)
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toMatch(/capacity/i)
    expect(uploadedFiles(ctx.config.dataDir)).toEqual(filesBefore)
  })

  it('removes the photos of an update that fails validation, and changes nothing', async () => {
    const property = await aProperty(ctx.app, cookie, {}, [await aJpeg()])
    const filesBefore = uploadedFiles(ctx.config.dataDir)
    const form = propertyForm(aPropertyFields({ name: '' }), [await aPng()])
    const response = await sendPropertyForm(ctx.app, 'PATCH', `/api/property/${property.id}`, form, {
      cookie,
    })
    expect(response.statusCode).toBe(400)
    expect(uploadedFiles(ctx.config.dataDir)).toEqual(filesBefore)
    const after = await ctx.app.inject({ url: `/api/property/${property.id}`, headers: { cookie } })
    expect(withoutSyncState(after.json())).toEqual(withoutSyncState(property))
  })

  it('removes a photo’s files with the photo, and all of them with the property', async () => {
    const property: Property = await aProperty(ctx.app, cookie, {}, [await aJpeg(), await aPng()])
    const fileOf = (url: string) => url.replace('/uploads/', '')
    const filesOf = (p: Property) =>
      p.images.flatMap((image) => [fileOf(image.url), fileOf(image.thumbnailUrl)])
    expect(uploadedFiles(ctx.config.dataDir)).toEqual(expect.arrayContaining(filesOf(property)))

    const [first] = property.images
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/property/${property.id}/image/${first?.id}`,
      headers: { cookie },
    })
    expect(uploadedFiles(ctx.config.dataDir)).not.toContain(fileOf(first?.url ?? ''))
    expect(uploadedFiles(ctx.config.dataDir)).not.toContain(fileOf(first?.thumbnailUrl ?? ''))
    expect((await fetchUpload(first?.url ?? '')).statusCode).toBe(404)

    await ctx.app.inject({ method: 'DELETE', url: `/api/property/${property.id}`, headers: { cookie } })
    for (const file of filesOf(property)) expect(uploadedFiles(ctx.config.dataDir)).not.toContain(file)
  })
})

describeEachDatabase('a property whose rows cannot be written', (ctx) => {
  it('leaves neither a half-written property nor files when the transaction fails', async () => {
    const cookie = await signIn(ctx.app, (await aUser(ctx.db)).email)
    // The property row goes in first; the photo rows then fail, so the whole transaction must roll back.
    await ctx.db.schema.dropTable('property_images').execute()
    const response = await sendPropertyForm(
      ctx.app,
      'POST',
      '/api/property',
      propertyForm(aPropertyFields(), [await aJpeg(), await aPng()]),
      { cookie },
    )
    expect(response.statusCode).toBe(500)
    expect(await countProperties(ctx)).toBe(0)
    expect(uploadedFiles(ctx.config.dataDir)).toEqual([])
  })
})

describeEachDatabase('uploads over a real connection', (ctx) => {
  it('answers a refused upload without stalling the client or the shutdown', async () => {
    const cookie = await signIn(ctx.app, (await aUser(ctx.db)).email)
    const origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const send = (uploads: Upload[]) =>
      fetch(`${origin}/api/property`, {
        method: 'POST',
        body: propertyForm(aPropertyFields(), uploads),
        headers: { cookie },
      })
    // Refused at the first file, with 20 MiB still to come.
    const early = await send([aPdfNamedJpg, anOversizedFile, anOversizedFile])
    expect(early.status).toBe(400)
    const cut = await send([anOversizedFile])
    expect(cut.status).toBe(413)
    expect((await cut.json()).message).toMatch(/larger than 10 MiB/)
    const accepted = await send([await aJpeg()])
    expect(accepted.status).toBe(201)
  })
})
