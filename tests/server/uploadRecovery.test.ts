import fs from 'node:fs'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { beforeAll, expect, it } from 'vitest'
import { releaseOrphanedLeases } from '../../server/db/lease.ts'
import { recoverUploads, uploadsDirOf } from '../../server/property/images.ts'
import { aCalendarRow, aPropertyRow } from './bookingBuilders.ts'
import { aUser } from './builders.ts'
import { describeEachDatabase } from './harness.ts'

// What the server tidies at start after a kill -9 (tests/reliability/crash.slow.ts kills the real
// process; these place each leftover by hand, including the ones a kill rarely lands on).

describeEachDatabase('start-up recovery after a crash', (ctx) => {
  let uploads: string
  let incoming: string
  const write = (folder: string, file: string, ageMs = 0) => {
    fs.mkdirSync(folder, { recursive: true })
    fs.writeFileSync(path.join(folder, file), 'x')
    const when = new Date(Date.now() - ageMs)
    fs.utimesSync(path.join(folder, file), when, when)
  }

  beforeAll(() => {
    uploads = uploadsDirOf(ctx.config)
    incoming = path.join(ctx.config.dataDir, 'incoming')
  })

  it('moves committed photos in, and deletes unnamed ones (staged ones once stale)', async () => {
    const owner = await aUser(ctx.db)
    const propertyId = await aPropertyRow(ctx.db, owner.id)
    const named = { file_name: 'committed.webp', thumb_name: 'committed.thumb.webp' }
    await ctx.db
      .insertInto('property_images')
      .values({
        id: randomUUID(),
        property_id: propertyId,
        ...named,
        width: 10,
        height: 10,
        position: 0,
        created_at: new Date().toISOString(),
      })
      .execute()
    // Killed between the commit and the move.
    write(incoming, named.file_name)
    write(incoming, named.thumb_name)
    // Killed between a row's deletion and its file's.
    write(uploads, 'deleted.webp')
    // Killed before the commit, long ago and (maybe another process's request) just now.
    write(incoming, 'abandoned.webp', 2 * 60 * 60_000)
    write(incoming, 'in-flight.webp')

    await recoverUploads(ctx.db, uploads, ctx.app.log)

    expect(fs.readdirSync(uploads).sort()).toEqual([named.thumb_name, named.file_name].sort())
    expect(fs.readdirSync(incoming)).toEqual(['in-flight.webp'])
  })

  it('measures the photos stored before their sizes were kept', async () => {
    const owner = await aUser(ctx.db)
    const propertyId = await aPropertyRow(ctx.db, owner.id)
    const photo = (id: string, bytes: number | null) => ({
      id,
      property_id: propertyId,
      file_name: `${id}.webp`,
      thumb_name: `${id}.thumb.webp`,
      width: 10,
      height: 10,
      bytes,
      position: 0,
      created_at: new Date().toISOString(),
    })
    const [unsized, sized, lost] = [randomUUID(), randomUUID(), randomUUID()]
    await ctx.db
      .insertInto('property_images')
      .values([photo(unsized, null), photo(sized, 7), photo(lost, null)])
      .execute()
    fs.mkdirSync(uploads, { recursive: true })
    fs.writeFileSync(path.join(uploads, `${unsized}.webp`), Buffer.alloc(300))
    fs.writeFileSync(path.join(uploads, `${unsized}.thumb.webp`), Buffer.alloc(40))

    await recoverUploads(ctx.db, uploads, ctx.app.log)

    const sizes = await ctx.db
      .selectFrom('property_images')
      .select(['id', 'bytes'])
      .where('id', 'in', [unsized, sized, lost])
      .execute()
    expect(Object.fromEntries(sizes.map((row) => [row.id, row.bytes]))).toEqual({
      [unsized]: 340,
      [sized]: 7,
      [lost]: 0,
    })
  })

  it('releases the leases a dead process held on SQLite, and leaves them to run out on PostgreSQL', async () => {
    const owner = await aUser(ctx.db)
    const calendar = await aCalendarRow(ctx.db, await aPropertyRow(ctx.db, owner.id))
    const leaseUntil = new Date(Date.now() + 60_000).toISOString()
    await ctx.db
      .updateTable('external_calendars')
      .set({ lease_until: leaseUntil })
      .where('id', '=', calendar.id)
      .execute()

    await releaseOrphanedLeases({
      db: ctx.db,
      engine: ctx.engine,
      ping: async () => {},
      close: async () => {},
    })

    const row = await ctx.db
      .selectFrom('external_calendars')
      .select('lease_until')
      .where('id', '=', calendar.id)
      .executeTakeFirstOrThrow()
    expect(row.lease_until).toBe(ctx.engine === 'sqlite' ? null : leaseUntil)
  })
})
