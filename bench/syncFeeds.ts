/**
 * The feed server of `bench/sync.ts`, in a process of its own so that serving the feeds does not
 * share a core with the sync engine it is measured against: tests/fixtures/feedServer.ts (ETag,
 * If-None-Match → 304) with `count` feeds of `events` stays each at /feed/<n>.ics.
 *
 * IPC: answers `{ origin }` once listening; `{ change: number[] }` adds one stay to each of those
 * feeds and answers `{ changed: uid[] }`.
 */
import { addDays } from '../src/domain/dates.ts'
import { calendarOf, startFeedServer, type StayEvent } from '../tests/fixtures/feedServer.ts'

export const feedRoute = (feed: number) => `/feed/${feed}.ics`

/** The stays of feed `feed`: `count` stays of 1 to 5 nights, back to back from 2027. */
function staysOf(feed: number, count: number): StayEvent[] {
  let start = addDays('2027-01-01', feed % 7)
  return Array.from({ length: count }, (_, index) => {
    const end = addDays(start, 1 + ((feed + index) % 5))
    const stay = {
      uid: `${feed}-${index}@bench.test`,
      start,
      end,
      summary: index % 3 === 0 ? 'Airbnb (Not available)' : `Reserved - Guest ${feed}-${index}`,
    }
    start = addDays(end, 1)
    return stay
  })
}

type Command = { change: number[] }

async function main() {
  const count = Number(process.env.BENCH_FEEDS)
  const events = Number(process.env.BENCH_EVENTS)
  const server = await startFeedServer()
  for (let feed = 0; feed < count; feed++) server.serve(feedRoute(feed), calendarOf(staysOf(feed, events)))
  process.on('message', (message: Command) => {
    const changed = message.change.map((feed) => {
      const uid = `${feed}-new@bench.test`
      server.addEvent(feedRoute(feed), {
        uid,
        start: '2029-06-01',
        end: '2029-06-04',
        summary: 'Reserved - New',
      })
      return uid
    })
    process.send?.({ changed })
  })
  process.on('disconnect', () => void server.close().then(() => process.exit(0)))
  process.send?.({ origin: server.origin })
}

if (process.send) await main()
