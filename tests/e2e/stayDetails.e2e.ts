import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { addDays, localToday } from '../../src/domain/dates.ts'
import { calendarOf, startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { DESKTOP, launchBrowser, screenshot, signedInPage } from './browser.ts'
import { addProperty, untilLinksRead } from './hostData.ts'
import { registerAccount, startServer, type RunningServer } from './server.ts'

const HOST = { email: 'reem.host@example.com', password: 'Reem-Pass-2026!' }
const today = localToday()
const day = (offset: number) => addDays(today, offset)
const AIRBNB = '/airbnb/villa-rawdah.ics'
const VRBO = '/vrbo/villa-rawdah.ics'
// Never served: Booking.com's link of the loft fails with the feed server's 404.
const BOOKING = '/booking/missing.ics'

// Airbnb's export as it is: an unnamed "Reserved" whose DESCRIPTION has the link and the phone.
const airbnbFeed = calendarOf([
  { uid: 'hmq4@airbnb.com', start: day(-1), end: day(3), summary: 'Reserved' },
]).replace(
  'SUMMARY:Reserved\r\n',
  'SUMMARY:Reserved\r\nDESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/deta\r\n ils/HMQ4XK2Z9P\\nPhone Number (Last 4 Digits): 4821\r\n',
)
// Vrbo sold two of the same nights: a conflict on both.
const vrboFeed = calendarOf([
  { uid: 'layla@vrbo.com', start: day(0), end: day(4), summary: 'Reserved - Layla Haddad' },
])

let feeds: FeedServer
let server: RunningServer
let browser: Browser
let context: BrowserContext

const post = (path: string, data: unknown) =>
  context.request.post(`${server.url}${path}`, { data, headers: { origin: server.url } })

beforeAll(async () => {
  feeds = await startFeedServer()
  feeds.serve(AIRBNB, airbnbFeed)
  feeds.serve(VRBO, vrboFeed)
  server = await startServer({ SYNC_ALLOW_HOSTS: '127.0.0.1' })
  await registerAccount(server, HOST)
  browser = await launchBrowser()
  context = await browser.newContext({ viewport: DESKTOP })
  expect((await post('/api/auth/login', HOST)).status()).toBe(200)
  await addProperty(context, server.url, {
    name: 'Villa Rawdah',
    costPerNight: 900,
    links: [
      { platformName: 'Airbnb', urlPath: feeds.url(AIRBNB) },
      { platformName: 'Vrbo', urlPath: feeds.url(VRBO) },
    ],
  })
  await addProperty(context, server.url, {
    name: 'Desert Loft',
    costPerNight: 650,
    links: [{ platformName: 'Booking.com', urlPath: feeds.url(BOOKING) }],
  })
  const flat = await addProperty(context, server.url, { name: 'Corniche Flat', costPerNight: 400 })
  const stay = await post(`/api/property/${flat}/stay`, {
    start: day(0),
    end: day(2),
    kind: 'booking',
    guestName: 'Huda Al-Harbi',
    note: 'Paid in cash\nLate check-in',
  })
  expect(stay.status()).toBe(201)
  // Two links sync, one fails.
  await untilLinksRead(context, server.url)
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await server?.stop()
  await feeds?.close()
})

/** Opens today's stays from the side panel's month calendar (the one a phone shows too). */
async function openToday(page: Page) {
  await page.getByTestId('month-calendar').locator(`[data-day="${today}"]`).click()
  const modal = page.getByTestId('bookings-modal')
  await modal.waitFor()
  return modal
}

/** The page's content is no wider than the screen. */
const fitsTheScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)

describe('stay details and sync health in the browser', () => {
  it.each([
    ['desktop', 'en'],
    ['desktop', 'ar'],
    ['mobile', 'en'],
    ['mobile', 'ar'],
  ] as const)('shows the strip and a stay’s details on %s in %s', async (device, language) => {
    const { shots, page } = await signedInPage(browser, context, device, language)
    const name = (screen: string) => `${screen}-${device}-${language}`
    await page.goto(`${server.url}/calendar`)
    const strip = page.getByTestId('sync-health')
    const summary = strip.getByTestId('sync-health-summary')
    await summary.filter({ hasText: language === 'en' ? '3 properties' : '٣ عقارات' }).waitFor()
    if (language === 'en')
      expect((await summary.innerText()).replace(/\s+/g, ' ')).toBe('3 properties · 3 feeds · 1 failing')
    expect(await strip.getByTestId('sync-now').isVisible()).toBe(true)

    // Wide screens start unfolded; a phone shows one line until it is unfolded.
    const feedLines = strip.getByTestId('sync-health-feed')
    if (device === 'mobile') {
      expect(await feedLines.count()).toBe(0)
      await screenshot(page, name('sync-health'))
      // One row, as high as Sync now: the calendar starts right under it.
      expect((await strip.boundingBox())!.height).toBeLessThan(72)
      await strip.getByRole('button', { expanded: false }).click()
    }
    await feedLines.first().waitFor()
    expect(await feedLines.count()).toBe(3)
    expect(await strip.locator('[data-state="failing"]').count()).toBe(1)
    if (language === 'en')
      expect(await strip.getByTestId('sync-health-reason').innerText()).toBe(
        "The calendar's server refused the request",
      )
    expect(await fitsTheScreen(page)).toBe(true)
    await screenshot(page, name(device === 'mobile' ? 'sync-health-unfolded' : 'sync-health'))

    const modal = await openToday(page)
    const stays = modal.getByTestId('booking-details')
    await expect.poll(() => stays.count()).toBe(3)
    const airbnb = stays.filter({ hasText: 'Airbnb' }).first()
    await airbnb.getByRole('button', { expanded: false }).click()
    const link = airbnb.getByRole('link')
    expect(await link.getAttribute('href')).toBe(
      'https://www.airbnb.com/hosting/reservations/details/HMQ4XK2Z9P',
    )
    expect(await link.getAttribute('target')).toBe('_blank')
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(await airbnb.getByTestId('stay-phone').innerText()).toContain('4821')
    expect(await airbnb.getByTestId('stay-conflicts').innerText()).toContain('Layla Haddad')
    if (language === 'en') {
      expect(await airbnb.getByTestId('stay-nights').innerText()).toBe('4 nights')
      expect((await airbnb.getByTestId('stay-total').innerText()).replace(/\s/g, ' ')).toBe('SAR 3,600')
      expect(await airbnb.getByTestId('stay-feed').innerText()).toContain('Airbnb')
    }
    await airbnb.scrollIntoViewIfNeeded()
    await screenshot(page, name('stay-details'))

    // The manual stay keeps its note and its buttons.
    const manual = modal.locator('[data-manual]')
    expect(await manual.innerText()).toContain('Paid in cash')
    expect(await manual.getByRole('button', { expanded: false }).count()).toBe(1)
    await page.keyboard.press('Escape')
    await modal.waitFor({ state: 'detached' })
    await shots.close()
  })
})
