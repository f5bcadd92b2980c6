import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import { nightsServedAt, recordServed } from '../../server/calendar/served.ts'
import { servedRunsOf } from '../../server/db/migrations/0022_served_runs.ts'
import { aPropertyRow } from './bookingBuilders.ts'
import { aUser } from './builders.ts'
import { describeEachDatabase } from './harness.ts'

const NOW = new Date('2027-03-01T12:00:00.000Z')
const later = (hours: number) => new Date(NOW.getTime() + hours * 3600_000)
const nights = (start: string, end: string) => ({ start, end })
const WHOLE_YEAR = nights('2027-01-01', '2028-01-01')

describeEachDatabase('what a platform was served, kept in runs', (ctx) => {
  async function aFeed() {
    const owner = await aUser(ctx.db)
    const propertyId = await aPropertyRow(ctx.db, owner.id)
    const feedId = randomUUID()
    await ctx.db
      .insertInto('platform_feeds')
      .values({
        id: feedId,
        property_id: propertyId,
        platform_name: 'Airbnb',
        token: randomUUID(),
        created_at: NOW.toISOString(),
      })
      .execute()
    const feed = { propertyId, platformName: 'Airbnb' }
    let hash: string | null = null
    return {
      serve: async (runs: { start: string; end: string }[], at: Date) => {
        const next = JSON.stringify(runs)
        await recordServed(ctx.db, { feedId, runs, hash: next }, hash, at)
        hash = next
      },
      servedAt: (at: Date) => nightsServedAt(ctx.db, feed, WHOLE_YEAR, at.toISOString()),
      rows: () => ctx.db.selectFrom('feed_served').selectAll().where('feed_id', '=', feedId).execute(),
    }
  }

  it('keeps a stay of years as one row, and a night freed inside a run ends only for that night', async () => {
    const feed = await aFeed()
    await feed.serve([nights('2027-03-10', '2031-12-31')], NOW)
    expect(await feed.rows()).toHaveLength(1)

    // The platform fetches again: one night in the middle is free now, a week is newly taken.
    await feed.serve(
      [
        nights('2027-03-10', '2027-04-01'),
        nights('2027-04-02', '2031-12-31'),
        nights('2027-03-01', '2027-03-08'),
      ].sort((a, b) => a.start.localeCompare(b.start)),
      later(1),
    )
    expect(await feed.rows()).toHaveLength(4)

    // Before the first fetch nothing was served; between the fetches, all of the long stay; after
    // the second, all but the freed night, with the new week.
    expect(await feed.servedAt(later(-1))).toEqual([])
    expect(await feed.servedAt(later(0.5))).toEqual([nights('2027-03-10', '2028-01-01')])
    expect(await feed.servedAt(later(2))).toEqual([
      nights('2027-03-01', '2027-03-08'),
      nights('2027-03-10', '2027-04-01'),
      nights('2027-04-02', '2028-01-01'),
    ])
  })

  it('forgets spans two days after they ended', async () => {
    const feed = await aFeed()
    await feed.serve([nights('2027-03-10', '2027-03-20')], NOW)
    await feed.serve([], later(1))
    expect(await feed.rows()).toHaveLength(1)
    await feed.serve([nights('2027-05-01', '2027-05-02')], later(60))
    expect((await feed.rows()).map((row) => row.start_night)).toEqual(['2027-05-01'])
  })
})

it('turns the night rows of before into runs of the nights that share a span', () => {
  const span = { feed_id: 'feed', served_from: '2027-01-01T00:00:00.000Z', served_until: null }
  const ended = { ...span, served_until: '2027-01-02T00:00:00.000Z' }
  const rows = servedRunsOf([
    { ...span, night: '2027-02-02' },
    { ...span, night: '2027-02-01' },
    { ...span, night: '2027-02-05' },
    { ...ended, night: '2027-02-03' },
    { ...ended, night: '2027-02-04' },
  ])
  expect(rows).toEqual([
    { ...span, start_night: '2027-02-01', end_night: '2027-02-03' },
    { ...span, start_night: '2027-02-05', end_night: '2027-02-06' },
    { ...ended, start_night: '2027-02-03', end_night: '2027-02-05' },
  ])
})
