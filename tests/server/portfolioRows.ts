/**
 * An account's rows of every kind, inserted directly, many delete batches over: the subject of
 * the deletion tests and of `npm run bench:deletion`.
 */
import fs from 'node:fs'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import type { Db } from '../../server/db/database.ts'
import { addDays } from '../../src/domain/dates.ts'
import { uploadsDirOf } from '../../server/property/images.ts'
import { aUser } from './builders.ts'
import type { TestContext } from './harness.ts'

export type Sizes = {
  properties: number
  staysPerProperty: number
  servedRunsPerFeed: number
  /** Each feed's fetches, one a minute, and their roll-ups, one a day: none unless given. */
  fetchesPerFeed?: number
  fetchDaysPerFeed?: number
  notifications: number
}

/** A host's portfolio: every kind of row many batches over, yet built and deleted in seconds. */
export const PORTFOLIO: Sizes = {
  properties: 400,
  staysPerProperty: 10,
  servedRunsPerFeed: 20,
  fetchesPerFeed: 20,
  fetchDaysPerFeed: 10,
  notifications: 1000,
}

/** Rows per insert: far below either engine's limit on parameters. */
const CHUNK = 400

async function insertAll<Row>(db: Db, rows: Row[], insert: (chunk: Row[]) => Promise<unknown>) {
  for (let at = 0; at < rows.length; at += CHUNK) await insert(rows.slice(at, at + CHUNK))
}

/**
 * A host with properties, each with a photo (its files on disk), a linked calendar of stays
 * whose every neighbour pair is an announced conflict, and a platform feed with its served
 * nights, its fetches and their daily roll-ups; and the host's notifications. Inserted
 * directly: the subject is the deletion.
 */
export async function aPortfolio(ctx: TestContext, sizes: Sizes) {
  const { db } = ctx
  const owner = await aUser(db)
  const now = new Date().toISOString()
  const propertyIds = Array.from({ length: sizes.properties }, () => randomUUID())
  await insertAll(db, propertyIds, (ids) =>
    db
      .insertInto('properties')
      .values(
        ids.map((id) => ({
          id,
          owner_id: owner.id,
          name: `Flat ${id}`,
          country: 'Saudi',
          region: null,
          city: 'Jeddah',
          address: 'Corniche Road 1',
          description: null,
          capacity: 4,
          cost_per_night: 100,
          export_token: randomUUID(),
          created_at: now,
          updated_at: now,
        })),
      )
      .execute(),
  )
  const files = propertyIds.map((id) => ({ fileName: `${id}.webp`, thumbName: `${id}.thumb.webp` }))
  const uploads = uploadsDirOf(ctx.config)
  fs.mkdirSync(uploads, { recursive: true })
  for (const file of files)
    for (const name of Object.values(file)) fs.writeFileSync(path.join(uploads, name), 'x')
  await insertAll(db, propertyIds, (ids) =>
    db
      .insertInto('property_images')
      .values(
        ids.map((id) => ({
          id: randomUUID(),
          property_id: id,
          file_name: `${id}.webp`,
          thumb_name: `${id}.thumb.webp`,
          width: 1,
          height: 1,
          position: 0,
          created_at: now,
        })),
      )
      .execute(),
  )
  await insertAll(db, propertyIds, (ids) =>
    db
      .insertInto('external_calendars')
      .values(
        ids.map((id) => ({
          id,
          property_id: id,
          platform_name: 'Airbnb',
          url: `https://calendars.example/${id}.ics`,
          next_sync_at: '9999-01-01T00:00:00.000Z',
          created_at: now,
        })),
      )
      .execute(),
  )
  const stays = propertyIds.flatMap((propertyId) =>
    Array.from({ length: sizes.staysPerProperty }, (_, index) => ({ id: randomUUID(), propertyId, index })),
  )
  await insertAll(db, stays, (chunk) =>
    db
      .insertInto('bookings')
      .values(
        chunk.map((stay) => ({
          id: stay.id,
          calendar_id: stay.propertyId,
          property_id: stay.propertyId,
          uid: stay.id,
          summary: 'Reserved',
          description: null,
          location: null,
          start_date: '2026-03-01',
          end_date: '2026-03-04',
          status: 'Reserved',
          guest_name: 'Guest',
          kind: 'booking' as const,
          platform: 'Airbnb',
          cancelled_at: null,
          nightly_price: 100,
          feed_warning: null,
          first_seen_at: now,
          updated_at: now,
        })),
      )
      .execute(),
  )
  const conflicts = stays.flatMap((stay, at) => (stay.index > 0 ? [[stays[at - 1]?.id ?? '', stay.id]] : []))
  await insertAll(db, conflicts, (chunk) =>
    db
      .insertInto('announced_conflicts')
      .values(
        chunk.map(([first, second]) => ({ first_id: first ?? '', second_id: second ?? '', created_at: now })),
      )
      .execute(),
  )
  await insertAll(db, propertyIds, (ids) =>
    db
      .insertInto('platform_feeds')
      .values(
        ids.map((id) => ({
          id,
          property_id: id,
          platform_name: 'Airbnb',
          token: randomUUID(),
          created_at: now,
        })),
      )
      .execute(),
  )
  // One-night runs a night apart: each its own row, as a feed of short stays records.
  const servedRuns = propertyIds.flatMap((feedId) =>
    Array.from({ length: sizes.servedRunsPerFeed }, (_, index) => ({
      feed_id: feedId,
      start_night: addDays('2026-04-01', 2 * index),
      end_night: addDays('2026-04-02', 2 * index),
      served_from: now,
      served_until: null,
    })),
  )
  await insertAll(db, servedRuns, (chunk) => db.insertInto('feed_served').values(chunk).execute())
  const fetches = propertyIds.flatMap((feedId) =>
    Array.from({ length: sizes.fetchesPerFeed ?? 0 }, (_, index) => {
      const at = new Date(Date.parse('2026-04-01T00:00:00Z') + index * 60_000).toISOString()
      return {
        feed_id: feedId,
        minute: at.slice(0, 16),
        fetched_at: at,
        status: 200,
        bytes: 900,
        user_agent: 'Airbnb',
      }
    }),
  )
  await insertAll(db, fetches, (chunk) => db.insertInto('feed_fetches').values(chunk).execute())
  const fetchDays = propertyIds.flatMap((feedId) =>
    Array.from({ length: sizes.fetchDaysPerFeed ?? 0 }, (_, index) => {
      const day = addDays('2025-01-01', index)
      return {
        feed_id: feedId,
        day,
        fetches: 12,
        not_modified: 6,
        bytes: 5400,
        first_at: `${day}T00:10:00.000Z`,
        last_at: `${day}T22:10:00.000Z`,
        user_agent: 'Airbnb',
      }
    }),
  )
  await insertAll(db, fetchDays, (chunk) => db.insertInto('feed_fetch_days').values(chunk).execute())
  await insertAll(
    db,
    Array.from({ length: sizes.notifications }, () => randomUUID()),
    (ids) =>
      db
        .insertInto('notifications')
        .values(
          ids.map((id) => ({
            id,
            user_id: owner.id,
            title: null,
            data: '{}',
            kind: 'new' as const,
            created_at: now,
          })),
        )
        .execute(),
  )
  return { ...owner, propertyIds, files }
}

type Counted = { executeTakeFirstOrThrow(): Promise<{ count: string | number | bigint }> }
const countOf = async (query: Counted) => Number((await query.executeTakeFirstOrThrow()).count)

/** How many rows of each kind the owner has. */
export async function rowsOf(db: Db, ownerId: string) {
  const counted = db.fn.countAll().as('count')
  const properties = db.selectFrom('properties').select('id').where('owner_id', '=', ownerId)
  const stays = db.selectFrom('bookings').select('id').where('property_id', 'in', properties)
  const feeds = db.selectFrom('platform_feeds').select('id').where('property_id', 'in', properties)
  return {
    properties: await countOf(db.selectFrom('properties').select(counted).where('owner_id', '=', ownerId)),
    photos: await countOf(
      db.selectFrom('property_images').select(counted).where('property_id', 'in', properties),
    ),
    links: await countOf(
      db.selectFrom('external_calendars').select(counted).where('property_id', 'in', properties),
    ),
    stays: await countOf(db.selectFrom('bookings').select(counted).where('property_id', 'in', properties)),
    conflicts: await countOf(
      db.selectFrom('announced_conflicts').select(counted).where('first_id', 'in', stays),
    ),
    feeds: await countOf(
      db.selectFrom('platform_feeds').select(counted).where('property_id', 'in', properties),
    ),
    servedRuns: await countOf(db.selectFrom('feed_served').select(counted).where('feed_id', 'in', feeds)),
    fetches: await countOf(db.selectFrom('feed_fetches').select(counted).where('feed_id', 'in', feeds)),
    fetchDays: await countOf(db.selectFrom('feed_fetch_days').select(counted).where('feed_id', 'in', feeds)),
    notifications: await countOf(
      db.selectFrom('notifications').select(counted).where('user_id', '=', ownerId),
    ),
  }
}

/** The rows a portfolio of these sizes has. */
export const rowsOfPortfolio = (sizes: Sizes) => ({
  properties: sizes.properties,
  photos: sizes.properties,
  links: sizes.properties,
  stays: sizes.properties * sizes.staysPerProperty,
  conflicts: sizes.properties * (sizes.staysPerProperty - 1),
  feeds: sizes.properties,
  servedRuns: sizes.properties * sizes.servedRunsPerFeed,
  fetches: sizes.properties * (sizes.fetchesPerFeed ?? 0),
  fetchDays: sizes.properties * (sizes.fetchDaysPerFeed ?? 0),
  notifications: sizes.notifications,
})

export const NONE = rowsOfPortfolio({
  properties: 0,
  staysPerProperty: 1,
  servedRunsPerFeed: 0,
  notifications: 0,
})

export const filesLeft = (ctx: TestContext, files: { fileName: string; thumbName: string }[]) =>
  files
    .flatMap((file) => [file.fileName, file.thumbName])
    .filter((name) => fs.existsSync(path.join(uploadsDirOf(ctx.config), name))).length

/** The 99th percentile of the samples: the one 99 % of them do not exceed. */
export const p99 = (samples: number[]) =>
  [...samples].sort((a, b) => a - b)[Math.ceil(samples.length * 0.99) - 1] ?? 0
