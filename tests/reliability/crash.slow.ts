import fs from 'node:fs'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts'
import { addDays, localToday } from '../../src/domain/dates.ts'
import { calendarOf, startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { startServer, type RunningServer } from '../e2e/server.ts'
import { aPropertyRow } from '../server/bookingBuilders.ts'
import { aUser } from '../server/builders.ts'
import { signInOver, until } from './slowHelpers.ts'

// `kill -9` the real server in the middle of its work, start it again on the same data, and check
// that nothing is duplicated or half-written and that the interrupted work completes.

const FEEDS = 1000
const EVENTS_PER_FEED = 40

let server: RunningServer | undefined
let handle: DatabaseHandle | undefined

/** The server's SQLite file, opened beside it (WAL: readers never block the server). */
async function database(running: RunningServer) {
  handle ??= await openDatabase({ engine: 'sqlite', file: path.join(running.dataDir, 'manzil.db') })
  return handle.db
}

afterEach(async () => {
  await handle?.close()
  handle = undefined
  await server?.stop()
  server = undefined
})

describe('a sync of 1,000 feeds killed half-way', () => {
  let feeds: FeedServer
  beforeAll(async () => {
    feeds = await startFeedServer()
  })
  afterAll(() => feeds.close())

  it('keeps every feed whole, duplicates nothing, and finishes after a restart', async () => {
    const today = localToday()
    server = await startServer({ SYNC_ALLOW_HOSTS: '127.0.0.1' })
    const db = await database(server)
    const owner = await aUser(db)
    const due = new Date(Date.now() - 60_000).toISOString()
    for (let feed = 0; feed < FEEDS; feed++) {
      const route = `/feed-${feed}.ics`
      feeds.serve(
        route,
        calendarOf(
          Array.from({ length: EVENTS_PER_FEED }, (_, event) => {
            const start = addDays(today, event * 3 + 1)
            return { uid: `${feed}-${event}@test`, start, end: addDays(start, 2), summary: 'Reserved' }
          }),
        ),
      )
      const propertyId = await aPropertyRow(db, owner.id, { name: `Flat ${feed}` })
      await db
        .insertInto('external_calendars')
        .values({
          id: randomUUID(),
          property_id: propertyId,
          platform_name: 'Airbnb',
          url: feeds.url(route),
          next_sync_at: due,
          created_at: due,
        })
        .execute()
    }
    const synced = async () =>
      Number(
        (
          await db
            .selectFrom('external_calendars')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('content_hash', 'is not', null)
            .executeTakeFirstOrThrow()
        ).n,
      )
    // A restart starts the scheduler at once, with every feed due.
    await server.restart()
    await until(async () => (await synced()) >= FEEDS / 3, 60_000, 5)
    await server.crash()
    const atCrash = await synced()
    expect(atCrash).toBeLessThan(FEEDS)
    await expectWholeFeeds(db)

    await server.restart()
    await until(async () => (await synced()) === FEEDS, 120_000)
    await expectWholeFeeds(db)
    const bookings = await db
      .selectFrom('bookings')
      .select((eb) => [eb.fn.countAll().as('rows'), sql<number>`count(distinct uid)`.as('uids')])
      .executeTakeFirstOrThrow()
    expect(Number(bookings.rows)).toBe(FEEDS * EVENTS_PER_FEED)
    expect(Number(bookings.uids)).toBe(FEEDS * EVENTS_PER_FEED)
    // First imports are silent: a feed synced twice would have told its host "new bookings".
    const notifications = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(notifications.n)).toBe(0)
    const leased = await db
      .selectFrom('external_calendars')
      .select('id')
      .where('lease_until', 'is not', null)
      .execute()
    expect(leased).toEqual([])
    console.info(
      `sync crash: killed with ${atCrash}/${FEEDS} feeds synced; all ${FEEDS} synced after restart`,
    )
  })
})

/** Each feed's bookings are all there (its transaction committed) or none is, never a part. */
async function expectWholeFeeds(db: Awaited<ReturnType<typeof database>>) {
  const perCalendar = await db
    .selectFrom('external_calendars')
    .leftJoin('bookings', 'bookings.calendar_id', 'external_calendars.id')
    .select((eb) => [
      'external_calendars.id',
      'external_calendars.content_hash',
      eb.fn.count('bookings.id').as('bookings'),
    ])
    .groupBy(['external_calendars.id', 'external_calendars.content_hash'])
    .execute()
  const broken = perCalendar.filter(
    (row) => Number(row.bookings) !== (row.content_hash === null ? 0 : EVENTS_PER_FEED),
  )
  expect(broken).toEqual([])
}

const PHOTOS = 6

/** Distinct noisy PNGs, slow enough to re-encode that a kill lands in the middle of a request. */
async function photos(): Promise<Blob[]> {
  return Promise.all(
    Array.from({ length: PHOTOS }, async (_, index) => {
      const size = 1400
      const noise = Buffer.alloc(size * size * 3)
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + index * 104_729) % 251
      const png = await sharp(noise, { raw: { width: size, height: size, channels: 3 } })
        .png()
        .toBuffer()
      return new Blob([new Uint8Array(png)], { type: 'image/png' })
    }),
  )
}

describe('a property upload killed half-way', () => {
  it('leaves no stray, missing or half-written photo and no half-made property', async () => {
    const admin = { email: 'admin@example.com', password: 'Admin-Pass-2026!' }
    server = await startServer({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password })
    const running = server
    const cookie = await signInOver(running.url, admin)
    const images = await photos()
    const upload = (name: string) => {
      const form = new FormData()
      for (const field of Object.entries({
        name,
        country: 'Saudi',
        city: 'Riyadh',
        address: 'Olaya 1',
        capacity: '2',
      }))
        form.append(...field)
      images.forEach((image, index) => form.append('images', image, `photo-${index}.png`))
      return fetch(`${running.url}/api/property`, {
        method: 'POST',
        headers: { cookie, origin: running.url },
        body: form,
      })
    }
    const started = Date.now()
    expect((await upload('Measured')).status).toBe(201)
    const fullUpload = Date.now() - started

    // Kills spread over the request: while photos are re-encoded and written, and near the commit.
    const answered: string[] = ['Measured']
    for (const fraction of [0.3, 0.6, 0.9, 0.97]) {
      const name = `Killed at ${fraction}`
      const request = upload(name).then(
        (response) => (response.status === 201 ? answered.push(name) : undefined),
        () => undefined,
      )
      await new Promise((resolve) => setTimeout(resolve, fullUpload * fraction))
      await running.crash()
      await request
      const staged = fs.readdirSync(path.join(running.dataDir, 'incoming')).length
      console.info(`upload crash at ${fraction} of a request: ${staged} staged files left by the kill`)
      await running.restart()
      await expectPhotosMatchRows(running, answered)
    }
  })
})

/**
 * The uploads dir holds exactly the files the image rows name; every property has all its photos
 * or (never created) none; each answered upload is there.
 */
async function expectPhotosMatchRows(running: RunningServer, answered: string[]) {
  const db = await database(running)
  const rows = await db.selectFrom('property_images').select(['file_name', 'thumb_name']).execute()
  const onDisk = fs.readdirSync(path.join(running.dataDir, 'uploads')).sort()
  expect(onDisk).toEqual(rows.flatMap((row) => [row.file_name, row.thumb_name]).sort())
  const properties = await db
    .selectFrom('properties')
    .leftJoin('property_images', 'property_images.property_id', 'properties.id')
    .select((eb) => ['properties.name', eb.fn.count('property_images.id').as('photos')])
    .groupBy('properties.name')
    .execute()
  expect(properties.filter((property) => Number(property.photos) !== PHOTOS)).toEqual([])
  expect(properties.map((property) => property.name)).toEqual(expect.arrayContaining(answered))
  for (const file of onDisk) {
    // Whole files: each decodes as the WebP it claims to be.
    await expect(sharp(path.join(running.dataDir, 'uploads', file)).stats()).resolves.toBeDefined()
  }
  await handle?.close()
  handle = undefined
}
