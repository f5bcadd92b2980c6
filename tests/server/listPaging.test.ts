import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ManagedUser } from '../../contract/admin.ts'
import type { Db } from '../../server/db/database.ts'
import type { Property } from '../../contract/property.ts'
import type { Page } from '../../contract/paging.ts'
import { aCalendarRow, aPropertyRow, aSaleRow, type CalendarRef } from './bookingBuilders.ts'
import { aUser, signIn } from './builders.ts'
import { describeEachDatabase, type TestContext } from './harness.ts'

const ROWS = 2000
/** Every tenth property is in Abha, the rest in Jeddah. */
const ABHA_EVERY = 10
const CHUNK = 400

async function insertAll<Row>(rows: Row[], insert: (chunk: Row[]) => Promise<unknown>) {
  for (let at = 0; at < rows.length; at += CHUNK) await insert(rows.slice(at, at + CHUNK))
}

const numbered = (index: number) => String(index).padStart(4, '0')

/** A host's portfolio of ROWS properties, each with a photo; created a second apart, the first oldest. */
async function aLargePortfolio(db: Db, ownerId: string) {
  const start = Date.parse('2025-01-01T00:00:00.000Z')
  const ids = Array.from({ length: ROWS }, () => randomUUID())
  await insertAll(
    ids.map((id, index) => ({ id, index })),
    (chunk) =>
      db
        .insertInto('properties')
        .values(
          chunk.map(({ id, index }) => {
            const created = new Date(start + index * 1000).toISOString()
            return {
              id,
              owner_id: ownerId,
              name: `Flat ${numbered(index)}`,
              country: 'Saudi',
              region: null,
              city: index % ABHA_EVERY === 0 ? 'Abha' : 'Jeddah',
              address: 'Corniche Road 1',
              description: null,
              capacity: 4,
              cost_per_night: 100,
              export_token: randomUUID(),
              created_at: created,
              updated_at: created,
            }
          }),
        )
        .execute(),
  )
  await insertAll(ids, (chunk) =>
    db
      .insertInto('property_images')
      .values(
        chunk.map((id) => ({
          id: randomUUID(),
          property_id: id,
          file_name: `${id}.webp`,
          thumb_name: `${id}.thumb.webp`,
          width: 10,
          height: 10,
          bytes: 1,
          position: 0,
          created_at: new Date().toISOString(),
        })),
      )
      .execute(),
  )
  return ids
}

/** ROWS accounts whose addresses end in `domain` (no password hashing: they never sign in). */
async function manyUsers(db: Db, domain: string) {
  const now = new Date().toISOString()
  await insertAll(
    Array.from({ length: ROWS }, (_, index) => index),
    (chunk) =>
      db
        .insertInto('users')
        .values(
          chunk.map((index) => ({
            id: randomUUID(),
            email: `member-${numbered(index)}@${domain}`,
            password_hash: 'not-a-hash',
            name: index % ABHA_EVERY === 0 ? `Noura ${numbered(index)}` : null,
            phone: null,
            residental_address: null,
            is_admin: 0,
            twofactor_enabled: 0,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute(),
  )
}

/** ROWS bookings of one calendar, each by another guest. */
async function manyGuests(db: Db, calendar: CalendarRef) {
  await insertAll(
    Array.from({ length: ROWS }, (_, index) => index),
    (chunk) =>
      db
        .insertInto('bookings')
        .values(
          chunk.map((index) => aSaleRow(calendar, '2026-03-01', '2026-03-03', `Guest ${numbered(index)}`)),
        )
        .execute(),
  )
}

/**
 * PostgreSQL plans by its statistics, which autovacuum gathers some time after a bulk insert;
 * until then it guesses a handful of rows and nests loops over thousands. Gathered at once here.
 */
async function analyzed(ctx: TestContext) {
  if (ctx.engine === 'postgres') await sql`analyze`.execute(ctx.db)
}

const getJson = async <T>(ctx: TestContext, url: string, cookie: string, language = 'en') => {
  const response = await ctx.app.inject({
    url: `/api${url}`,
    headers: { cookie, 'accept-language': language },
  })
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200)
  return response.json<T>()
}

/** Every page of a paged list, walked with `next` until a short page. */
async function everyPage<T>(ctx: TestContext, url: (page: number) => string, cookie: string) {
  const items: T[] = []
  for (let page = 1; ; page++) {
    const answer = await getJson<Page<T>>(ctx, url(page), cookie)
    expect(answer.page).toBe(page)
    expect(answer.items.length).toBeLessThanOrEqual(answer.pageSize)
    items.push(...answer.items)
    if (page * answer.pageSize >= answer.total) return { items, total: answer.total, pages: page }
  }
}

/** A paging query a list refuses, in the reader's language. */
async function expectRefused(ctx: TestContext, url: string, cookie: string) {
  for (const [language, message] of [
    ['en', 'The address of this request is not valid'],
    ['ar', 'عنوان هذا الطلب غير صالح'],
  ] as const) {
    const response = await ctx.app.inject({
      url: `/api${url}`,
      headers: { cookie, 'accept-language': language },
    })
    expect(response.statusCode, url).toBe(400)
    expect(response.json<{ message: string }>().message, url).toBe(message)
  }
}

const BAD_PAGING = [
  'page=0',
  'page=-1',
  'page=1.5',
  'pageSize=0',
  'pageSize=101',
  'pageSize=two',
  `search=${'x'.repeat(101)}`,
]

describeEachDatabase('long lists a page at a time', (ctx) => {
  let host = { id: '', cookie: '' }
  let admin = ''
  let propertyIds: string[] = []
  const domain = `bulk-${randomUUID().slice(0, 8)}.example`

  beforeAll(async () => {
    const owner = await aUser(ctx.db, { name: 'Portfolio host' })
    host = { id: owner.id, cookie: await signIn(ctx.app, owner.email) }
    propertyIds = await aLargePortfolio(ctx.db, owner.id)
    const adminAccount = await aUser(ctx.db, { isAdmin: true, name: 'Chief' })
    admin = await signIn(ctx.app, adminAccount.email)
    await manyUsers(ctx.db, domain)
    await analyzed(ctx)
  }, 120_000)

  describe('the property list', () => {
    it('still answers the whole list without paging, as the documented call reads it', async () => {
      const list = await getJson<Property[]>(ctx, '/property/list', host.cookie)
      expect(list).toHaveLength(ROWS)
      // The newest first.
      expect(list[0]?.name).toBe(`Flat ${numbered(ROWS - 1)}`)
    })

    it('answers a bounded page with the total, each card with its own photo', async () => {
      const first = await getJson<Page<Property>>(ctx, '/property/list?page=1', host.cookie)
      expect(first).toMatchObject({ total: ROWS, page: 1, pageSize: 24 })
      expect(first.items.map((property) => property.name)).toEqual(
        Array.from({ length: 24 }, (_, index) => `Flat ${numbered(ROWS - 1 - index)}`),
      )
      for (const property of first.items) {
        expect(property.images).toHaveLength(1)
        expect(property.images[0]?.propertyId).toBe(property.id)
      }
      const largest = await getJson<Page<Property>>(ctx, '/property/list?pageSize=100', host.cookie)
      expect(largest.items).toHaveLength(100)
    })

    it('walks every property once, in the whole list’s order', async () => {
      const walked = await everyPage<Property>(
        ctx,
        (page) => `/property/list?page=${page}&pageSize=100`,
        host.cookie,
      )
      expect(walked.pages).toBe(ROWS / 100)
      expect(walked.items.map((property) => property.id)).toEqual([...propertyIds].reverse())
    })

    it('searches names and cities across every page, whatever the case', async () => {
      const inAbha = await everyPage<Property>(
        ctx,
        (page) => `/property/list?search=ABHA&page=${page}&pageSize=30`,
        host.cookie,
      )
      expect(inAbha.total).toBe(ROWS / ABHA_EVERY)
      expect(inAbha.items).toHaveLength(ROWS / ABHA_EVERY)
      expect(inAbha.items.every((property) => property.city === 'Abha')).toBe(true)
      // The last page holds the oldest match, far from the first page of the whole list.
      expect(inAbha.items.at(-1)?.name).toBe('Flat 0000')

      const byName = await getJson<Page<Property>>(ctx, '/property/list?search=%20flat%2001%20', host.cookie)
      expect(byName.total).toBe(100)
      // `%` and `_` are the search's own letters, not wildcards.
      for (const search of ['%25', '_', 'Flat%25']) {
        const none = await getJson<Page<Property>>(ctx, `/property/list?search=${search}`, host.cookie)
        expect(none.total, search).toBe(0)
      }
    })

    it('answers an empty page past the end, and nothing of another owner', async () => {
      const past = await getJson<Page<Property>>(ctx, '/property/list?page=1000&pageSize=100', host.cookie)
      expect(past).toMatchObject({ items: [], total: ROWS, page: 1000 })
      const stranger = await aUser(ctx.db)
      const theirs = await getJson<Page<Property>>(
        ctx,
        '/property/list?search=flat',
        await signIn(ctx.app, stranger.email),
      )
      expect(theirs).toMatchObject({ items: [], total: 0 })
    })

    it('refuses paging out of bounds with a translated 400', async () => {
      for (const query of BAD_PAGING) await expectRefused(ctx, `/property/list?${query}`, host.cookie)
    })

    it('answers a page asked again with what was written since', async () => {
      const newest = propertyIds.at(-1)!
      const names = async () =>
        (await getJson<Page<Property>>(ctx, '/property/list?page=1', host.cookie)).items.map(
          (property) => property.name,
        )
      expect((await names())[0]).toBe(`Flat ${numbered(ROWS - 1)}`)
      const rename = (name: string) =>
        ctx.db.updateTable('properties').set({ name }).where('id', '=', newest).execute()
      await rename('Renamed flat')
      try {
        expect((await names())[0]).toBe('Renamed flat')
      } finally {
        await rename(`Flat ${numbered(ROWS - 1)}`)
      }
      expect((await names())[0]).toBe(`Flat ${numbered(ROWS - 1)}`)
    })
  })

  describe('an admin’s lists', () => {
    it('pages the users and searches names and addresses across pages', async () => {
      const all = await getJson<ManagedUser[]>(ctx, '/admin/user/list', admin)
      expect(all.length).toBeGreaterThanOrEqual(ROWS)
      const first = await getJson<Page<ManagedUser>>(ctx, '/admin/user/list?page=1', admin)
      expect(first).toMatchObject({ total: all.length, pageSize: 25 })
      expect(first.items.map((user) => user.id)).toEqual(all.slice(0, 25).map((user) => user.id))

      const members = await everyPage<ManagedUser>(
        ctx,
        (page) => `/admin/user/list?search=${domain.toUpperCase()}&page=${page}&pageSize=100`,
        admin,
      )
      expect(members.total).toBe(ROWS)
      expect(new Set(members.items.map((user) => user.email)).size).toBe(ROWS)
      const named = await getJson<Page<ManagedUser>>(ctx, '/admin/user/list?search=noura', admin)
      expect(named.total).toBe(ROWS / ABHA_EVERY)
      for (const query of BAD_PAGING) await expectRefused(ctx, `/admin/user/list?${query}`, admin)
    })

    it('reads one user for the page of their properties', async () => {
      const user = await getJson<ManagedUser>(ctx, `/admin/user/${host.id}`, admin)
      expect(user).toMatchObject({ id: host.id, name: 'Portfolio host' })
      const missing = await ctx.app.inject({
        url: '/api/admin/user/no-such-user',
        headers: { cookie: admin },
      })
      expect(missing.statusCode).toBe(404)
    })

    it('pages a user’s properties and searches them', async () => {
      const url = `/admin/user/${host.id}/property/list`
      expect(await getJson<Property[]>(ctx, url, admin)).toHaveLength(ROWS)
      const second = await getJson<Page<Property>>(ctx, `${url}?page=2&pageSize=50`, admin)
      expect(second).toMatchObject({ total: ROWS, page: 2, pageSize: 50 })
      expect(second.items[0]?.name).toBe(`Flat ${numbered(ROWS - 51)}`)
      const inAbha = await getJson<Page<Property>>(ctx, `${url}?search=abha&pageSize=100`, admin)
      expect(inAbha.total).toBe(ROWS / ABHA_EVERY)
      for (const query of BAD_PAGING) await expectRefused(ctx, `${url}?${query}`, admin)
    })

    it('names each log entry’s actor, so the log needs no user list', async () => {
      const log = await getJson<Page<{ actorId: string | null; actorLabel: string | null }>>(
        ctx,
        '/admin/log/list?kind=auth.sign-in&pageSize=100',
        admin,
      )
      expect(log.items.map((entry) => entry.actorLabel)).toContain('Chief')
      expect(log.items.every((entry) => entry.actorLabel !== null)).toBe(true)
    })
  })

  describe('the guest list', () => {
    it('pages the guests, searches them across pages, and still answers the whole list', async () => {
      const property = await aPropertyRow(ctx.db, host.id, { name: 'Guest house' })
      await manyGuests(ctx.db, await aCalendarRow(ctx.db, property))
      await analyzed(ctx)
      expect(await getJson<unknown[]>(ctx, '/guest/list', host.cookie)).toHaveLength(ROWS)
      const walked = await everyPage<{ name: string; totalSpent: number }>(
        ctx,
        (page) => `/guest/list?page=${page}&pageSize=100`,
        host.cookie,
      )
      expect(walked.total).toBe(ROWS)
      expect(walked.items.map((guest) => guest.name)).toEqual(
        Array.from({ length: ROWS }, (_, index) => `Guest ${numbered(index)}`),
      )
      expect(walked.items[0]?.totalSpent).toBe(200)
      // However the name's case and spacing are typed.
      const found = await getJson<Page<{ name: string }>>(
        ctx,
        '/guest/list?search=%20GUEST%20%201999',
        host.cookie,
      )
      expect(found).toMatchObject({ total: 1, items: [{ name: 'Guest 1999' }] })
      const tens = await getJson<Page<{ name: string }>>(ctx, '/guest/list?search=guest%2019', host.cookie)
      expect(tens).toMatchObject({ total: 100, pageSize: 25 })
      expect(tens.items).toHaveLength(25)
      for (const query of BAD_PAGING) await expectRefused(ctx, `/guest/list?${query}`, host.cookie)
    })
  })
})
