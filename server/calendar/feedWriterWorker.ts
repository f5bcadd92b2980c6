import { createHash } from 'node:crypto'
import { parentPort } from 'node:worker_threads'
import type { Stay } from '../../src/domain/bookings.ts'
import type { FeedSpec, FeedStay, WriterReply, WriterRequest } from './feedWriter.ts'
import { availabilityText, calendarText } from './ics.ts'

/** The feeds begun and not yet ended: what each is, and the pages of items added so far. */
const open = new Map<number, { spec: FeedSpec; pages: (readonly (FeedStay | Stay)[])[] }>()

function text(spec: FeedSpec, items: readonly (FeedStay | Stay)[], conflicts: ReadonlySet<string>): string {
  if (spec.kind === 'availability')
    return availabilityText(spec.feedId, items as readonly Stay[], spec.stamp, spec.name)
  const stays = items as readonly FeedStay[]
  return calendarText(
    stays.map((stay) => ({ ...stay, conflict: conflicts.has(stay.id) })),
    spec.name,
  )
}

/**
 * A feed's bytes and its ETag: weak, as the same validator stands for the plain and the
 * compressed bytes (RFC 9110 8.8.1).
 */
function written(
  id: number,
  spec: FeedSpec,
  items: readonly (FeedStay | Stay)[],
  conflicts: readonly string[],
) {
  const encoded = new TextEncoder().encode(text(spec, items, new Set(conflicts)))
  const etag = `W/"${createHash('sha256').update(encoded).digest('hex').slice(0, 32)}"`
  // Moved to the server's thread whole: a buffer of the bytes alone.
  const bytes = encoded.byteLength === encoded.buffer.byteLength ? encoded : encoded.slice()
  return { id, bytes: bytes.buffer as ArrayBuffer, etag }
}

const port = parentPort
if (!port) throw new Error('feedWriterWorker.ts runs in the feed writer’s worker thread')
port.on('message', (request: WriterRequest) => {
  if (request.op === 'begin') return void open.set(request.id, { spec: request.spec, pages: [] })
  const feed = open.get(request.id)
  if (request.op === 'add') return void feed?.pages.push(request.items)
  open.delete(request.id)
  if (request.op === 'drop' || !feed) return
  let reply: WriterReply
  try {
    reply = written(request.id, feed.spec, feed.pages.flat(), request.conflicts)
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) }
  }
  port.postMessage(reply, 'bytes' in reply ? [reply.bytes] : [])
})
