import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { openDatabase } from '../../server/db/database.ts'
import { DESKTOP, launchBrowser, PHONE, screenshot } from './browser.ts'
import { registerAccount, startServer, type RunningServer } from './server.ts'

/**
 * An account with 2,000 properties and an admin with 2,000 accounts and 2,000 guests to look
 * through: each long screen asks for one page, shows how many there are, pages by keyboard and
 * searches every row, in English and Arabic.
 */

const ROWS = 2000
const ADMIN = { email: 'admin@example.com', password: 'Admin-Pass-2026!' }
const HOST = { email: 'huda@example.com', password: 'Huda-Pass-2026!' }
const CITIES = ['Riyadh', 'Jeddah', 'Abha', 'Dammam', 'Khobar', 'Taif', 'Medina', 'Tabuk', 'Hail', 'Yanbu']
const CHUNK = 400

let server: RunningServer
let browser: Browser
let hostId = ''

const numbered = (index: number) => String(index + 1).padStart(4, '0')

/** The rows, written straight into the server's SQLite file: the subject is how they are read. */
async function seed() {
  const database = await openDatabase({ engine: 'sqlite', file: path.join(server.dataDir, 'manzil.db') })
  const { db } = database
  const insert = async <Row>(rows: Row[], write: (chunk: Row[]) => Promise<unknown>) => {
    for (let at = 0; at < rows.length; at += CHUNK) await write(rows.slice(at, at + CHUNK))
  }
  const indexes = Array.from({ length: ROWS }, (_, index) => index)
  try {
    const host = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', HOST.email)
      .executeTakeFirstOrThrow()
    hostId = host.id
    const start = Date.parse('2025-01-01T00:00:00.000Z')
    const propertyIds = indexes.map(() => randomUUID())
    await insert(indexes, (chunk) =>
      db
        .insertInto('properties')
        .values(
          chunk.map((index) => {
            const created = new Date(start + index * 60_000).toISOString()
            return {
              id: propertyIds[index]!,
              owner_id: host.id,
              name: `Palm Residence ${numbered(index)}`,
              country: 'Saudi Arabia',
              region: null,
              city: CITIES[index % CITIES.length]!,
              address: `King Fahd Road ${index + 1}`,
              description: 'Two bedrooms, a balcony and parking.',
              capacity: 2 + (index % 5),
              cost_per_night: 300 + (index % 7) * 50,
              export_token: randomUUID(),
              created_at: created,
              updated_at: created,
            }
          }),
        )
        .execute(),
    )
    const now = new Date().toISOString()
    await insert(indexes, (chunk) =>
      db
        .insertInto('users')
        .values(
          chunk.map((index) => ({
            id: randomUUID(),
            email: `member-${numbered(index)}@example.com`,
            password_hash: 'never-signs-in',
            name: `Member ${numbered(index)}`,
            phone: index % 3 === 0 ? `+966 50 000 ${numbered(index)}` : null,
            residental_address: `${CITIES[index % CITIES.length]}, Street ${index + 1}`,
            is_admin: 0,
            twofactor_enabled: 0,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute(),
    )
    const calendarId = randomUUID()
    await db
      .insertInto('external_calendars')
      .values({
        id: calendarId,
        property_id: propertyIds[0]!,
        platform_name: 'Airbnb',
        url: 'https://calendars.example/never.ics',
        next_sync_at: '9999-01-01T00:00:00.000Z',
        created_at: now,
      })
      .execute()
    await insert(indexes, (chunk) =>
      db
        .insertInto('bookings')
        .values(
          chunk.map((index) => ({
            id: randomUUID(),
            calendar_id: calendarId,
            property_id: propertyIds[0]!,
            uid: `${randomUUID()}@seed`,
            summary: `Reserved - Guest ${numbered(index)}`,
            description: null,
            location: null,
            start_date: '2025-03-01',
            end_date: '2025-03-03',
            status: 'Reserved',
            guest_name: `Guest ${numbered(index)}`,
            kind: 'booking' as const,
            platform: 'Airbnb',
            cancelled_at: null,
            nightly_price: 300,
            first_seen_at: now,
            updated_at: now,
          })),
        )
        .execute(),
    )
  } finally {
    await database.close()
  }
}

/** A window signed in as `account`, in `language`, that records every API call it makes. */
async function windowOf(
  account: { email: string; password: string },
  language: 'en' | 'ar',
  viewport = DESKTOP,
) {
  const context: BrowserContext = await browser.newContext({ viewport })
  const response = await context.request.post(`${server.url}/api/auth/login`, {
    data: account,
    headers: { origin: server.url },
  })
  expect(response.status()).toBe(200)
  await context.addInitScript((lang) => localStorage.setItem('manzil.language', lang), language)
  const page = await context.newPage()
  const calls: { url: string; bytes: number }[] = []
  page.on('response', (answer) => {
    const url = answer.url()
    if (!url.includes('/api/')) return
    void answer
      .body()
      .then((body) => calls.push({ url, bytes: body.length }))
      .catch(() => undefined)
  })
  return { context, page, calls }
}

const range = (page: Page) => page.locator('[data-testid="pagination-range"]:visible')
/** Scrolls the list's page navigation into view, for a picture of the end of the page. */
const pagesInView = (page: Page) =>
  page.locator('[data-testid="pagination"]:visible').scrollIntoViewIfNeeded()
const cards = (page: Page) => page.locator('[data-testid="property-card"]:visible')

/** No call answered a whole list of thousands: every answer is a page's size. */
function expectOnlyPages(calls: { url: string; bytes: number }[], list: string) {
  const listCalls = calls.filter((call) => new URL(call.url).pathname === `/api${list}`)
  expect(listCalls.length, `${list} was asked for`).toBeGreaterThan(0)
  for (const call of listCalls) {
    expect(new URL(call.url).searchParams.has('page'), call.url).toBe(true)
    expect(call.bytes, call.url).toBeLessThan(100_000)
  }
}

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
  await registerAccount(server, HOST)
  await seed()
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('long lists in the browser, a page at a time', () => {
  it('shows a host’s 2,000 properties 24 at a time, pages by keyboard and searches them all', async () => {
    const { context, page, calls } = await windowOf(HOST, 'en')
    await page.goto(`${server.url}/properties`)
    await expect.poll(() => range(page).textContent()).toBe('Showing 1–24 of 2,000')
    expect(await cards(page).count()).toBe(24)
    await expect.poll(() => page.getByText('2,000 properties').count()).toBe(1)
    await expect.poll(() => cards(page).first().textContent()).toContain('Palm Residence 2000')
    await screenshot(page, 'properties-paged-desktop-en')

    const next = page.getByRole('button', { name: 'Next' })
    await next.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => range(page).textContent()).toBe('Showing 25–48 of 2,000')
    await expect.poll(() => cards(page).first().textContent()).toContain('Palm Residence 1976')

    // The header's search finds every property in Abha, across pages, from the first one.
    await page.getByTestId('global-search').fill('abha')
    await expect.poll(() => range(page).textContent()).toBe('Showing 1–24 of 200')
    expect(await cards(page).first().textContent()).toContain('Abha')
    await pagesInView(page)
    await screenshot(page, 'properties-paged-search-desktop-en')
    expectOnlyPages(calls, '/property/list')

    // The dashboard's row draws the 24 newest and leads to the grid for the rest.
    await page.goto(`${server.url}/`)
    const row = page.getByTestId('property-row')
    await expect.poll(() => row.getByTestId('property-card').count()).toBe(24)
    const all = row.getByRole('link', { name: 'See all 2,000 properties' })
    await all.scrollIntoViewIfNeeded()
    await screenshot(page, 'dashboard-properties-paged-desktop-en')
    await all.click()
    await expect.poll(() => range(page).textContent()).toBe('Showing 1–24 of 2,000')
    await context.close()
  })

  it('reads right to left in Arabic, on a phone too', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'mobile'],
    ] as const) {
      const { context, page, calls } = await windowOf(HOST, 'ar', viewport)
      await page.goto(`${server.url}/properties`)
      await expect.poll(() => range(page).textContent()).toBe('عرض ١–٢٤ من ٢٬٠٠٠')
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
      await page.getByRole('button', { name: 'التالي' }).click()
      await expect.poll(() => range(page).textContent()).toBe('عرض ٢٥–٤٨ من ٢٬٠٠٠')
      // Named for a screen reader in the page's language.
      await page.getByRole('navigation', { name: 'صفحات العقارات' }).scrollIntoViewIfNeeded()
      await screenshot(page, `properties-paged-${name}-ar`)
      expectOnlyPages(calls, '/property/list')
      await context.close()
    }
  })

  for (const language of ['en', 'ar'] as const) {
    it(`pages and searches the admin’s 2,000 accounts, a user’s properties and the guests (${language})`, async () => {
      const { context, page, calls } = await windowOf(ADMIN, language)
      const words =
        language === 'en'
          ? { users: 'Search users', properties: "Search this user's properties", guests: 'Search guests' }
          : { users: 'ابحث عن مستخدم', properties: 'ابحث في عقارات هذا المستخدم', guests: 'ابحث عن ضيف' }

      await page.goto(`${server.url}/users`)
      await expect.poll(() => page.locator('[data-testid="user-row"]:visible').count()).toBe(25)
      await expect
        .poll(() => range(page).textContent())
        .toMatch(language === 'en' ? /of 2,00\d$/ : /من ٢٬٠٠\S$/)
      await screenshot(page, `users-paged-desktop-${language}`, { fullPage: true })
      await page.getByRole('searchbox', { name: words.users }).fill('member-1999')
      await expect.poll(() => page.locator('[data-testid="user-row"]:visible').count()).toBe(1)
      expectOnlyPages(calls, '/admin/user/list')

      await page.goto(`${server.url}/users/${hostId}/properties`)
      await expect.poll(() => cards(page).count()).toBe(24)
      await page.getByRole('searchbox', { name: words.properties }).fill('taif')
      await expect
        .poll(() => range(page).textContent())
        .toBe(language === 'en' ? 'Showing 1–24 of 200' : 'عرض ١–٢٤ من ٢٠٠')
      await pagesInView(page)
      await screenshot(page, `user-properties-paged-desktop-${language}`)
      expectOnlyPages(calls, `/admin/user/${hostId}/property/list`)

      await page.goto(`${server.url}/guests`)
      await expect.poll(() => page.locator('[data-testid="guest-row"]:visible').count()).toBe(25)
      await expect
        .poll(() => range(page).textContent())
        .toBe(language === 'en' ? 'Showing 1–25 of 2,000' : 'عرض ١–٢٥ من ٢٬٠٠٠')
      await screenshot(page, `guests-paged-desktop-${language}`, { fullPage: true })
      await page.getByRole('searchbox', { name: words.guests }).fill('guest 0042')
      await expect.poll(() => page.locator('[data-testid="guest-row"]:visible').count()).toBe(1)
      expectOnlyPages(calls, '/guest/list')

      // The log names who did what without asking for the 2,000 accounts.
      await page.goto(`${server.url}/logs`)
      await expect.poll(() => page.locator('[data-testid="log-row"]:visible').count()).toBeGreaterThan(0)
      expect(
        calls.some(
          (call) => new URL(call.url).pathname === '/api/admin/user/list' && !call.url.includes('page='),
        ),
      ).toBe(false)
      await context.close()
    })
  }
})
