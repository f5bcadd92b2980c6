import { afterEach, expect, it, vi } from 'vitest'
import { fetchFeed } from '../../src/features/calendar/calendarFeed.ts'
import { exportFeed } from './calendarScreen.tsx'

afterEach(() => vi.unstubAllGlobals())

const feed = exportFeed([
  {
    stayId: 's1',
    propertyId: 'p1',
    start: '2030-03-01',
    end: '2030-03-04',
    summary: 'Reserved - Sara Ali',
    platform: 'Airbnb',
    status: 'Reserved',
    guest: 'Sara Ali',
    kind: 'booking',
  },
])

it('sends the ETag it has read, and keeps its events on a 304 without parsing them again', async () => {
  const sent: (Headers | undefined)[] = []
  const notModified = new Response(null, { status: 304, headers: { etag: 'W/"one"' } })
  // The 304's empty body is read, so that the request ends there rather than at its time limit.
  const endsRequest = vi.spyOn(notModified, 'arrayBuffer')
  const answers = [new Response(feed, { headers: { etag: 'W/"one"' } }), notModified]
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init?: RequestInit) => {
      sent.push(new Headers(init?.headers))
      return answers.shift() ?? new Response('', { status: 500 })
    }),
  )
  const first = await fetchFeed('/feed?from=2030-02-01', 'window')
  expect(first.events.map((event) => [event.uid, event.propertyId])).toEqual([['s1@manzil', 'p1']])
  const again = await fetchFeed('/feed?from=2030-02-01', 'window')
  expect(again).toBe(first)
  expect(endsRequest).toHaveBeenCalledOnce()
  expect(sent.map((headers) => headers?.get('if-none-match') ?? null)).toEqual([null, 'W/"one"'])
})

it("reads a list page's total and next page from its headers, and keeps no copy of a page without a slot", async () => {
  const sent: (Headers | undefined)[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init?: RequestInit) => {
      sent.push(new Headers(init?.headers))
      return new Response(feed, {
        headers: {
          etag: 'W/"page"',
          'x-total-count': '1234',
          link: '</api/property/calendar/stays?list=upcoming&after=2030-03-01~s1>; rel="next"',
        },
      })
    }),
  )
  const page = await fetchFeed('/api/property/calendar/stays?list=upcoming&after=x', null)
  expect(page.total).toBe(1234)
  expect(page.next).toBe('/api/property/calendar/stays?list=upcoming&after=2030-03-01~s1')
  await fetchFeed('/api/property/calendar/stays?list=upcoming&after=x', null)
  expect(sent.map((headers) => headers?.get('if-none-match') ?? null)).toEqual([null, null])
})

it('keeps one copy a slot: a new address in the slot is read whole, not revalidated with the old ETag', async () => {
  const sent: (string | null)[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get('if-none-match'))
      return new Response(feed, { headers: { etag: 'W/"one"' } })
    }),
  )
  await fetchFeed('/feed?from=2030-02-01&to=2030-04-03', 'months')
  await fetchFeed('/feed?from=2030-03-01&to=2030-05-03', 'months')
  const last = await fetchFeed('/feed?from=2030-03-01&to=2030-05-03', 'months')
  expect(sent).toEqual([null, null, 'W/"one"'])
  expect(last.total).toBeNull()
  expect(last.next).toBeNull()
})
