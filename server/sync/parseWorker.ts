import v8 from 'node:v8'
import { parentPort } from 'node:worker_threads'
import { detectPlatform } from '../../src/domain/platforms.ts'
import { FeedError } from './feedError.ts'
import { decodeFeed } from './feedText.ts'
import { parseFeed } from './parse.ts'
import type { ParseOutcome, ParseReply, ParseTask } from './parsePool.ts'
import { ownThreadId, runAsFeedReader } from './threadTime.ts'

/** One feed read in a worker thread of the parse pool: decoded, parsed, its platform named. */
function read(task: ParseTask): ParseOutcome {
  try {
    const text = decodeFeed(task.bytes, task.charset)
    return {
      ok: true,
      events: parseFeed(text, task.today, task.timeZone),
      platform: detectPlatform(text, task.calendarPlatform),
    }
  } catch (error) {
    if (error instanceof FeedError) return { ok: false, reason: error.reason, detail: error.detail }
    return { ok: false, reason: null, detail: error instanceof Error ? error.message : String(error) }
  }
}

const port = parentPort
if (!port) throw new Error('parseWorker.ts runs in a worker thread of the parse pool')
port.on('message', (task: ParseTask) => {
  const reply: ParseReply = { ...read(task), heapBytes: v8.getHeapStatistics().total_heap_size }
  port.postMessage(reply)
})

const tid = ownThreadId()
runAsFeedReader(tid)
port.postMessage({ ready: true, tid })
