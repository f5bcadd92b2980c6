import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { addDays, localToday } from '../../src/domain/dates.ts'
import { until } from '../reliability/slowHelpers.ts'
import { calendarOf, startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { PHONE, launchBrowser, screenshot, WIDE } from './browser.ts'
import { addProperty, untilLinksRead } from './hostData.ts'
import { registerAccount, startServer, type RunningServer } from './server.ts'

const HOST = { email: 'nadia.host@example.com', password: 'Nadia-Pass-2026!' }
const today = localToday()
const day = (offset: number) => addDays(today, offset)
const AIRBNB = '/airbnb/villa-nakheel.ics'

// Airbnb's export as it is: the reservation link (its code) and the phone's last digits.
const withDescription = (feed: string, summary: string, code: string, phone: string) =>
  feed.replace(
    `SUMMARY:${summary}\r\n`,
    `SUMMARY:${summary}\r\nDESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/${code}\\nPhone Number (Last 4 Digits): ${phone}\r\n`,
  )
const SARA = { uid: 'sara@airbnb.com', start: day(3), end: day(6), summary: 'Reserved - Sara Al-Qahtani' }
// Sold later, on nights the host had entered by hand: a new booking and a double booking.
const LAYLA = { uid: 'layla@airbnb.com', start: day(40), end: day(44), summary: 'Reserved - Layla Haddad' }

let feeds: FeedServer
let server: RunningServer
let browser: Browser
let context: BrowserContext

const api = (path: string) => `${server.url}/api${path}`
type Notice = { id: string; data: { kind?: string; stay?: { id?: string }; other?: { id?: string } } }
const notices = async () => (await (await context.request.get(api('/notification/list'))).json()) as Notice[]

beforeAll(async () => {
  feeds = await startFeedServer()
  feeds.serve(AIRBNB, withDescription(calendarOf([SARA]), SARA.summary, 'HMSARA42QK', '4821'))
  server = await startServer({ SYNC_ALLOW_HOSTS: '127.0.0.1' })
  await registerAccount(server, HOST)
  browser = await launchBrowser()
  context = await browser.newContext({ viewport: WIDE })
  const login = await context.request.post(api('/auth/login'), {
    data: HOST,
    headers: { origin: server.url },
  })
  expect(login.status()).toBe(200)
  const villa = await addProperty(context, server.url, {
    name: 'Villa Nakheel',
    costPerNight: 800,
    links: [{ platformName: 'Airbnb', urlPath: feeds.url(AIRBNB) }],
  })
  await untilLinksRead(context, server.url)
  const manual = await context.request.post(api(`/property/${villa}/stay`), {
    data: {
      start: day(42),
      end: day(45),
      kind: 'booking',
      guestName: 'Huda Al-Harbi',
      price: { per: 'stay', amount: 2500 },
    },
    headers: { origin: server.url },
  })
  expect(manual.status()).toBe(201)
  feeds.serve(
    AIRBNB,
    withDescription(calendarOf([SARA, LAYLA]), SARA.summary, 'HMSARA42QK', '4821').replace(
      `SUMMARY:${LAYLA.summary}\r\n`,
      `SUMMARY:${LAYLA.summary}\r\nDESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMLAYLA7P\\nPhone Number (Last 4 Digits): 9063\r\n`,
    ),
  )
  const synced = await context.request.post(api('/notification/trigger'), { headers: { origin: server.url } })
  expect(synced.status()).toBe(200)
  await until(async () => {
    const kinds = (await notices()).map((notice) => notice.data.kind)
    return kinds.includes('new') && kinds.includes('conflict')
  }, 30_000)
}, 120_000)

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await server?.stop()
  await feeds?.close()
})

async function pageAt(viewport: { width: number; height: number }, language: 'en' | 'ar') {
  const shots = await browser.newContext({ viewport, storageState: await context.storageState() })
  await shots.addInitScript((lang) => localStorage.setItem('manzil.language', lang), language)
  return { shots, page: await shots.newPage() }
}

/** Tab until the focus is on what `matches` says, as a keyboard user would; how many presses. */
async function tabTo(page: Page, matches: string, most = 60) {
  for (let presses = 1; presses <= most; presses++) {
    await page.keyboard.press('Tab')
    if (await page.evaluate((selector) => document.activeElement?.matches(selector) ?? false, matches))
      return presses
  }
  throw new Error(`Tab never reached ${matches}`)
}

const details = (page: Page) => page.getByTestId('stay-details-dialog')

describe('stays opened from a notification or a search', () => {
  it('opens a new booking’s stay from its notification by keyboard only; a reload keeps it, Back closes it', async () => {
    const { shots, page } = await pageAt(WIDE, 'en')
    await page.goto(`${server.url}/calendar`)
    await page.getByTestId('calendar-grid').waitFor()
    await tabTo(page, '[data-testid="bell"]')
    await page.keyboard.press('Enter')
    await page.getByTestId('notification-list').waitFor()
    await tabTo(page, '[data-testid="notification"][data-kind="new"] a')
    await page.keyboard.press('Enter')
    const dialog = details(page)
    await dialog.getByRole('heading', { name: 'Layla Haddad' }).waitFor()
    const layla = (await notices()).find((notice) => notice.data.kind === 'new')!.data.stay!.id!
    expect(new URL(page.url()).searchParams.getAll('stay')).toEqual([layla])
    // The calendar behind it is the month of the check-in.
    expect(new URL(page.url()).searchParams.get('month') ?? today.slice(0, 7)).toBe(day(40).slice(0, 7))
    expect(await page.getByTestId('notifications-panel').count()).toBe(0)
    expect(await dialog.getByTestId('stay-reservation').innerText()).toContain('HMLAYLA7P')
    expect(await dialog.getByTestId('stay-feed').innerText()).not.toContain('127.0.0.1')

    await page.reload()
    await details(page).getByRole('heading', { name: 'Layla Haddad' }).waitFor()
    await page.goBack()
    await details(page).waitFor({ state: 'detached' })
    expect(new URL(page.url()).pathname).toBe('/calendar')
    expect(new URL(page.url()).searchParams.has('stay')).toBe(false)
    await shots.close()
  })

  it.each([
    [WIDE, 'en'],
    [WIDE, 'ar'],
    [PHONE, 'en'],
    [PHONE, 'ar'],
  ] as const)(
    'opens both stays of a double booking from its notification (%o, %s)',
    async (viewport, language) => {
      const { shots, page } = await pageAt(viewport, language)
      await page.goto(`${server.url}/dashboard`)
      await page.getByTestId('bell').click()
      await page.locator('[data-testid="notification"][data-kind="conflict"] a').click()
      const dialog = details(page)
      await expect.poll(() => dialog.getByTestId('stay-details').count(), { timeout: 15_000 }).toBe(2)
      await page.waitForURL(/\/calendar\?/)
      expect(new URL(page.url()).searchParams.getAll('stay')).toHaveLength(2)
      const manual = dialog.locator('[data-testid="stay-details"][data-manual]')
      if (language === 'en') {
        expect(await dialog.getByRole('heading').first().innerText()).toBe('Double booking')
        expect(await manual.getByTestId('conflict-hint').innerText()).toContain(
          'You entered this stay by hand',
        )
        expect((await manual.getByTestId('stay-total').innerText()).replace(/\s/g, ' ')).toBe('SAR 2,500')
      }
      await screenshot(page, `stay-from-notification-${viewport.width}-${language}`)
      await shots.close()
    },
  )

  it.each([
    [WIDE, 'en'],
    [WIDE, 'ar'],
    [PHONE, 'en'],
    [PHONE, 'ar'],
  ] as const)('finds a stay by its reservation code and opens it (%o, %s)', async (viewport, language) => {
    const { shots, page } = await pageAt(viewport, language)
    // A phone's search box is the properties page's own.
    await page.goto(`${server.url}${viewport === PHONE ? '/properties' : '/dashboard'}`)
    const box = page.getByTestId(viewport === PHONE ? 'properties-search' : 'global-search')
    await box.fill('sara42')
    const results = page.getByTestId('stay-search-results')
    const result = results.getByTestId('stay-search-result')
    await expect.poll(() => result.count(), { timeout: 15_000 }).toBe(1)
    expect(await result.innerText()).toContain('HMSARA42QK')
    await screenshot(page, `stay-search-${viewport.width}-${language}`)
    // The phone's last digits find the same stay; the keyboard opens it.
    await box.fill('4821')
    await results.filter({ hasText: '4821' }).waitFor()
    await box.focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    const dialog = details(page)
    await dialog.getByTestId('stay-details').waitFor()
    expect(await dialog.innerText()).toContain('Sara Al-Qahtani')
    await shots.close()
  })
})
