import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { Exposure } from '../../contract/imports.ts'
import { addDays, localToday } from '../../src/domain/dates.ts'
import { calendarOf, startFeedServer } from '../fixtures/feedServer.ts'
import {
  launchBrowser,
  overflows,
  screenshot,
  signedInPage,
  signInThroughForm,
  tabTo,
  violations,
} from './browser.ts'
import { addProperty, untilLinksRead } from './hostData.ts'
import { registerAccount, startServer, type RunningServer } from './server.ts'

// A host whose Dune House is on Airbnb and Booking.com: Booking.com imports its link, then a
// guest books three nights on Airbnb, which Booking.com has not been served yet.
const HOST = { email: 'huda.host@example.com', password: 'Huda-Pass-2026!' }
const SALE = { start: addDays(localToday(), 3), end: addDays(localToday(), 6) }
const MONTH = SALE.start.slice(0, 7)

let server: RunningServer
let feeds: Awaited<ReturnType<typeof startFeedServer>>
let browser: Browser
let context: BrowserContext
let page: Page
let propertyId: string

const TEXTS = {
  en: { mark: 'Not yet on Booking.com', closed: 'You closed them · waiting for Booking.com to import' },
  ar: { mark: 'لم تُغلق بعد على Booking.com', closed: 'أغلقتها بنفسك · بانتظار استيراد Booking.com' },
} as const

const STRIP_TEXTS = {
  en: { never: 'Airbnb has never imported this link', step: 'Paste this link, name it Manzil' },
  ar: { never: 'لم تستورد Airbnb هذا الرابط قط', step: 'الصق هذا الرابط وسمِّه «منزل»' },
} as const

const exposure = async () => (await (await page.request.get(`${server.url}/api/exposure`)).json()) as Exposure

/** Booking.com reads the availability link Manzil gives it, as its import does. */
async function bookingComImports() {
  const links = (await (
    await page.request.get(`${server.url}/api/property/${propertyId}/calendar/internal`)
  ).json()) as { platforms: { platformName: string; url: string }[] }
  const link = links.platforms.find((feed) => feed.platformName === 'Booking.com')!
  expect((await page.request.get(link.url, { headers: { 'user-agent': 'Booking.com' } })).status()).toBe(200)
}

beforeAll(async () => {
  feeds = await startFeedServer()
  feeds.serve('/airbnb.ics', calendarOf([]))
  feeds.serve('/booking.ics', calendarOf([]))
  server = await startServer({ SYNC_ALLOW_HOSTS: '127.0.0.1' })
  browser = await launchBrowser()
  context = await browser.newContext({ viewport: { width: 1366, height: 860 } })
  page = await context.newPage()
  await registerAccount(server, HOST)
  await signInThroughForm(page, server.url, HOST)
  propertyId = await addProperty(context, server.url, {
    name: 'Dune House',
    links: [
      { platformName: 'Airbnb', urlPath: feeds.url('/airbnb.ics') },
      { platformName: 'Booking.com', urlPath: feeds.url('/booking.ics') },
    ],
  })
  await untilLinksRead(context, server.url)
  await bookingComImports()
  feeds.serve(
    '/airbnb.ics',
    calendarOf([{ uid: 'sale@airbnb.com', ...SALE, summary: 'Reserved - Reem Saleh' }]),
  )
  await page.request.post(`${server.url}/api/notification/trigger`, { headers: { origin: server.url } })
  // The sale read, and Booking.com's import written down (its fetches are written every 2 s).
  await vi.waitFor(
    async () => {
      const { nightsAtRisk, properties } = await exposure()
      const bookingCom = properties[0]?.platforms.find((feed) => feed.platformName === 'Booking.com')
      if (nightsAtRisk !== 3 || !bookingCom?.lastFetchedAt) throw new Error('the sale is not read yet')
    },
    { timeout: 20_000, interval: 250 },
  )
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await server?.stop()
  await feeds?.close()
})

describe('nights at risk on the calendar', () => {
  it('marks a sale on Airbnb "not yet on Booking.com" on the month and the timeline, in English and Arabic, wide and on a phone', async () => {
    for (const language of ['en', 'ar'] as const) {
      for (const device of ['desktop', 'mobile'] as const) {
        const { shots, page: shot } = await signedInPage(browser, context, device, language)
        await shot.goto(`${server.url}/calendar?month=${MONTH}`)
        const calendar = shot.getByTestId(device === 'desktop' ? 'calendar-grid' : 'month-calendar')
        const mark = calendar.getByTestId('at-risk-mark').first()
        await expect.poll(() => mark.innerText()).toBe(TEXTS[language].mark)
        expect(await mark.getAttribute('data-platform')).toBe('Booking.com')
        expect(await overflows(shot)).toBe(false)
        const suffix = device === 'desktop' ? language : `phone-${language}`
        await mark.scrollIntoViewIfNeeded()
        await screenshot(shot, `calendar-at-risk-${suffix}`)
        await mark.click()
        const dialog = shot.getByTestId('at-risk-dialog')
        await dialog.getByTestId('at-risk-close-steps').waitFor()
        await screenshot(shot, `calendar-at-risk-dialog-${suffix}`)
        await shot.keyboard.press('Escape')
        await dialog.waitFor({ state: 'detached' })
        if (device === 'desktop') {
          await shot.goto(`${server.url}/calendar?view=timeline&start=${SALE.start}`)
          const row = shot.getByTestId('timeline-row').filter({ hasText: 'Dune House' })
          await expect.poll(() => row.getByTestId('at-risk-mark').innerText()).toBe(TEXTS[language].mark)
          await screenshot(shot, `calendar-at-risk-timeline-${language}`)
        }
        await shots.close()
      }
    }
  })

  it("lists a day's nights at risk past the month's lanes in a dialog axe passes, in English and Arabic", async () => {
    // Five platforms missing the same nights, more than the month's three lanes hold: the server's
    // own answer, its Booking.com line copied under four more platforms' names.
    const real = await exposure()
    const dune = real.properties[0]!
    const missing = dune.platforms.find((feed) => feed.platformName === 'Booking.com')!
    const platforms = ['Booking.com', 'Vrbo', 'Gathern', 'Agoda', 'Expedia'].map((platformName) => ({
      ...missing,
      platformName,
    }))
    const crowded: Exposure = { ...real, properties: [{ ...dune, platforms }] }
    for (const [language, more] of [
      ['en', '+ 2 more'],
      ['ar', '+ ٢ أخرى'],
    ] as const) {
      const { shots, page: shot } = await signedInPage(browser, context, 'desktop', language)
      await shot.route('**/api/exposure', (route) => route.fulfill({ json: crowded }))
      await shot.goto(`${server.url}/calendar?month=${MONTH}`)
      const counted = shot.getByTestId('calendar-grid').getByTestId('more-at-risk').first()
      await expect.poll(() => counted.innerText()).toBe(more)
      await counted.click()
      const dialog = shot.getByTestId('day-marks-dialog')
      await dialog.waitFor()
      expect(await dialog.getByTestId('at-risk-mark').count()).toBe(platforms.length)
      expect(await violations(shot)).toEqual([])
      await screenshot(shot, `calendar-at-risk-day-${language}`)
      await shots.close()
    }
  })

  it('folds the steps to paste a link Airbnb never imported under its line in the sync health strip, opened from the keyboard, at 390 px and 1280 px', async () => {
    for (const language of ['en', 'ar'] as const) {
      for (const device of ['mobile', 'wide'] as const) {
        const { shots, page: shot } = await signedInPage(browser, context, device, language)
        await shot.goto(`${server.url}/calendar?month=${MONTH}`)
        const strip = shot.getByTestId('sync-health')
        // A phone's strip starts folded to one line.
        if (device === 'mobile') await strip.getByRole('button', { expanded: false }).click()
        const imports = strip.getByTestId('sync-health-imports')
        const never = imports.locator('[data-testid="import-status"][data-state="never"]')
        await expect.poll(() => never.innerText()).toBe(STRIP_TEXTS[language].never)
        const howTo = imports.getByTestId('import-how-to')
        expect(await howTo.getAttribute('open')).toBeNull()
        await tabTo(shot, '[data-testid="sync-health-imports"] summary')
        await shot.keyboard.press('Enter')
        await expect.poll(() => howTo.getAttribute('open')).toBe('')
        const lastStep = howTo.locator('li').last()
        expect(await lastStep.innerText()).toContain(STRIP_TEXTS[language].step)
        await lastStep.scrollIntoViewIfNeeded()
        // The steps are read inside the strip's scrolling list, not cut off by it.
        const list = (await imports.locator('xpath=ancestor::ul[1]').boundingBox())!
        const step = (await lastStep.boundingBox())!
        expect(step.y).toBeGreaterThanOrEqual(list.y - 1)
        expect(step.y + step.height).toBeLessThanOrEqual(list.y + list.height + 1)
        expect(await overflows(shot)).toBe(false)
        await screenshot(
          shot,
          `calendar-sync-health-how-to-${device === 'mobile' ? 'phone' : 'wide'}-${language}`,
        )
        await shot.keyboard.press('Enter')
        await expect.poll(() => howTo.getAttribute('open')).toBeNull()
        await shots.close()
      }
    }
  })

  it('keeps the mark, acknowledged, once the host closed the nights, until Booking.com imports them', async () => {
    await page.goto(`${server.url}/calendar?month=${MONTH}`)
    const grid = page.getByTestId('calendar-grid')
    await grid.getByTestId('at-risk-mark').first().click()
    const dialog = page.getByTestId('at-risk-dialog')
    await dialog.getByRole('button', { name: 'I closed them' }).click()
    await page.getByTestId('confirm-acknowledge-at-risk').click()
    await expect.poll(() => grid.getByTestId('at-risk-mark').first().innerText()).toBe(TEXTS.en.closed)
    expect(await grid.getByTestId('at-risk-mark').first().getAttribute('data-acknowledged')).toBe('true')
    await page.keyboard.press('Escape')

    await bookingComImports()
    await page.reload()
    await page.getByTestId('calendar-grid').waitFor()
    await expect.poll(async () => (await exposure()).nightsAtRisk).toBe(0)
    await expect.poll(() => page.getByTestId('at-risk-mark').count()).toBe(0)
  })
})
