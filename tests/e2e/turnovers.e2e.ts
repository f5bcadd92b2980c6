import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { addDays } from '../../src/domain/dates.ts'
import { todayIn } from '../../src/domain/timeZones.ts'
import { launchBrowser, overflows, PHONE, screenshot, tabTo, WIDE } from './browser.ts'
import { addProperty } from './hostData.ts'
import { registerAccount, startServer, type RunningServer } from './server.ts'

// A host with two properties reads the cleanings of today and of the week, at 1280 and 390 px,
// in both languages, and finds today's on the dashboard.
const HOST = { email: 'huda.host@example.com', password: 'Huda-Pass-2026!' }

let server: RunningServer
let browser: Browser
let context: BrowserContext
let today: string
const day = (offset: number) => addDays(today, offset)

async function addStay(propertyId: string, start: string, end: string, guestName: string) {
  const added = await context.request.post(`${server.url}/api/property/${propertyId}/stay`, {
    data: { start, end, kind: 'booking', guestName },
    headers: { origin: server.url },
  })
  expect(added.status()).toBe(201)
}

beforeAll(async () => {
  server = await startServer()
  await registerAccount(server, HOST)
  browser = await launchBrowser()
  context = await browser.newContext({ viewport: WIDE })
  const login = await context.request.post(`${server.url}/api/auth/login`, {
    data: HOST,
    headers: { origin: server.url },
  })
  expect(login.status()).toBe(200)
  const villa = await addProperty(context, server.url, { name: 'Villa Nakheel' })
  const loft = await addProperty(context, server.url, { name: 'Palm Loft' })
  const listed = await context.request.get(`${server.url}/api/property/list`)
  const [first] = (await listed.json()) as { timeZone: string }[]
  // The screen's today is the properties' own, not this machine's.
  today = todayIn(first!.timeZone)
  // Villa Nakheel: a guest leaves today and the next arrives the same day; that one leaves in
  // three days with no one after. Palm Loft: a guest leaves tomorrow, the next arrives 3 nights later.
  await addStay(villa, day(-2), day(0), 'Amal Saeed')
  await addStay(villa, day(0), day(3), 'Faisal Omar')
  await addStay(loft, day(-1), day(1), 'Lina Haddad')
  await addStay(loft, day(4), day(6), 'Yousef Nasser')
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function pageAt(width: 'wide' | 'phone', language: 'en' | 'ar'): Promise<Page> {
  const shots = await browser.newContext({
    viewport: width === 'wide' ? WIDE : PHONE,
    storageState: await context.storageState(),
  })
  await shots.addInitScript((lang) => localStorage.setItem('manzil.language', lang), language)
  return shots.newPage()
}

describe('the Turnovers screen', () => {
  it('flags today’s same-day turnover, and follows the window and the property chosen', async () => {
    const page = await pageAt('wide', 'en')
    await page.goto(`${server.url}/dashboard`)
    await page.getByRole('link', { name: 'Turnovers' }).click()
    const rows = page.locator('[data-testid="turnover-row"]:visible')
    await rows.first().waitFor()
    expect(await rows.count()).toBe(1)
    await expect.poll(() => rows.first().innerText()).toContain('Same-day turnover')
    expect(await rows.first().innerText()).toContain('Villa Nakheel')

    // By keyboard: the week.
    await tabTo(page, '[data-testid="turnover-window"] button:nth-child(3)')
    await page.keyboard.press('Enter')
    await expect.poll(() => rows.count()).toBe(4)
    expect(page.url()).toContain('window=week')
    expect(await page.locator('[data-testid="turnover-day"]').count()).toBe(4)
    expect(await page.getByTestId('no-next').filter({ visible: true }).count()).toBe(2)
    await expect.poll(() => page.locator('body').innerText()).toContain('3 nights free')
    await screenshot(page, 'turnovers-desktop-en')

    await page.getByTestId('turnover-property').selectOption({ label: 'Palm Loft' })
    await expect.poll(() => rows.count()).toBe(2)
    expect(page.url()).toMatch(/window=week&property=/)
    // The address keeps the choice through a reload.
    await page.reload()
    await rows.first().waitFor()
    expect(await rows.count()).toBe(2)
    expect(await page.getByTestId('turnover-property').inputValue()).not.toBe('all')

    // Each cleaning opens its stay on the calendar.
    await rows.first().getByRole('link').click()
    await page.waitForURL(/\/calendar\?stay=/)
    await page.context().close()
  })

  it.each(['en', 'ar'] as const)(
    'in %s, shows the week as cards on a phone and a table on a wide screen',
    async (language) => {
      const wide = await pageAt('wide', language)
      await wide.goto(`${server.url}/turnovers?window=week`)
      await wide.locator('[data-testid="turnover-row"]:visible').first().waitFor()
      expect(await overflows(wide)).toBe(false)
      if (language === 'ar') await screenshot(wide, 'turnovers-desktop-ar')
      await wide.context().close()

      const phone = await pageAt('phone', language)
      await phone.goto(`${server.url}/turnovers?window=week`)
      const cards = phone.locator('[data-testid="turnover-card"]:visible')
      await cards.first().waitFor()
      expect(await cards.count()).toBe(4)
      expect(await phone.locator('[data-testid="turnover-row"]:visible').count()).toBe(0)
      expect(await overflows(phone)).toBe(false)
      await screenshot(phone, `turnovers-phone-${language}`, { fullPage: true })
      await phone.context().close()
    },
  )

  it('prints the day sheet as a table without the app around it', async () => {
    const page = await pageAt('phone', 'en')
    await page.goto(`${server.url}/turnovers?window=week`)
    await page.locator('[data-testid="turnover-card"]:visible').first().waitFor()
    await page.emulateMedia({ media: 'print' })
    expect(await page.locator('[data-testid="turnover-row"]:visible').count()).toBe(4)
    expect(await page.locator('[data-testid="turnover-card"]:visible').count()).toBe(0)
    expect(await page.getByTestId('mobile-top-bar').isVisible()).toBe(false)
    expect(await page.getByTestId('turnover-print').isVisible()).toBe(false)
    await page.context().close()
  })

  it.each([
    ['en', 'Today: 1 check-out, 1 same-day'],
    ['ar', 'اليوم: مغادرة واحدة، ١ في اليوم نفسه'],
  ] as const)('in %s, the dashboard says "%s" and links to the screen', async (language, text) => {
    const page = await pageAt('wide', language)
    await page.goto(`${server.url}/dashboard`)
    const line = page.getByTestId('turnovers-today')
    await expect.poll(() => line.innerText()).toBe(text)
    await screenshot(page, `turnovers-dashboard-${language}`)
    await line.click()
    await page.waitForURL(/\/turnovers$/)
    await page.context().close()
  })
})
