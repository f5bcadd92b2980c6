import type { KyselyPlugin } from 'kysely'
import { expect, it } from 'vitest'
import { createUnchangedSyncs } from '../../server/sync/unchangedSyncs.ts'
import { aUser } from './builders.ts'
import { aCalendarRow, aPropertyRow } from './bookingBuilders.ts'
import { describeEachDatabase } from './harness.ts'

/** Counts the statements sent through it. */
function counting() {
  const counter: KyselyPlugin & { statements: number } = {
    statements: 0,
    transformQuery(args) {
      counter.statements++
      return args.node
    },
    transformResult: async (args) => args.result,
  }
  return counter
}

describeEachDatabase('the links of unchanged feeds', (ctx) => {
  it('are written together, in one statement, a 304 keeping its validators and a 200 taking its own', async () => {
    const owners = [await aUser(ctx.db), await aUser(ctx.db)]
    const links = await Promise.all(
      [0, 1, 2, 3].map(async (index) => ({
        ...(await aCalendarRow(ctx.db, await aPropertyRow(ctx.db, owners[index % 2]!.id))),
        ownerId: owners[index % 2]!.id,
      })),
    )
    await ctx.db
      .updateTable('external_calendars')
      .set({
        etag: '"kept"',
        lease_until: '2030-01-01T00:00:00.000Z',
        last_error: 'sync.errors.unreachable',
        failure_count: 2,
        first_synced_at: '2024-01-01T00:00:00.000Z',
      })
      .where(
        'id',
        'in',
        links.map((link) => link.id),
      )
      .execute()
    const counter = counting()
    const unchanged = createUnchangedSyncs(ctx.db.withPlugin(counter))
    const syncedAt = (index: number) => `2024-03-13T09:00:0${index}.000Z`
    await Promise.all(
      links.map((link, index) =>
        unchanged.record({
          calendarId: link.id,
          ownerId: link.ownerId,
          syncedAt: syncedAt(index),
          nextSyncAt: `2024-03-13T09:15:0${index}.000Z`,
          // The last link's feed answered 200 with the text it had, and no validators now.
          ...(index === 3 ? { validators: { etag: null, last_modified: null } } : {}),
        }),
      ),
    )
    // The three 304s in one statement, the 200 in another: not one a link.
    expect(counter.statements).toBe(2)
    const rows = await ctx.db
      .selectFrom('external_calendars')
      .selectAll()
      .where(
        'id',
        'in',
        links.map((link) => link.id),
      )
      .execute()
    for (const [index, link] of links.entries())
      expect(rows.find((row) => row.id === link.id)).toMatchObject({
        first_synced_at: '2024-01-01T00:00:00.000Z',
        last_synced_at: syncedAt(index),
        next_sync_at: `2024-03-13T09:15:0${index}.000Z`,
        lease_until: null,
        last_error: null,
        failure_count: 0,
        etag: index === 3 ? null : '"kept"',
      })
  })
})
