import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import sharp from 'sharp'
import type { Config } from '../config.ts'
import type { Db } from '../db/database.ts'
import { badRequest } from '../errors.ts'
import { languageOf, translatorFor } from '../i18n.ts'

/** What an upload may be and what we keep of it (docs/product.md §13.4; docs/decisions.md "Properties"). */
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

/**
 * Names of one stored photo: the re-encoded image and its thumbnail, both under the uploads dir,
 * and the bytes the two take.
 */
export type StoredImage = {
  fileName: string
  thumbName: string
  width: number
  height: number
  bytes: number
}

type ImageFiles = Pick<StoredImage, 'fileName' | 'thumbName'>

/**
 * A new upload is written to the incoming dir and moves into the uploads dir only once the rows
 * naming it are committed (`publish`), so a crash mid-request leaves no stray file where photos
 * are served; `recoverUploads` tidies what a crash left at the next start.
 */
export type ImageStore = {
  /** Checks, re-encodes and writes one upload (unpublished); a 400 naming the file when it is no usable image. */
  store(bytes: Buffer, originalName: string): Promise<StoredImage>
  /** Moves stored uploads into the uploads dir; call after the rows naming them are committed. */
  publish(images: readonly ImageFiles[]): Promise<void>
  /** Best effort: a file that cannot be removed is logged, never thrown (it runs in cleanups). */
  remove(images: readonly ImageFiles[]): Promise<void>
}

export const uploadsDirOf = (config: Config) => path.join(config.dataDir, 'uploads')
/** DATA_DIR/incoming, next to DATA_DIR/uploads (same file system, so a move is a rename). */
const incomingDirOf = (uploadsDir: string) => path.join(path.dirname(uploadsDir), 'incoming')
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
  const incoming = incomingDirOf(dir)

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

  async function remove(images: readonly ImageFiles[]) {
    const files = images.flatMap((image) => [image.fileName, image.thumbName])
    const results = await Promise.allSettled(
      files.flatMap((file) =>
        [dir, incoming].map((folder) => fs.promises.rm(path.join(folder, file), { force: true })),
      ),
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
        bytes: main.data.length + thumbnail.data.length,
      }
      await fs.promises.mkdir(incoming, { recursive: true })
      try {
        await fs.promises.writeFile(path.join(incoming, stored.fileName), main.data, { flag: 'wx' })
        await fs.promises.writeFile(path.join(incoming, stored.thumbName), thumbnail.data, { flag: 'wx' })
      } catch (error) {
        await remove([stored])
        throw error
      }
      return stored
    },
    async publish(images) {
      await fs.promises.mkdir(dir, { recursive: true })
      for (const file of images.flatMap((image) => [image.fileName, image.thumbName])) {
        await moveIn(incoming, dir, file)
      }
    },
    remove,
  }
}

/** Moves one file; one already moved (by a start-up recovery running meanwhile) is fine. */
async function moveIn(from: string, to: string, file: string) {
  try {
    await fs.promises.rename(path.join(from, file), path.join(to, file))
  } catch (error) {
    const moved = fs.existsSync(path.join(to, file))
    if (!moved) throw error
  }
}

/** A staged upload this old belongs to no request still running (in this or another process). */
const STALE_INCOMING_MS = 60 * 60_000

/**
 * After a crash, at start: a staged upload whose rows were committed is moved in (the crash came
 * between commit and move); a file in the uploads dir that no row names is deleted (the crash
 * came between a row's deletion and its file's); a staged upload no row names is deleted once
 * stale. The folder is read before the rows, so a file published meanwhile is always named.
 */
export async function recoverUploads(db: Db, dir: string, log: FastifyBaseLogger) {
  const incoming = incomingDirOf(dir)
  const list = (folder: string) => fs.promises.readdir(folder).catch(() => [] as string[])
  const [published, staged] = await Promise.all([list(dir), list(incoming)])
  const rows = await db.selectFrom('property_images').select(['file_name', 'thumb_name']).execute()
  const named = new Set(rows.flatMap((row) => [row.file_name, row.thumb_name]))
  const counts = { movedIn: 0, removed: 0 }
  if (staged.some((file) => named.has(file))) await fs.promises.mkdir(dir, { recursive: true })
  for (const file of staged) {
    const source = path.join(incoming, file)
    if (named.has(file)) {
      await moveIn(incoming, dir, file)
      counts.movedIn++
    } else if (Date.now() - (await fs.promises.stat(source)).mtimeMs > STALE_INCOMING_MS) {
      await fs.promises.rm(source, { force: true })
      counts.removed++
    }
  }
  for (const file of published) {
    if (named.has(file)) continue
    await fs.promises.rm(path.join(dir, file), { force: true, recursive: true })
    counts.removed++
  }
  if (counts.movedIn + counts.removed > 0) log.warn(counts, 'tidied the uploads a crash left behind')
  await measureUnsizedPhotos(db, dir)
}

/** A file's size on disk; a missing file takes nothing. */
const sizeOf = (file: string) =>
  fs.promises.stat(file).then(
    (stats) => stats.size,
    () => 0,
  )

/**
 * Photos stored before their sizes were kept (migration 0016) get them from their files, so the
 * storage quota counts every photo an account has.
 */
async function measureUnsizedPhotos(db: Db, dir: string) {
  const unsized = await db
    .selectFrom('property_images')
    .select(['id', 'file_name', 'thumb_name'])
    .where('bytes', 'is', null)
    .execute()
  for (const row of unsized) {
    const [main, thumbnail] = await Promise.all([
      sizeOf(path.join(dir, row.file_name)),
      sizeOf(path.join(dir, row.thumb_name)),
    ])
    await db
      .updateTable('property_images')
      .set({ bytes: main + thumbnail })
      .where('id', '=', row.id)
      .execute()
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
