import os from 'node:os'
import { Worker } from 'node:worker_threads'
import type { DateOnly } from '../../src/domain/dates.ts'
import { PARSE_HEAP_KEPT_MB, PARSE_MEMORY_MB, PARSE_TIME_BUDGET_MS } from './budgets.ts'
import { FeedError, type FeedFailure } from './feedError.ts'
import type { FeedEvent } from './parse.ts'
import { threadCpuMs } from './threadTime.ts'

/**
 * A fetched feed to read: its undecoded body and the charset its server named (null: none), the
 * property's zone (its timed events are dated in it) and today there, and what detecting its
 * platform falls back to.
 */
export type ParseTask = {
  bytes: Uint8Array
  charset: string | null
  today: DateOnly
  timeZone: string
  calendarPlatform: string
}
export type ParseResult = { events: FeedEvent[]; platform: string }
/**
 * What reading a feed came to; a FeedError travels as its reason and detail (`reason: null`:
 * unexpected).
 */
export type ParseOutcome =
  ({ ok: true } & ParseResult) | { ok: false; reason: FeedFailure | null; detail: string }
/** A worker's answer: the outcome, and how large its heap was left. */
export type ParseReply = ParseOutcome & { heapBytes: number }

type Job = { task: ParseTask; resolve: (result: ParseResult) => void; reject: (error: Error) => void }

type Thread = {
  worker: Worker
  /** Set once the worker has loaded its code: a feed's time budget starts only then. */
  ready: boolean
  /** The worker's thread in the kernel, when it could tell (Linux): its CPU time is read by it. */
  tid?: number | null
  job: Job | null
  budget?: NodeJS.Timeout
  /** Why the pool ended the worker, or what the worker died of. */
  ending?: Error
}

const WORKER_URL = new URL('./parseWorker.boot.mjs', import.meta.url)

/**
 * How much of its own time a worker has spent since now: its CPU time where the kernel tells it,
 * else the time its event loop was busy.
 */
function timeUsedBy(thread: Thread): () => number {
  const cpuAtStart = thread.tid ? threadCpuMs(thread.tid) : null
  if (thread.tid && cpuAtStart !== null) {
    const tid = thread.tid
    return () => (threadCpuMs(tid) ?? Number.POSITIVE_INFINITY) - cpuAtStart
  }
  const loopAtStart = thread.worker.performance.eventLoopUtilization()
  return () => thread.worker.performance.eventLoopUtilization(loopAtStart).active
}

/** Two threads at least, so that one feed spending its whole budget does not hold up the rest. */
const defaultPoolSize = () => Math.min(4, Math.max(2, os.availableParallelism() - 1))

export type ParsePoolOptions = {
  size?: number
  timeBudgetMs?: number
  memoryMb?: number
  heapKeptMb?: number
}

/**
 * Feeds are read off the main thread, by a pool of worker threads started on first use. Each feed
 * gets a budget of the worker's own time and each worker a heap limit; past either, the worker is
 * ended, the feed fails with FeedError('parseTimeout' | 'parseMemory'), and a new worker takes
 * its place. A worker that a feed left with a heap larger than PARSE_HEAP_KEPT_MB is replaced as
 * well, once it has answered. The event loop of the server only moves the bytes over and the stays
 * back.
 */
export function createParsePool(options: ParsePoolOptions = {}) {
  const size = options.size ?? defaultPoolSize()
  const timeBudgetMs = options.timeBudgetMs ?? PARSE_TIME_BUDGET_MS
  const memoryMb = options.memoryMb ?? PARSE_MEMORY_MB
  const heapKeptBytes = (options.heapKeptMb ?? PARSE_HEAP_KEPT_MB) * 1024 * 1024
  const threads = new Set<Thread>()
  const waiting: Job[] = []
  let closed = false

  function spawn() {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 32 },
    })
    // An idle pool must not keep a finished process (a script, a test run) alive.
    worker.unref()
    const thread: Thread = { worker, ready: false, job: null }
    threads.add(thread)
    worker.on('message', (message: ParseReply | { ready: true; tid: number | null }) => {
      if ('ready' in message) {
        thread.ready = true
        thread.tid = message.tid
      } else {
        settle(thread, message)
        if (message.heapBytes > heapKeptBytes) retire(thread)
      }
      dispatch()
    })
    worker.on('error', (error: Error & { code?: string }) => {
      thread.ending ??=
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new FeedError('parseMemory', `reading it needed more than ${memoryMb} MB`)
          : error
    })
    worker.on('exit', () => {
      threads.delete(thread)
      clearTimeout(thread.budget)
      if (thread.job) thread.job.reject(thread.ending ?? new Error('the parse worker stopped'))
      else if (!thread.ready && !closed)
        // It died loading its code: another would too, so the feeds waiting fail instead.
        for (const job of waiting.splice(0))
          job.reject(thread.ending ?? new Error('the parse worker did not start'))
      dispatch()
    })
  }

  /** Ends an idle worker whose heap grew too large; the next feed that waits starts a new one. */
  function retire(thread: Thread) {
    threads.delete(thread)
    void thread.worker.terminate()
  }

  function start(thread: Thread, job: Job) {
    thread.job = job
    // The budget is the worker's own time, read when the timer fires: a worker starved of the
    // processor by a busy server (two cores, the main thread stalled) is given the time it did
    // not get, and one whose answer waits behind the stall is read.
    const used = timeUsedBy(thread)
    const check = () => {
      const busy = used()
      if (busy < timeBudgetMs) {
        thread.budget = setTimeout(check, Math.max(1, timeBudgetMs - busy))
        return
      }
      thread.ending = new FeedError('parseTimeout', `reading it took longer than ${timeBudgetMs} ms`)
      void thread.worker.terminate()
    }
    thread.budget = setTimeout(check, timeBudgetMs)
    const { bytes } = job.task
    // Moved, not copied, when the bytes own their whole buffer (fetchFeed's do).
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    thread.worker.postMessage(job.task, whole ? [bytes.buffer as ArrayBuffer] : [])
  }

  function settle(thread: Thread, reply: ParseReply) {
    clearTimeout(thread.budget)
    const job = thread.job
    thread.job = null
    if (!job) return
    if (reply.ok) job.resolve({ events: reply.events, platform: reply.platform })
    else job.reject(reply.reason ? new FeedError(reply.reason, reply.detail) : new Error(reply.detail))
  }

  function dispatch() {
    if (closed) return
    for (const thread of threads) {
      if (waiting.length === 0) return
      if (thread.ready && !thread.job) start(thread, waiting.shift() as Job)
    }
    const starting = [...threads].filter((thread) => !thread.ready).length
    for (let more = Math.min(waiting.length - starting, size - threads.size); more > 0; more--) spawn()
  }

  return {
    /** The stays of a feed; rejects with a FeedError for the feed's own failures. */
    parse(task: ParseTask): Promise<ParseResult> {
      if (closed) return Promise.reject(new Error('the parse pool is closed'))
      return new Promise<ParseResult>((resolve, reject) => {
        waiting.push({ task, resolve, reject })
        dispatch()
      })
    },
    /** Ends every worker; feeds still waiting are refused. */
    async close() {
      closed = true
      for (const job of waiting.splice(0)) job.reject(new Error('the parse pool is closed'))
      await Promise.all([...threads].map((thread) => thread.worker.terminate()))
    },
    /** Workers running now (the pool test checks it never exceeds the size). */
    get threads() {
      return threads.size
    },
  }
}

export type ParsePool = ReturnType<typeof createParsePool>
