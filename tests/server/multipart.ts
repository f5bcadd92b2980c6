import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import type { Property } from '../../contract/property.ts'

export type Upload = { fileName: string; type: string; bytes: Uint8Array }

/** The property form as the browser sends it: text fields, then the photos as `images`. */
export function propertyForm(fields: Record<string, string>, uploads: Upload[] = []): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  for (const upload of uploads)
    form.append('images', new Blob([Buffer.from(upload.bytes)], { type: upload.type }), upload.fileName)
  return form
}

export const aPropertyFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
  name: 'Corniche flat',
  country: 'Saudi',
  region: 'Makkah',
  city: 'Jeddah',
  address: 'Corniche Road 12',
  capacity: '4',
  costPerNight: '350',
  description: 'Sea view, two bedrooms',
  ...overrides,
})

type Colour = { width?: number; height?: number; background?: string }

const canvas = ({ width = 64, height = 48, background = '#2a7' }: Colour) =>
  sharp({ create: { width, height, channels: 3, background } })

export const aJpeg = async (options: Colour = {}): Promise<Upload> => ({
  fileName: 'photo.jpg',
  type: 'image/jpeg',
  bytes: await canvas(options).jpeg().toBuffer(),
})

export const aPng = async (options: Colour = {}): Promise<Upload> => ({
  fileName: 'plan.png',
  type: 'image/png',
  bytes: await canvas(options).png().toBuffer(),
})

/**
 * A photo of noise, which no encoder can shrink: at the default size several MiB on the wire (more
 * than Fastify's 1 MiB JSON body limit) and about 0.8 MiB once stored.
 */
export async function aNoisyPng({ width = 1100, height = 1000 }: Colour = {}): Promise<Upload> {
  const bytes = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()
  return { fileName: 'noise.png', type: 'image/png', bytes }
}

/** A JPEG as phones write them: GPS position in its EXIF. */
export const aJpegWithGps = async (): Promise<Upload> => ({
  fileName: 'from-phone.jpg',
  type: 'image/jpeg',
  bytes: await canvas({})
    .jpeg()
    .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '24/1 42/1 0/1' } })
    .toBuffer(),
})

export type SendOptions = { cookie: string; language?: string }

export async function sendPropertyForm(
  app: FastifyInstance,
  method: 'POST' | 'PATCH',
  url: string,
  form: FormData,
  { cookie, language = 'en' }: SendOptions,
) {
  return app.inject({ method, url, payload: form, headers: { cookie, 'accept-language': language } })
}

/** Creates a property through the real route and returns it. */
export async function aProperty(
  app: FastifyInstance,
  cookie: string,
  fields: Record<string, string> = {},
  uploads: Upload[] = [],
): Promise<Property> {
  const response = await sendPropertyForm(
    app,
    'POST',
    '/api/property',
    propertyForm(aPropertyFields(fields), uploads),
    {
      cookie,
    },
  )
  if (response.statusCode !== 201)
    throw new Error(`creating a property failed: ${response.statusCode} ${response.body}`)
  return response.json()
}

/** The files currently under DATA_DIR/uploads. */
export function uploadedFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'uploads')
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []
}

/**
 * A property without its links' sync state: adding a link starts a sync at once, which sets
 * lastError or lastSyncedAt whenever it finishes.
 */
export const withoutSyncState = (property: Property) => ({
  ...property,
  externalCalendars: property.externalCalendars.map(
    ({ lastSyncedAt: _lastSyncedAt, lastError: _lastError, ...calendar }) => calendar,
  ),
})
