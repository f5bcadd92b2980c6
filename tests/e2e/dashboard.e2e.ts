import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { addDays, localToday } from '../../src/domain/dates.ts'
import { thisMonth } from '../../src/domain/dateRange.ts'
import { calendarOf, startFeedServer } from '../fixtures/feedServer.ts'
import {
  errorAt,
  launchBrowser,
  overflows,
  screenshot,
  signedInPage,
  signInThroughForm,
  WIDE,
} from './browser.ts'
import { registerAccount, startServer, type RunningServer } from './server.ts'

const HOST = { email: 'noura@example.com', password: 'Noura-Pass-2026!' }
/** The dashboard is checked at 1280 px as well as on a 390 px phone. */

let server: RunningServer
let feeds: Awaited<ReturnType<typeof startFeedServer>>
let browser: Browser
let context: BrowserContext
let page: Page

const TEXTS = {
  en: {
    start: /^Start date: /,
    end: /^End date: /,
    previous: 'Previous month',
    next: 'Next month',
    startAfterEnd: 'The start date is after the end date.',
  },
  ar: {
    start: /^تاريخ البداية: /,
    end: /^تاريخ النهاية: /,
    previous: 'الشهر السابق',
    next: 'الشهر التالي',
    startAfterEnd: 'تاريخ البداية بعد تاريخ النهاية.',
  },
} as const

/** "Thursday, 1 October 2026": how a picker's day is named in English. */
const dayName = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  )
const numeric = (date: string) => date.split('-').reverse().join('/')

const api = {
  post: (path: string, multipart: Record<string, string>) =>
    page.request.post(`${server.url}/api${path}`, { headers: { origin: server.url }, multipart }),
  properties: async () =>
    (await page.request.get(`${server.url}/api/property/list`)).json() as Promise<
      { name: string; externalCalendars: { lastSyncedAt: string | null; lastError: string | null }[] }[]
    >,
}

/** Opens a picker, moves its month grid `months` back (negative) or forward, and picks a day there. */
async function pickDay(
  target: Page,
  language: 'en' | 'ar',
  field: 'start' | 'end',
  months: number,
  day: number,
) {
  await target.getByRole('button', { name: TEXTS[language][field] }).click()
  const panel = target.getByTestId(`${field}-date-panel`)
  for (let step = 0; step < Math.abs(months); step++)
    await panel
      .getByRole('button', { name: months < 0 ? TEXTS[language].previous : TEXTS[language].next })
      .click()
  await panel
    .getByRole('gridcell')
    .nth(day - 1)
    .click()
}

beforeAll(async () => {
  feeds = await startFeedServer()
  const today = localToday()
  feeds.serve(
    '/airbnb.ics',
    calendarOf([{ uid: 'stay-1', start: today, end: addDays(today, 3), summary: 'Reserved - Sara' }]),
  )
  feeds.serve('/booking.ics', calendarOf([]))
  server = await startServer({ SYNC_ALLOW_HOSTS: '127.0.0.1' })
  browser = await launchBrowser()
  context = await browser.newContext({ viewport: WIDE })
  page = await context.newPage()
  await registerAccount(server, HOST)
  await signInThroughForm(page, server.url, HOST)
  // Palm Villa links Airbnb, which syncs, and Vrbo, whose link answers 404; Corniche Flat none.
  const created = await api.post('/property', {
    name: 'Palm Villa',
    country: 'Saudi',
    city: 'Riyadh',
    address: 'Olaya Street 12',
    capacity: '4',
    costPerNight: '400',
    externalCalendars: JSON.stringify([
      { platformName: 'Airbnb', urlPath: feeds.url('/airbnb.ics') },
      { platformName: 'Vrbo', urlPath: feeds.url('/gone.ics') },
    ]),
  })
  expect(created.status()).toBe(201)
  const second = await api.post('/property', {
    name: 'Corniche Flat',
    country: 'Saudi',
    city: 'Jeddah',
    address: 'Corniche Road 5',
    capacity: '2',
    costPerNight: '300',
  })
  expect(second.status()).toBe(201)
  await page.request.post(`${server.url}/api/notification/trigger`, { headers: { origin: server.url } })
  // Every link fetched once (expect.poll is only for tests, not hooks).
  await vi.waitFor(
    async () => {
      const properties = await api.properties()
      const fetched = properties.every((property) =>
        property.externalCalendars.every((calendar) => calendar.lastSyncedAt || calendar.lastError),
      )
      if (!fetched) throw new Error('the links are not fetched yet')
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

describe('the dashboard period', () => {
  it('sets a period through the pickers, keeps it in the address over a reload, and refuses a bad one', async () => {
    const month = thisMonth()
    const previousFirst = `${addDays(month.start, -1).slice(0, 7)}-01`
    await page.goto(`${server.url}/dashboard`)
    await expect.poll(() => page.getByTestId('stat-value').count()).toBe(5)
    expect(await page.getByRole('button', { name: /^Start date: / }).getAttribute('aria-label')).toBe(
      `Start date: ${numeric(month.start)}`,
    )

    // The cards are asked for the picked period.
    const asked = page.waitForResponse(
      (response) =>
        response.url().includes('/api/dashboard/statistics?') &&
        response.url().includes(`start=${previousFirst}&end=${month.end}`),
    )
    await page.getByRole('button', { name: /^Start date: / }).click()
    const panel = page.getByTestId('start-date-panel')
    await panel.getByRole('button', { name: 'Previous month' }).click()
    await panel.getByRole('gridcell', { name: dayName(previousFirst), exact: true }).click()
    expect((await asked).status()).toBe(200)
    await page.waitForURL(`${server.url}/dashboard?start=${previousFirst}&end=${month.end}`)

    await page.reload()
    await expect.poll(() => page.getByTestId('stat-value').count()).toBe(5)
    const start = page.getByRole('button', { name: /^Start date: / })
    expect(await start.getAttribute('aria-label')).toBe(`Start date: ${numeric(previousFirst)}`)
    expect(page.url()).toBe(`${server.url}/dashboard?start=${previousFirst}&end=${month.end}`)

    // An end two months before the start is refused at the end field; the address keeps the period.
    await pickDay(page, 'en', 'end', -3, 15)
    const end = page.getByRole('button', { name: /^End date: / })
    expect(await errorAt(end)).toBe('The end date is before the start date.')
    expect(await end.getAttribute('aria-invalid')).toBe('true')
    expect(page.url()).toBe(`${server.url}/dashboard?start=${previousFirst}&end=${month.end}`)

    // "This month" is the default, in the bare address.
    await page.getByRole('button', { name: 'This month' }).click()
    await page.waitForURL(`${server.url}/dashboard`)
    expect(await errorAt(page.getByRole('button', { name: /^End date: / }))).toBeNull()
  })

  it('falls back to this month from a link it cannot use', async () => {
    for (const query of ['start=2026-02-30&end=soon', 'start=2024-01-01&end=2025-01-01', 'end=2026-01-01']) {
      await page.goto(`${server.url}/dashboard?${query}`)
      await page.waitForURL(`${server.url}/dashboard`)
      await expect.poll(() => page.getByTestId('stat-value').count()).toBe(5)
      expect(await page.getByRole('button', { name: /^Start date: / }).getAttribute('aria-label')).toBe(
        `Start date: ${numeric(thisMonth().start)}`,
      )
    }
  })
})

describe('the dashboard integration cards', () => {
  const card = (platform: string) => page.getByTestId('integration-card').filter({ hasText: platform })

  it('counts linked properties and failing links, and connects through /integration’s dialog', async () => {
    await page.goto(`${server.url}/dashboard`)
    await card('Airbnb').waitFor()
    expect(await page.getByTestId('integration-card').count()).toBe(4)
    expect(await card('Airbnb').getByTestId('integration-linked').innerText()).toBe('1 property linked')
    expect(await card('Airbnb').getByTestId('integration-syncing').innerText()).toBe('All links syncing')
    expect(await card('Vrbo').getByTestId('integration-failing').innerText()).toBe('1 link failing or paused')
    expect(await card('Booking.com').getByTestId('integration-linked').innerText()).toBe(
      '0 properties linked',
    )

    await card('Booking.com').getByRole('button', { name: 'Connect Booking.com' }).click()
    const dialog = page.getByTestId('connect-dialog')
    await dialog.getByRole('heading', { name: 'Connect Booking.com' }).waitFor()
    await dialog.getByLabel('Booking.com calendar link').fill(feeds.url('/booking.ics'))
    await dialog.getByRole('button', { name: 'Connect' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await expect
      .poll(() => card('Booking.com').getByTestId('integration-linked').innerText())
      .toBe('1 property linked')
  })
})

describe('the dashboard on a phone and a wide screen, in English and Arabic', () => {
  for (const device of ['desktop', 'mobile'] as const) {
    for (const language of ['en', 'ar'] as const) {
      it(`fits at ${device === 'desktop' ? 1280 : 390} px in ${language}`, async () => {
        const { shots, page: shot } = await signedInPage(browser, context, device, language)
        if (device === 'desktop') await shot.setViewportSize(WIDE)
        await shot.goto(`${server.url}/dashboard`)
        await expect.poll(() => shot.getByTestId('stat-value').count()).toBe(5)
        expect(await shot.evaluate(() => document.documentElement.dir)).toBe(
          language === 'ar' ? 'rtl' : 'ltr',
        )

        // A start next month is after this month's end: refused at the start field.
        await pickDay(shot, language, 'start', 1, 1)
        const start = shot.getByRole('button', { name: TEXTS[language].start })
        expect(await errorAt(start)).toBe(TEXTS[language].startAfterEnd)
        expect(await overflows(shot)).toBe(false)
        await shot.mouse.move(1, 1)
        await screenshot(shot, `dashboard-range-${device}-${language}`)

        await shot.getByTestId('dashboard-integrations').evaluate((section) => section.scrollIntoView())
        expect(await overflows(shot)).toBe(false)
        await screenshot(shot, `dashboard-integrations-${device}-${language}`)
        await shots.close()
      })
    }
  }
})

describe('imports of the availability links, in English and Arabic', () => {
  const TEXTS_OF = {
    en: { nights: '3 nights at risk', imported: /^Airbnb imported (just now|1 min ago)$/ },
    ar: { nights: '٣ ليالٍ معرّضة', imported: /^استوردته Airbnb (للتو|قبل دقيقة)$/ },
  } as const

  it('shows the nights at risk on the dashboard and when each platform last imported its link', async () => {
    const palmVilla = (await api.properties()).find((property) => property.name === 'Palm Villa') as
      { id: string } | undefined
    const links = (await (
      await page.request.get(`${server.url}/api/property/${palmVilla!.id}/calendar/internal`)
    ).json()) as { platforms: { platformName: string; url: string }[] }
    // Airbnb imports its link once; Vrbo never does, so the Airbnb stay's 3 nights are at risk there.
    const airbnb = links.platforms.find((feed) => feed.platformName === 'Airbnb')!
    expect((await page.request.get(airbnb.url, { headers: { 'user-agent': 'Airbnb' } })).status()).toBe(200)
    for (const language of ['en', 'ar'] as const) {
      const { shots, page: shot } = await signedInPage(browser, context, 'desktop', language)
      await shot.goto(`${server.url}/dashboard`)
      const card = shot.getByTestId('exposure-card')
      await card.evaluate((element) => element.scrollIntoView({ block: 'center' }))
      await expect.poll(() => card.getByTestId('exposure-nights').innerText()).toBe(TEXTS_OF[language].nights)
      await screenshot(shot, `dashboard-exposure-desktop-${language}`)
      await shot.goto(`${server.url}/properties`)
      await shot
        .getByTestId('property-card')
        .filter({ has: shot.getByRole('heading', { name: 'Palm Villa', exact: true }) })
        .click()
      const modal = shot.getByTestId('property-modal')
      await modal.getByTestId('tab-connections').click()
      const lines = modal.getByTestId('import-status')
      await expect.poll(() => lines.first().innerText()).toMatch(TEXTS_OF[language].imported)
      await modal.getByTestId('import-how-to').locator('summary').click()
      await modal.getByTestId('import-how-to').scrollIntoViewIfNeeded()
      await screenshot(shot, `property-imports-desktop-${language}`)
      await shots.close()
    }
  })
})
