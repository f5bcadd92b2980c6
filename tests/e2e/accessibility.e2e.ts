import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext } from 'playwright-core'
import { addDays, localToday, nightsBetween } from '../../src/domain/dates.ts'
import { calendarOf, startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { DESKTOP, launchBrowser, PHONE, tabTo } from './browser.ts'
import { startServer, type RunningServer } from './server.ts'

const ADMIN = { email: 'admin@example.com', password: 'Admin-Pass-2026!' }
const PROPERTY = 'Palm Villa'

let server: RunningServer
let feeds: FeedServer
let browser: Browser
let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>
/** The first night of the booking the calendar shows (this month, so no month navigation). */
const bookingDay = addDays(`${localToday().slice(0, 7)}-01`, 2)

beforeAll(async () => {
  feeds = await startFeedServer()
  server = await startServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SYNC_ALLOW_HOSTS: '127.0.0.1',
  })
  feeds.serve(
    '/airbnb.ics',
    calendarOf([
      { uid: 'stay-1', start: bookingDay, end: addDays(bookingDay, 3), summary: 'Reserved - Sara' },
    ]),
  )
  browser = await launchBrowser()
  const context = await browser.newContext()
  const headers = { origin: server.url }
  expect(
    (await context.request.post(`${server.url}/api/auth/login`, { data: ADMIN, headers })).status(),
  ).toBe(200)
  const created = await context.request.post(`${server.url}/api/property`, {
    headers,
    multipart: {
      name: PROPERTY,
      country: 'Saudi',
      city: 'Riyadh',
      address: 'Olaya Street 12',
      capacity: '4',
      costPerNight: '400',
      description: 'A quiet villa with a garden.',
      externalCalendars: JSON.stringify([{ platformName: 'Airbnb', urlPath: feeds.url('/airbnb.ics') }]),
    },
  })
  expect(created.status()).toBe(201)
  // Adding a link syncs it at once: wait for its booking (its guest is then listed).
  for (let tries = 0; tries < 100; tries++) {
    const guests = (await (await context.request.get(`${server.url}/api/guest/list`)).json()) as unknown[]
    if (guests.length > 0) break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  signedIn = await context.storageState()
  await context.close()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await feeds?.close()
})

const VIEWPORTS = { desktop: DESKTOP, phone: PHONE } as const

async function newPage(viewport: keyof typeof VIEWPORTS, language: 'en' | 'ar', asAdmin: boolean) {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    ...(asAdmin ? { storageState: signedIn } : {}),
  })
  await context.addInitScript((lang) => localStorage.setItem('manzil.language', lang), language)
  const page = await context.newPage()
  return { page, close: () => context.close() }
}

describe('keyboard only', () => {
  it('signs in, adds a property and opens a booking without a pointer', async () => {
    const { page, close } = await newPage('desktop', 'en', false)
    await page.goto(`${server.url}/login`)
    await page.getByTestId('login-form').waitFor()
    await tabTo(page, 'input[type="email"]')
    await page.keyboard.type(ADMIN.email)
    await tabTo(page, 'input[type="password"]')
    await page.keyboard.type(ADMIN.password)
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/dashboard$/, { timeout: 15_000 })
    // As a person would, wait for the dashboard's frame to appear before reaching for its links:
    // Tab pressed over the loading spinner has nothing to move to.
    await page.locator('a[href="/properties"]').first().waitFor({ state: 'attached' })

    await tabTo(page, 'a[href="/properties"]')
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/properties$/)
    await tabTo(page, '[data-testid="add-property"]')
    await page.keyboard.press('Enter')
    await page.getByTestId('submit-property').waitFor()
    for (const [name, value] of [
      ['name', 'Keyboard Cottage'],
      ['address', 'Saudi Riyadh Olaya Street 7'],
      ['capacity', '3'],
      ['costPerNight', '250'],
    ] as const) {
      await tabTo(page, `[role="dialog"] input[name="${name}"]`)
      await page.keyboard.type(value)
    }
    await tabTo(page, '[data-testid="submit-property"]')
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await page.getByTestId('property-card').filter({ hasText: 'Keyboard Cottage' }).waitFor()

    await tabTo(page, 'a[href="/calendar"]', true)
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/calendar$/)
    // The grid is one Tab stop (a day); the arrows lead to the booking's day.
    const dayButton = `[data-testid="calendar-grid"] [data-item="day:${bookingDay}"]`
    await page.locator(dayButton).waitFor()
    await tabTo(page, '[data-testid="calendar-grid"] [role="grid"] [tabindex="0"]')
    const stop = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.item ?? '')
    const from = stop.slice('day:'.length)
    const gap = bookingDay >= from ? nightsBetween(from, bookingDay) : -nightsBetween(bookingDay, from)
    for (let step = 0; step < Math.abs(gap); step++)
      await page.keyboard.press(gap > 0 ? 'ArrowRight' : 'ArrowLeft')
    await page.keyboard.press('Space')
    const details = page.getByTestId('booking-details').first()
    await details.waitFor()
    expect(await details.innerText()).toContain('Sara')
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    // Focus goes back to the day that opened the modal.
    expect(await page.evaluate((wanted) => document.activeElement?.matches(wanted), dayButton)).toBe(true)
    await close()
  })
})
