import { readdirSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { addDays } from '../../src/domain/dates.ts'
import { FeedError } from '../../server/sync/feedError.ts'
import { parseFeed } from '../../server/sync/parse.ts'
import { createParsePool, type ParsePool, type ParsePoolOptions } from '../../server/sync/parsePool.ts'
import { FEED_READER_NICE, ownThreadId, threadNice } from '../../server/sync/threadTime.ts'
import { calendarOf, readFixture } from '../fixtures/feedServer.ts'
import {
  foldedAtEveryByte,
  hourlyRules,
  manyParameters,
  neverMatchingRule,
  tooManyStays,
  yearsOfHistory,
} from '../fixtures/hostileFeeds.ts'

const TODAY = new Date().toISOString().slice(0, 10)
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text))

let pool: ParsePool | undefined
afterEach(async () => {
  await pool?.close()
  pool = undefined
})
const aPool = (options: ParsePoolOptions = {}) => (pool = createParsePool(options))
const parse = (text: string, calendarPlatform = 'Airbnb') =>
  pool!.parse({ bytes: bytesOf(text), charset: null, today: TODAY, timeZone: 'UTC', calendarPlatform })

async function reasonOf(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (failure: unknown) => failure,
  )
  if (!(error instanceof FeedError)) throw new Error(`expected a FeedError, got ${String(error)}`)
  return error.reason
}

describe('the parse pool', () => {
  it("counts a feed's budget in the worker's own time: a server too busy to give it a core fails no honest feed", async () => {
    aPool({ timeBudgetMs: 300 })
    // A first feed starts the worker, so the next one's budget runs from a warm start.
    await parse(readFixture('airbnb.ics'))
    // 2,000 stays, four a night over 500 nights: about a tenth of a second of a core to read.
    const feed = calendarOf(
      Array.from({ length: 2000 }, (_, i) => ({
        uid: `stay-${i}@airbnb.com`,
        start: addDays('2030-01-01', i % 500),
        end: addDays('2030-01-02', i % 500),
        summary: `Reserved - Guest ${i}`,
      })),
    )
    // Eight threads and the server's own spin on two cores: the reader gets a fifth of one, and
    // takes several budgets of wall-clock time for a tenth of its own.
    const busyUntil = Date.now() + 2500
    const spinners = Array.from(
      { length: 8 },
      () => new Worker(`const until = ${busyUntil}; while (Date.now() < until);`, { eval: true }),
    )
    try {
      const reading = parse(feed)
      while (Date.now() < busyUntil - 1500);
      expect((await reading).events).toHaveLength(2000)
    } finally {
      await Promise.all(spinners.map((spinner) => spinner.terminate()))
    }
  })

  it('reads a feed in a worker thread into the same stays, and names its platform', async () => {
    aPool()
    for (const fixture of ['airbnb.ics', 'booking.ics', 'vrbo.ics', 'google-recurring.ics']) {
      const text = readFixture(fixture)
      const result = await parse(text, 'Other')
      expect(result.events).toEqual(parseFeed(text, TODAY))
    }
    expect((await parse(readFixture('vrbo.ics'), 'Other')).platform).toBe('Vrbo')
    expect((await parse(readFixture('empty.ics'), 'Gathern')).platform).toBe('Gathern')
  })

  it("brings a feed's own failure back as its FeedError", async () => {
    aPool()
    expect(await reasonOf(parse(readFixture('not-ical.html')))).toBe('notCalendar')
    expect(await reasonOf(parse(neverMatchingRule()))).toBe('recurrenceTooComplex')
    expect(await reasonOf(parse(hourlyRules()))).toBe('tooManyStays')
  })

  it('takes a UTF-8 byte-order mark over the charset named, and reads a charset it does not know as UTF-8', async () => {
    aPool()
    const text = calendarOf([
      { uid: 'a@gathern.co', start: '2030-06-01', end: '2030-06-04', summary: 'Reserved - نورة الشمري' },
    ])
    const summariesOf = async (bytes: Uint8Array, charset: string) =>
      (
        await pool!.parse({ bytes, charset, today: TODAY, timeZone: 'UTC', calendarPlatform: 'Gathern' })
      ).events.map((event) => event.summary)
    expect(await summariesOf(bytesOf(`\ufeff${text}`), 'iso-8859-1')).toEqual(['Reserved - نورة الشمري'])
    expect(await summariesOf(bytesOf(text), 'x-no-such-charset')).toEqual(['Reserved - نورة الشمري'])
  })

  it('unfolds a feed folded after every character in one pass, within its time budget', async () => {
    aPool({ size: 1 })
    // One 5 MB line unfolded: refused for its length, not ended for its time.
    expect(await reasonOf(parse(foldedAtEveryByte()))).toBe('lineTooLong')
  })

  it('ends a worker past its time budget, fails that feed, and reads the next one', async () => {
    aPool({ size: 1, timeBudgetMs: 100 })
    const started = performance.now()
    // About a second of ical.js work.
    expect(await reasonOf(parse(yearsOfHistory()))).toBe('parseTimeout')
    expect(performance.now() - started).toBeLessThan(5000)
    expect((await parse(readFixture('airbnb.ics'))).events).toHaveLength(3)
  })

  it('ends a worker past its memory limit, fails that feed, and reads the next one', async () => {
    aPool({ size: 1, memoryMb: 32 })
    expect(await reasonOf(parse(yearsOfHistory()))).toBe('parseMemory')
    expect((await parse(readFixture('airbnb.ics'))).events).toHaveLength(3)
  })

  it('replaces a worker that a feed left with a heap past the limit, and keeps one below it', async () => {
    aPool({ size: 1, heapKeptMb: 1024 })
    expect((await parse(readFixture('airbnb.ics'))).events).toHaveLength(3)
    expect(pool!.threads).toBe(1)
    await pool!.close()
    // A worker's heap is several megabytes once its code is loaded: past 1 MB, every one is replaced.
    aPool({ size: 1, heapKeptMb: 1 })
    expect((await parse(readFixture('airbnb.ics'))).events).toHaveLength(3)
    expect(pool!.threads).toBe(0)
    expect((await parse(readFixture('vrbo.ics'))).events.length).toBeGreaterThan(0)
  })

  it('reads several feeds at once, one per worker, each within its own budget', async () => {
    aPool({ size: 2 })
    const results = await Promise.allSettled([
      parse(neverMatchingRule()),
      parse(readFixture('airbnb.ics')),
      parse(hourlyRules()),
      parse(readFixture('vrbo.ics')),
    ])
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled'])
    expect(pool!.threads).toBeLessThanOrEqual(2)
  })

  it.runIf(ownThreadId() !== null)(
    "reads feeds below the server thread's priority, which it leaves as it was",
    async () => {
      // The threads of the process now; an earlier test's workers may still be ending among them.
      const before = new Set(readdirSync('/proc/self/task'))
      aPool({ size: 2 })
      await Promise.all([parse(readFixture('airbnb.ics')), parse(readFixture('booking.ics'))])
      expect(pool!.threads).toBe(2)
      // A worker lowers its priority as it starts; the first one up may have read both feeds.
      const readers = () =>
        readdirSync('/proc/self/task').filter(
          (tid) => !before.has(tid) && threadNice(Number(tid)) === FEED_READER_NICE,
        )
      await vi.waitFor(() => expect(readers()).toHaveLength(2), { timeout: 10_000 })
      expect(threadNice(ownThreadId()!)).toBe(0)
    },
  )

  it('keeps the event loop free while it reads the hostile feeds', async () => {
    aPool()
    // Built before the measurement: making 5 MB of text is the test's work, not the server's.
    const corpus = [
      neverMatchingRule(),
      hourlyRules(),
      manyParameters(),
      yearsOfHistory(),
      tooManyStays(),
    ].map(bytesOf)
    await parse(readFixture('airbnb.ics')) // the workers are up
    const loop = monitorEventLoopDelay({ resolution: 5 })
    loop.enable()
    await Promise.allSettled(
      corpus.map((bytes) =>
        pool!.parse({ bytes, charset: null, today: TODAY, timeZone: 'UTC', calendarPlatform: 'Airbnb' }),
      ),
    )
    loop.disable()
    // The server's own target is 20 ms at p99; a loaded test machine is given more room.
    expect(loop.percentile(99) / 1e6).toBeLessThan(50)
  })
})
