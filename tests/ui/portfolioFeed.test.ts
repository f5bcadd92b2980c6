import { afterEach, expect, it, vi } from 'vitest'
import { fetchPortfolioEvents } from '../../src/features/calendar/calendarFeed.ts'
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
  const first = await fetchPortfolioEvents('2030-02-01')
  expect(first.map((event) => [event.uid, event.propertyId])).toEqual([['s1@manzil', 'p1']])
  const again = await fetchPortfolioEvents('2030-02-01')
  expect(again).toBe(first)
  expect(endsRequest).toHaveBeenCalledOnce()
  expect(sent.map((headers) => headers?.get('if-none-match') ?? null)).toEqual([null, 'W/"one"'])
})
