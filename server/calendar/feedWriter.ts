import { Worker } from 'node:worker_threads'
import type { Stay } from '../../src/domain/bookings.ts'
import type { IcsStay } from './ics.ts'

/** A stay as a feed's rows give it; whether it is in a conflict is told once all are read. */
export type FeedStay = Omit<IcsStay, 'conflict'>

/** What a feed is written of: stays (the private and owners' feeds) or runs of taken nights. */
export type FeedSpec =
  { kind: 'stays'; name?: string } | { kind: 'availability'; feedId: string; stamp: string; name?: string }

/** The messages a feed's writing is made of, in order: begin, add (any number), then end or drop. */
export type WriterRequest =
  | { id: number; op: 'begin'; spec: FeedSpec }
  | { id: number; op: 'add'; items: readonly (FeedStay | Stay)[] }
  | { id: number; op: 'end'; conflicts: readonly string[] }
  | { id: number; op: 'drop' }

export type WriterReply = { id: number; bytes: ArrayBuffer; etag: string } | { id: number; error: string }

/** A written feed: its UTF-8 bytes, in a buffer of their own, and its weak ETag. */
export type WrittenFeed = { bytes: Buffer<ArrayBuffer>; etag: string }

const WORKER_URL = new URL('./feedWriterWorker.boot.mjs', import.meta.url)

/**
 * The heap a feed may take in the writer: the largest, an account at its stay quota with
 * descriptions as long as a platform's longest, is some 10 MB of rows and as much of text.
 */
const WRITER_MEMORY_MB = 512

type Pending = { resolve: (feed: WrittenFeed) => void; reject: (error: Error) => void }

/**
 * Feeds are written in a worker thread: turning thousands of stays into text, encoding and
 * hashing it held the event loop some 100 ms for a large property, however it was sliced, most of
 * it in collecting the text's garbage (docs/decisions.md, "Feeds are written off the event
 * loop"). The server's thread reads the rows a page at a time and passes each page on, so it never
 * holds a feed's rows or text; the bytes come back moved, not copied. One thread, started on
 * first use, writes the feeds in the order they end; a thread that dies fails the feeds it held,
 * and the next feed starts another.
 */
export function createFeedWriter() {
  let worker: Worker | null = null
  let nextId = 0
  const pending = new Map<number, Pending>()

  function started(): Worker {
    if (worker) return worker
    const thread = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: WRITER_MEMORY_MB, maxYoungGenerationSizeMb: 32 },
    })
    thread.on('message', (reply: WriterReply) => {
      const job = pending.get(reply.id)
      pending.delete(reply.id)
      if (!job) return
      if ('error' in reply) job.reject(new Error(`writing a feed failed: ${reply.error}`))
      else job.resolve({ bytes: Buffer.from(reply.bytes), etag: reply.etag })
    })
    const fail = (error: Error) => {
      if (worker === thread) worker = null
      for (const [id, job] of pending) {
        pending.delete(id)
        job.reject(error)
      }
    }
    thread.on('error', fail)
    thread.on('exit', () => fail(new Error('the feed writer stopped')))
    // An idle writer must not keep a finished process (a script, a test run) alive. After the
    // listeners: attaching a 'message' listener refs the thread's port again.
    thread.unref()
    worker = thread
    return thread
  }

  /**
   * A feed written from what `fill` adds, a page at a time; `fill` answers the ids of the stays in
   * a conflict. A failure in `fill` drops what it had added.
   */
  async function write(
    spec: FeedSpec,
    fill: (add: (items: readonly (FeedStay | Stay)[]) => void) => Promise<readonly string[]>,
  ): Promise<WrittenFeed> {
    const thread = started()
    const id = nextId++
    const post = (request: WriterRequest) => thread.postMessage(request)
    post({ id, op: 'begin', spec })
    let conflicts: readonly string[]
    try {
      conflicts = await fill((items) => post({ id, op: 'add', items }))
    } catch (error) {
      post({ id, op: 'drop' })
      throw error
    }
    return new Promise<WrittenFeed>((resolve, reject) => {
      // A thread that died while the pages were read has lost them: nothing would ever answer.
      if (worker !== thread) return reject(new Error('the feed writer stopped'))
      pending.set(id, { resolve, reject })
      post({ id, op: 'end', conflicts })
    })
  }
  return Object.assign(write, {
    /**
     * Starts the thread ahead of the first feed, which would otherwise wait while it loads its
     * code (a few hundred ms on a busy machine).
     */
    start: () => void started(),
  })
}

export type FeedWriter = ReturnType<typeof createFeedWriter>
