import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { FeedError } from '../../server/sync/feedError.ts'
import { fetchFeed, isPublicAddress } from '../../server/sync/fetch.ts'
import { startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { aCalendarRow, aPropertyRow, aUser } from './builders.ts'
import { describeEachDatabase, type TestContext } from './harness.ts'

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
  feeds.serveFixture('/feed.ics', 'airbnb.ics')
})
afterAll(() => feeds.close())

/** Links `url` to a new property, syncs it, and answers what the calendar kept. */
async function syncLink(ctx: TestContext, url: string) {
  const owner = await aUser(ctx.db)
  const property = await aPropertyRow(ctx.db, owner.id)
  const calendarId = await aCalendarRow(ctx.db, property.id, url)
  const [outcome] = await ctx.app.syncCalendarsNow([calendarId])
  const bookings = await ctx.db
    .selectFrom('bookings')
    .select('id')
    .where('calendar_id', '=', calendarId)
    .execute()
  return { outcome, bookings }
}

describeEachDatabase('feed fetching without an allow list', (ctx) => {
  const port = () => feeds.port
  const refused: Array<[string, () => string]> = [
    ['loopback', () => `http://127.0.0.1:${port()}/feed.ics`],
    ['localhost', () => `http://localhost:${port()}/feed.ics`],
    ['IPv6 loopback', () => `http://[::1]:${port()}/feed.ics`],
    ['a private address', () => 'http://10.0.0.1/feed.ics'],
    ['another private range', () => 'http://192.168.1.10/feed.ics'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['AWS IPv6 metadata', () => 'http://[fd00:ec2::254]/latest/meta-data/'],
    ['loopback as one decimal number', () => `http://2130706433:${port()}/feed.ics`],
    ['loopback in hex', () => `http://0x7f.1:${port()}/feed.ics`],
    ['loopback in octal', () => `http://017700000001:${port()}/feed.ics`],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${port()}/feed.ics`],
    ['IPv4-compatible IPv6 loopback', () => `http://[::7f00:1]:${port()}/feed.ics`],
    ['IPv4-translated IPv6 loopback', () => `http://[::ffff:0:7f00:1]:${port()}/feed.ics`],
    ['NAT64 of loopback', () => `http://[64:ff9b::127.0.0.1]:${port()}/feed.ics`],
    ['6to4 of loopback', () => `http://[2002:7f00:1::]:${port()}/feed.ics`],
    ['carrier-grade NAT', () => 'http://100.64.0.1/feed.ics'],
    ['"this network"', () => `http://0.0.0.0:${port()}/feed.ics`],
    ['IPv6 link-local', () => 'http://[fe80::1]/feed.ics'],
    ['multicast', () => 'http://224.0.0.1/feed.ics'],
  ]

  it.each(refused)('refuses %s before connecting', async (_, url) => {
    const before = feeds.requests.length
    const { outcome, bookings } = await syncLink(ctx, url())
    expect(outcome).toMatchObject({ result: 'failed', error: 'sync.errors.blockedAddress' })
    expect(bookings).toEqual([])
    expect(feeds.requests.length).toBe(before)
  })

  it.each(['::7f00:1', '::ffff:0:7f00:1'])(
    'fetchFeed refuses [%s], which reaches 127.0.0.1, before connecting',
    async (address) => {
      const before = feeds.requests.length
      const fetching = fetchFeed(`http://[${address}]:${port()}/feed.ics`, { allowHosts: [] })
      await expect(fetching).rejects.toThrow(FeedError)
      await expect(fetching).rejects.toMatchObject({ reason: 'blockedAddress' })
      expect(feeds.requests.length).toBe(before)
    },
  )

  it.each(['file:///etc/passwd', 'ftp://example.com/feed.ics', 'not a link'])('refuses %s', async (url) => {
    expect((await syncLink(ctx, url)).outcome).toMatchObject({ error: 'sync.errors.invalidUrl' })
  })

  it('tells public addresses from the rest', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true)
    for (const address of [
      '127.0.0.1',
      '::1',
      '::ffff:10.0.0.1',
      '172.20.1.1',
      '198.18.0.1',
      'fc00::1',
      'not-an-ip',
    ])
      expect(isPublicAddress(address), address).toBe(false)
  })
})

describeEachDatabase(
  'feed fetching with "localhost" allowed',
  (ctx) => {
    const viaLocalhost = (route: string) => `http://localhost:${feeds.port}${route}`

    it('fetches from the allowed host', async () => {
      const { outcome, bookings } = await syncLink(ctx, viaLocalhost('/feed.ics'))
      expect(outcome).toMatchObject({ result: 'imported' })
      expect(bookings).toHaveLength(3)
    })

    it('refuses a redirect from the allowed host to loopback written another way', async () => {
      const target = encodeURIComponent(`http://127.0.0.1:${feeds.port}/feed.ics?${randomUUID()}`)
      const before = feeds.requestsTo('/feed.ics').length
      const { outcome } = await syncLink(ctx, viaLocalhost(`/redirect?to=${target}`))
      expect(outcome).toMatchObject({ result: 'failed', error: 'sync.errors.blockedAddress' })
      expect(feeds.requestsTo('/feed.ics').length).toBe(before)
    })

    it('follows up to three redirects within allowed hosts, and no more', async () => {
      const hop = (to: string) => viaLocalhost(`/redirect?to=${encodeURIComponent(to)}`)
      const three = hop(hop(hop(viaLocalhost('/feed.ics'))))
      expect((await syncLink(ctx, three)).outcome).toMatchObject({ result: 'imported' })
      expect((await syncLink(ctx, hop(three))).outcome).toMatchObject({
        error: 'sync.errors.tooManyRedirects',
      })
    })

    it('keeps the connection for the next feed of the same host', async () => {
      const options = { allowHosts: ['localhost'] }
      await fetchFeed(viaLocalhost('/feed.ics'), options)
      await fetchFeed(viaLocalhost('/feed.ics'), options)
      const [first, second] = feeds.requestsTo('/feed.ics').slice(-2)
      expect(second?.remotePort).toBe(first?.remotePort)
    })

    it('asks again on a new connection when the server closed the kept one as it was reused', async () => {
      const options = { allowHosts: ['localhost'] }
      const route = '/drops-kept-connections'
      await expect(fetchFeed(viaLocalhost(route), options)).resolves.toMatchObject({ status: 'ok' })
      await expect(fetchFeed(viaLocalhost(route), options)).resolves.toMatchObject({ status: 'ok' })
      const [first, second] = feeds.requestsTo(route).slice(-2)
      expect(second?.remotePort).not.toBe(first?.remotePort)
    })

    it('gives up on a feed that does not answer in time', async () => {
      const started = Date.now()
      const fetching = fetchFeed(viaLocalhost('/slow?ms=60000'), {
        allowHosts: ['localhost'],
        timeoutMs: 300,
      })
      await expect(fetching).rejects.toThrow(FeedError)
      await expect(fetching).rejects.toMatchObject({ reason: 'timeout' })
      expect(Date.now() - started).toBeLessThan(2000)
    })

    it('reads a gzipped feed whose body comes in parts', async () => {
      const { outcome, bookings } = await syncLink(ctx, viaLocalhost('/gzipped'))
      expect(outcome).toMatchObject({ result: 'imported' })
      expect(bookings).toHaveLength(3)
    })

    it('fails a feed whose connection closes in the middle of its body, or whose body stalls', async () => {
      const options = { allowHosts: ['localhost'], timeoutMs: 300 }
      await expect(fetchFeed(viaLocalhost('/cut-short'), options)).rejects.toMatchObject({
        reason: 'network',
      })
      const started = Date.now()
      await expect(fetchFeed(viaLocalhost('/stalls'), options)).rejects.toMatchObject({ reason: 'timeout' })
      expect(Date.now() - started).toBeLessThan(2000)
    })
  },
  { env: { SYNC_ALLOW_HOSTS: 'localhost' } },
)
