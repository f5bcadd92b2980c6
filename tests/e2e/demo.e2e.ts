import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DEMO_HOST } from '../../scripts/demoData.ts'
import { chooseLanguage, DESKTOP, launchBrowser, PHONE, screenshot } from './browser.ts'
import { startServer, type RunningServer } from './server.ts'

const demoDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-demo-'))
let started: number
let demo: RunningServer
let browser: Browser
let page: Page
let phone: Page

beforeAll(async () => {
  started = Date.now()
  demo = await startServer({ DEMO_DATA_DIR: demoDataDir }, 'scripts/demo.ts')
  // Listening comes before the seed; the banner with the accounts comes after it.
  for (let waited = 0; !demo.logs().includes('Manzil demo is running'); waited += 200) {
    if (waited > 30_000) throw new Error(`the demo did not finish seeding:\n${demo.logs()}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  browser = await launchBrowser()
  page = await (await browser.newContext({ viewport: DESKTOP })).newPage()
  // The same host on a phone, open before the first live booking.
  const phoneWindow = await browser.newContext({ viewport: PHONE })
  const signedIn = await phoneWindow.request.post(`${demo.url}/api/auth/login`, {
    data: { email: DEMO_HOST.email, password: DEMO_HOST.password },
    headers: { origin: demo.url },
  })
  expect(signedIn.status()).toBe(200)
  phone = await phoneWindow.newPage()
  await phone.goto(`${demo.url}/dashboard`)
  await phone.getByTestId('stat-value').first().waitFor()
})

afterAll(async () => {
  await browser?.close()
  await demo?.stop()
  fs.rmSync(demoDataDir, { recursive: true, force: true })
})

describe('npm run demo', () => {
  it('prints the demo accounts', () => {
    expect(demo.logs()).toContain(DEMO_HOST.email)
    expect(demo.logs()).toContain(DEMO_HOST.password)
  })

  it('shows the host a year of figures, the calendar and a live booking within a minute', async () => {
    await page.goto(`${demo.url}/login`)
    await page.getByLabel(/e-mail/i).fill(DEMO_HOST.email)
    await page.getByLabel(/^password/i).fill(DEMO_HOST.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(/\/dashboard$/, { timeout: 15_000 })

    const values = page.getByTestId('stat-value')
    await expect.poll(() => values.allInnerTexts()).toHaveLength(5)
    const [revenue, properties, connections] = await values.allInnerTexts()
    expect(revenue).toMatch(/^SAR\s[1-9]/)
    expect(properties).toBe('3')
    expect(connections).toBe('6')
    // Twelve months of history: every bar of the revenue chart has a height.
    await expect.poll(() => page.getByTestId('revenue-bar').count()).toBe(12)
    const heights = await page
      .getByTestId('revenue-bar')
      .locator('rect')
      .evaluateAll((rects) => rects.map((rect) => Number(rect.getAttribute('height'))))
    expect(heights).toHaveLength(12)
    expect(heights.every((height) => height > 0)).toBe(true)
    await page.getByTestId('property-card').first().locator('img').first().waitFor()

    // The feeds gain a booking 20 s after start; it arrives live, without a reload.
    const bell = page.getByRole('button', { name: /unread notification/ })
    await bell.waitFor({ timeout: Math.max(5_000, started + 60_000 - Date.now()) })
    // Its toast comes out below the top bar, on the desktop and on the phone: over the bar, it
    // covered the menu, the bell and the user button for as long as it was up.
    for (const [shown, bar] of [
      [page, 'desktop-header'],
      [phone, 'mobile-top-bar'],
    ] as const) {
      const toast = shown.getByRole('status').filter({ has: shown.getByTestId('news-toast') })
      await toast.waitFor()
      const [toastBox, barBox] = await Promise.all([
        toast.boundingBox(),
        shown.getByTestId(bar).boundingBox(),
      ])
      expect(toastBox!.y).toBeGreaterThanOrEqual(barBox!.y + barBox!.height)
    }
    await screenshot(phone, 'demo-live-booking-mobile-en')
    for (const language of ['en', 'ar'] as const) {
      await chooseLanguage(page, language)
      await page.getByTestId('desktop-header').getByTestId('bell').click()
      await page.getByTestId('notification').first().waitFor()
      await screenshot(page, `demo-dashboard-desktop-${language}`)
      await page.keyboard.press('Escape')
      await page.getByTestId('notifications-panel').waitFor({ state: 'detached' })
    }
    await chooseLanguage(page, 'en')

    await page.goto(`${demo.url}/calendar`)
    const events = page.getByTestId('calendar-grid').getByTestId('event-bar')
    await events.first().waitFor()
    expect(await events.count()).toBeGreaterThan(5)
    // Tonight is sold on Airbnb and on Booking.com at the Corniche: the stays in progress show it.
    expect(await page.getByTestId('current-stays').locator('[data-conflict]').count()).toBe(2)
    expect(Date.now() - started).toBeLessThan(60_000)
  })
})
