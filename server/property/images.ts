import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import sharp from 'sharp'
import type { Config } from '../config.ts'
import { badRequest } from '../errors.ts'
import { languageOf, translatorFor } from '../i18n.ts'

/** DESIGN 7 and docs/decisions.md "Properties": what an upload may be and what we keep of it. */
export const IMAGE_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxFiles: 20,
  /** Decompression bombs: a 10 MiB PNG can claim billions of pixels. */
  maxInputPixels: 40_000_000,
  mainSize: 1600,
  thumbnailSize: 400,
  quality: 80,
} as const

const YEAR_IN_SECONDS = 365 * 24 * 3600

export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif'

/** Names of one stored photo: the re-encoded image and its thumbnail, both under the uploads dir. */
export type StoredImage = { fileName: string; thumbName: string; width: number; height: number }

export type ImageStore = {
  /** Checks, re-encodes and writes one upload; a 400 naming the file when it is no usable image. */
  store(bytes: Buffer, originalName: string): Promise<StoredImage>
  /** Best effort: a file that cannot be removed is logged, never thrown (it runs in cleanups). */
  remove(images: readonly Pick<StoredImage, 'fileName' | 'thumbName'>[]): Promise<void>
}

export const uploadsDirOf = (config: Config) => path.join(config.dataDir, 'uploads')
export const uploadUrl = (fileName: string) => `/uploads/${fileName}`

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const AVIF_BRANDS = new Set(['avif', 'avis'])

/** The image type by its bytes, whatever the file name or the declared type says. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png'
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp'
  if (bytes.length >= 16 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    // An ISO-BMFF `ftyp` box: major brand at 8, then compatible brands after the minor version.
    const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length)
    for (let offset = 8; offset + 4 <= boxEnd; offset += offset === 8 ? 8 : 4) {
      if (AVIF_BRANDS.has(bytes.toString('latin1', offset, offset + 4))) return 'avif'
    }
  }
  return null
}

/** A file name short enough to quote in an error message. */
const shortName = (name: string) => (name.length > 80 ? `${name.slice(0, 77)}...` : name)

async function encode(bytes: Buffer, size: number) {
  return sharp(bytes, { limitInputPixels: IMAGE_LIMITS.maxInputPixels, failOn: 'error' })
    .rotate()
    .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: IMAGE_LIMITS.quality })
    .toBuffer({ resolveWithObject: true })
}

export function createImageStore(dir: string, log: FastifyBaseLogger): ImageStore {
  const randomName = () => randomBytes(16).toString('hex')

  async function decode(bytes: Buffer, originalName: string) {
    try {
      // Decoding and re-encoding drops EXIF, GPS and anything else riding along (no withMetadata).
      return await Promise.all([
        encode(bytes, IMAGE_LIMITS.mainSize),
        encode(bytes, IMAGE_LIMITS.thumbnailSize),
      ])
    } catch (error) {
      const tooManyPixels = error instanceof Error && /pixel limit/i.test(error.message)
      throw badRequest(tooManyPixels ? 'errors.upload.tooManyPixels' : 'errors.upload.unreadable', {
        file: shortName(originalName),
      })
    }
  }

  async function remove(images: readonly Pick<StoredImage, 'fileName' | 'thumbName'>[]) {
    const files = images.flatMap((image) => [image.fileName, image.thumbName])
    const results = await Promise.allSettled(
      files.map((file) => fs.promises.rm(path.join(dir, file), { force: true })),
    )
    for (const result of results) {
      if (result.status === 'rejected')
        log.error({ err: result.reason }, 'could not remove an uploaded image')
    }
  }

  return {
    async store(bytes, originalName) {
      if (!sniffImageType(bytes))
        throw badRequest('errors.upload.notAnImage', { file: shortName(originalName) })
      const [main, thumbnail] = await decode(bytes, originalName)
      const name = randomName()
      const stored = {
        fileName: `${name}.webp`,
        thumbName: `${name}.thumb.webp`,
        width: main.info.width,
        height: main.info.height,
      }
      await fs.promises.mkdir(dir, { recursive: true })
      try {
        await fs.promises.writeFile(path.join(dir, stored.fileName), main.data, { flag: 'wx' })
        await fs.promises.writeFile(path.join(dir, stored.thumbName), thumbnail.data, { flag: 'wx' })
      } catch (error) {
        await remove([stored])
        throw error
      }
      return stored
    },
    remove,
  }
}

/**
 * Serves `/uploads/*` from DATA_DIR/uploads. Names are random and never reused, so a file can be
 * cached for a year; a missing one is a plain 404, not the SPA's index page.
 */
export async function serveUploads(app: FastifyInstance) {
  const root = uploadsDirOf(app.config)
  fs.mkdirSync(root, { recursive: true })
  await app.register(
    async (uploads) => {
      await uploads.register(fastifyStatic, {
        root,
        prefix: '/',
        decorateReply: false,
        index: false,
        list: false,
        cacheControl: false,
        setHeaders(reply) {
          reply.header('cache-control', `public, max-age=${YEAR_IN_SECONDS}, immutable`)
        },
      })
      uploads.setNotFoundHandler((request, reply) =>
        reply.code(404).send({ message: translatorFor(languageOf(request))('errors.notFound') }),
      )
    },
    { prefix: '/uploads' },
  )
}
