import type { FastifyInstance, FastifyRequest } from 'fastify'
import multipart, { type MultipartFile } from '@fastify/multipart'
import { HttpError, badRequest, fieldError, refuseNulCharacters } from '../errors.ts'
import { checkUpload, type UploadRoom } from '../quota/quotas.ts'
import { IMAGE_LIMITS, type ImageStore, type StoredImage } from './images.ts'
import { parsePropertyFields, type PropertyFields } from './fields.ts'

/** A validated create/update form whose photos are already re-encoded on disk. */
export type PropertyForm = { fields: PropertyFields; images: StoredImage[] }

const IMAGE_FIELD = 'images'

/**
 * Multipart for the property forms. Multipart bodies bypass Fastify's JSON bodyLimit; these
 * limits bound them instead: 20 photos of 10 MiB, and a handful of short text fields.
 */
export async function registerPropertyMultipart(app: FastifyInstance) {
  await app.register(multipart, {
    limits: {
      fileSize: IMAGE_LIMITS.maxBytes,
      files: IMAGE_LIMITS.maxFiles,
      fields: 20,
      fieldSize: 64 * 1024,
      fieldNameSize: 100,
      parts: IMAGE_LIMITS.maxFiles + 20,
      headerPairs: 100,
    },
  })
}

const tooLarge = (key: string, params?: Record<string, string | number>) => new HttpError(413, key, params)

/**
 * @fastify/multipart's limit errors, and the parser's plain errors about a body that is no
 * multipart form (no boundary, cut short), in the reader's language.
 */
function translateMultipartError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'FST_FILES_LIMIT')
    return tooLarge('errors.upload.tooManyFiles', { max: IMAGE_LIMITS.maxFiles })
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return tooLarge('errors.upload.tooManyFields')
  const isParserError =
    error instanceof Error &&
    !(error instanceof HttpError) &&
    code === undefined &&
    /multipart/i.test(error.message)
  if (isParserError) return badRequest('errors.upload.malformed')
  return error
}

/** A part whose file name is empty arrives without one, whatever the type says. */
const fileNameOf = (part: MultipartFile): string => (part.filename as string | undefined) ?? ''

async function readFile(part: MultipartFile): Promise<Buffer> {
  const refuse = () =>
    tooLarge('errors.upload.tooLarge', {
      file: fileNameOf(part),
      max: `${IMAGE_LIMITS.maxBytes / (1024 * 1024)} MiB`,
    })
  let bytes: Buffer
  try {
    bytes = await part.toBuffer()
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw refuse()
    throw error
  }
  // toBuffer misses a cut that falls after the last chunk it saw; the stream's flag does not.
  if (part.file.truncated) throw refuse()
  return bytes
}

/**
 * After a refusal the rest of the body is still on its way; read and drop it, or the client
 * stalls mid-upload and the connection never becomes idle (and the server never closes).
 */
function discardRestOfBody(request: FastifyRequest) {
  request.raw.unpipe()
  request.raw.resume()
}

/**
 * Reads the property form (docs/product.md §7.4): photos are checked and re-encoded one at a time as they
 * arrive, so memory holds one upload at most, and the form stops at the first photo that does not
 * fit `room`. If anything fails, the request is refused and the photos written so far are removed.
 */
export async function readPropertyForm(
  request: FastifyRequest,
  store: ImageStore,
  room: UploadRoom,
): Promise<PropertyForm> {
  if (!request.isMultipart()) throw badRequest('errors.upload.notMultipart')
  const fields: Record<string, string> = {}
  const images: StoredImage[] = []
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== IMAGE_FIELD) throw fieldError(part.fieldname, 'errors.upload.unexpectedFile')
        const bytes = await readFile(part)
        // An empty file input still sends one nameless, empty part.
        if (bytes.length === 0 && fileNameOf(part) === '') continue
        images.push(await store.store(bytes, fileNameOf(part)))
        checkUpload(room, images)
      } else {
        if (part.valueTruncated) throw fieldError(part.fieldname, 'errors.upload.fieldTooLong')
        refuseNulCharacters(part.value, part.fieldname)
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value)
      }
    }
    return { fields: parsePropertyFields(fields), images }
  } catch (error) {
    discardRestOfBody(request)
    await store.remove(images)
    throw translateMultipartError(error)
  }
}
