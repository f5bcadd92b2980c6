import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { openDatabase } from '../../server/db/database.ts'
import { addDays, localToday } from '../../src/domain/dates.ts'
import { PAUSE_AFTER_BUDGET_FAILURES } from '../../server/sync/budgets.ts'
import { calendarOf, startFeedServer, type FeedServer, type StayEvent } from '../fixtures/feedServer.ts'
import { hourlyRules, manyParameters, neverMatchingRule } from '../fixtures/hostileFeeds.ts'
import { until } from '../reliability/slowHelpers.ts'
import { DESKTOP, launchBrowser, openDay, PHONE, screenshot, signedInPage } from './browser.ts'
import { registerAccount, startServer, type RunningServer } from './server.ts'

const HOST = { email: 'nora.host@example.com', password: 'Nora-Pass-2026!' }
const PROPERTY = 'Villa Rawdah'

// The stays are laid around today, so that the current and upcoming lists always have some and
// today's cell always holds three of them (two bars, then "+ 1 more").
const today = localToday()
const day = (offset: number) => addDays(today, offset)
const AIRBNB = '/airbnb/villa-rawdah.ics'
const VRBO = '/vrbo/villa-rawdah.ics'
const SARA: StayEvent = {
  uid: 'sara@airbnb.com',
  start: day(-2),
  end: day(3),
  summary: 'Reserved - Sara Al-Harbi',
}
const CLOSED: StayEvent = {
  uid: 'closed@airbnb.com',
  start: day(0),
  end: day(2),
  summary: 'Airbnb (Not available)',
}
const OMAR: StayEvent = {
  uid: 'omar@airbnb.com',
  start: day(8),
  end: day(12),
  summary: 'Reserved - Omar Khalid',
}
// Vrbo sold nights that Airbnb had sold already: a conflict on both.
const LAYLA: StayEvent = {
  uid: 'layla@vrbo.com',
  start: day(-1),
  end: day(2),
  summary: 'Confirmed - Layla Haddad',
}
const YOUSEF: StayEvent = {
  uid: 'yousef@airbnb.com',
  start: day(15),
  end: day(18),
  summary: 'Reserved - Yousef Nasser',
}
const HALA: StayEvent = {
  uid: 'hala@airbnb.com',
  start: day(20),
  end: day(22),
  summary: 'Reserved - Hala Saeed',
}

/** A stay date as the English interface writes it: "12 Dec 2026". */
const mediumDate = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  )

let feeds: FeedServer
let server: RunningServer
let browser: Browser
let context: BrowserContext

beforeAll(async () => {
  feeds = await startFeedServer()
  feeds.serve(AIRBNB, calendarOf([SARA, CLOSED, OMAR]))
  feeds.serve(VRBO, calendarOf([LAYLA]))
  server = await startServer({ SYNC_ALLOW_HOSTS: '127.0.0.1' })
  await registerAccount(server, HOST)
  browser = await launchBrowser()
  context = await browser.newContext({ viewport: DESKTOP })
  const signIn = await context.request.post(`${server.url}/api/auth/login`, {
    data: HOST,
    headers: { origin: server.url },
  })
  expect(signIn.status()).toBe(200)
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await server?.stop()
  await feeds?.close()
})

const todayCell = (page: Page) => page.getByTestId('calendar-grid').locator(`[data-day="${today}"]`)
const bar = (page: Page, title: string) => page.getByTestId('event-bar').filter({ hasText: title })

/** How many bars are drawn over today's cell: a bar starts in its first night's cell and spans on. */
async function barsOverToday(page: Page) {
  const cell = await todayCell(page).boundingBox()
  const bars = await page.getByTestId('calendar-grid').getByTestId('event-bar').all()
  const boxes = await Promise.all(bars.map((each) => each.boundingBox()))
  const middle = cell!.x + cell!.width / 2
  return boxes.filter(
    (box) =>
      box &&
      box.x < middle &&
      middle < box.x + box.width &&
      box.y > cell!.y &&
      box.y < cell!.y + cell!.height,
  ).length
}

const visibleBell = (page: Page) => page.getByTestId('bell').filter({ visible: true })

/** How many of the host's external calendars have synced at least once. */
async function syncedCalendars() {
  const response = await context.request.get(`${server.url}/api/property/list`)
  const properties = (await response.json()) as { externalCalendars: { lastSyncedAt: string | null }[] }[]
  return properties.flatMap((property) => property.externalCalendars).filter((c) => c.lastSyncedAt).length
}

/** Forgets the host's last "Sync now" in the server's SQLite file, as if a minute had passed. */
async function allowSyncNowAgain() {
  const database = await openDatabase({ engine: 'sqlite', file: path.join(server.dataDir, 'manzil.db') })
  try {
    await database.db
      .updateTable('users')
      .set({ sync_requested_at: null })
      .where('email', '=', HOST.email)
      .execute()
  } finally {
    await database.close()
  }
}

/** How many times the server has been asked for a notification stream so far. */
const streamRequests = () => server.logs().split('/api/notification/sse').length - 1

async function chooseConnection(page: Page, platform: string, link: string) {
  await page.getByTestId('platform-selector').click()
  await page.getByTestId('platform-options').getByRole('menuitem', { name: platform }).click()
  await page.getByLabel(`${platform} calendar link`).fill(link)
}

describe('calendar sync in the browser', () => {
  it('shows the bookings of a property linked through the add-property modal on /calendar', async () => {
    const page = await context.newPage()
    await page.goto(`${server.url}/properties`)
    await page.getByTestId('add-property').click()
    const modal = page.getByTestId('add-property-modal')
    await modal.getByLabel('Property name').fill(PROPERTY)
    await modal.getByLabel('Address').fill('Saudi Riyadh Riyadh Al Malqa 12')
    await modal.getByLabel('Capacity (guests)').fill('6')
    await modal.getByLabel('Cost per night (SAR)').fill('900')
    await chooseConnection(page, 'Airbnb', feeds.url(AIRBNB))
    await chooseConnection(page, 'Vrbo', feeds.url(VRBO))
    await modal.getByTestId('submit-property').click()
    await page.getByTestId('property-card').filter({ hasText: PROPERTY }).waitFor()
    // Adding the links fetches both feeds at once, in the background.
    await expect.poll(() => feeds.requestsTo(AIRBNB).length).toBe(1)
    await expect.poll(() => feeds.requestsTo(VRBO).length).toBe(1)
    await expect.poll(syncedCalendars).toBe(2)

    await page.goto(`${server.url}/calendar`)
    await bar(page, 'Sara Al-Harbi').first().waitFor()
    const cell = todayCell(page)
    expect(await barsOverToday(page)).toBe(2)
    expect(await cell.getByText('+ 1 more').isVisible()).toBe(true)
    // Vrbo's sale shares nights with Airbnb's sale and with Airbnb's block (which Manzil did not
    // export to Airbnb): all three are marked.
    expect(await bar(page, 'Layla Haddad').first().getAttribute('data-conflict')).toBe('true')
    expect(await bar(page, 'Sara Al-Harbi').first().getAttribute('data-conflict')).toBe('true')
    expect(await page.getByTestId('current-stays').locator('[data-conflict]').allInnerTexts()).toHaveLength(3)
    expect(await page.getByTestId('current-stays').innerText()).toContain('Blocked')
    const upcoming = await page.getByTestId('upcoming-stays').innerText()
    expect(upcoming).toContain('Omar Khalid')
    expect(upcoming).not.toContain('Sara Al-Harbi')
    await screenshot(page, 'calendar-desktop-en')

    await openDay(cell.locator('[data-item^="day:"]'))
    const bookings = page.getByTestId('bookings-modal')
    await bookings.waitFor()
    const details = bookings.getByTestId('booking-details')
    expect(await details.count()).toBe(3)
    const text = await bookings.innerText()
    for (const expected of [PROPERTY, 'Sara Al-Harbi', 'Layla Haddad', 'Airbnb', 'Vrbo', 'Blocked']) {
      expect(text).toContain(expected)
    }
    expect(await bookings.getByText('These nights are booked on two platforms').count()).toBe(3)
    await screenshot(page, 'bookings-modal-desktop-en')
    await page.keyboard.press('Escape')
    await bookings.waitFor({ state: 'detached' })
    await page.close()
  })

  it('lists the current and upcoming stays in the dashboard widgets', async () => {
    const page = await context.newPage()
    await page.goto(`${server.url}/dashboard`)
    const current = page.getByTestId('dashboard-current')
    await current.getByText('Sara Al-Harbi').waitFor()
    expect(await current.getByText('Layla Haddad').isVisible()).toBe(true)
    expect(await page.getByTestId('dashboard-upcoming').innerText()).toContain('Omar Khalid')
    expect(Math.round((await current.boundingBox())?.height ?? 0)).toBe(341)
    await page.getByTestId('bookings-section').scrollIntoViewIfNeeded()
    await screenshot(page, 'dashboard-bookings-desktop-en')
    await page.close()
  })

  it('announces a booking found by "sync now" in the open panel, live, and counts it on the bell', async () => {
    // One tab watches the calendar with the panel open; another presses "sync now".
    const watcher = await context.newPage()
    await watcher.goto(`${server.url}/calendar`)
    await bar(watcher, 'Sara Al-Harbi').first().waitFor()
    await visibleBell(watcher).click()
    const panel = watcher.getByTestId('notifications-panel')
    // The first import of a new link announces no sales, only the nights sold twice: Vrbo's stay
    // against Airbnb's reservation and against Airbnb's block.
    const conflicts = panel.getByTestId('notification').filter({ hasText: 'Double booking' })
    await expect.poll(() => conflicts.count()).toBe(2)
    expect(await panel.getByTestId('notification').count()).toBe(2)
    const newBookings = panel.getByTestId('notification').filter({ hasText: 'New booking' })
    // Whatever has the watcher's focus keeps it when the news is told.
    expect(
      await watcher.evaluate(() => {
        document.activeElement?.setAttribute('data-focus-probe', '')
        return document.activeElement !== document.body && document.activeElement !== null
      }),
    ).toBe(true)

    feeds.addEvent(AIRBNB, YOUSEF)
    const page = await context.newPage()
    await page.goto(`${server.url}/properties`)
    await page.getByTestId('property-card').filter({ hasText: PROPERTY }).click()
    await page.getByTestId('mode-view').click()
    await page.getByTestId('tab-connections').click()
    expect(await page.getByTestId('last-synced').allInnerTexts()).toEqual([
      expect.stringMatching(/^Last synced/),
      expect.stringMatching(/^Last synced/),
    ])
    // The property cards have their own Sync now: press the modal's.
    await page.getByRole('dialog').getByTestId('sync-now').click()
    await page.getByText('2 calendars synced').waitFor()

    const item = newBookings.first()
    await item.waitFor()
    // In the stay's words, not the feed's ("Reserved - Yousef Nasser").
    const words = `New booking: Yousef Nasser, 3 nights from ${mediumDate(YOUSEF.start)} · Airbnb · ${PROPERTY}`
    expect(await item.getByTestId('notification-title').innerText()).toBe(words)
    expect(await item.innerText()).not.toContain('Reserved - Yousef Nasser')
    // A screen reader hears it too: a polite toast in the same words, once, the focus left alone.
    const toast = watcher.getByRole('status').filter({ hasText: words })
    await toast.waitFor()
    expect(await toast.count()).toBe(1)
    expect(await toast.getAttribute('aria-live')).toBe('polite')
    expect(await toast.getByRole('link', { name: 'Open stay' }).getAttribute('href')).toMatch(
      /^\/calendar\?stay=/,
    )
    expect(await watcher.evaluate(() => document.activeElement?.hasAttribute('data-focus-probe'))).toBe(true)
    // The calendar reloaded with it, without a reload of the page.
    await watcher.getByTestId('upcoming-stays').getByText('Yousef Nasser').waitFor()
    // What an open panel shows is read: the new booking too, once it is in it.
    await expect.poll(() => visibleBell(watcher).getAttribute('aria-label')).toBe('Notifications')
    await screenshot(watcher, 'notifications-desktop-en')

    // The export link is a secret: a new one replaces it, and the old one stops working.
    const link = page.getByTestId('internal-calendar-url')
    await expect.poll(() => link.inputValue()).toMatch(/\/api\/calendar\/.+\.ics$/)
    const oldLink = await link.inputValue()
    await page.getByTestId('rotate-calendar-link').click()
    // It asks first.
    await page.getByTestId('rotate-link-dialog').getByText('Replace your private calendar link?').waitFor()
    await page.getByTestId('confirm-rotate').click()
    await page.getByText('A new calendar link replaced the old one').waitFor()
    const newLink = await link.inputValue()
    expect(newLink).not.toBe(oldLink)
    expect((await fetch(oldLink)).status).toBe(404)
    const exported = await fetch(newLink)
    expect(exported.headers.get('content-type')).toContain('text/calendar')
    expect(await exported.text()).toContain('SUMMARY:Reserved - Yousef Nasser')

    // Each platform has a link of its own, with no names, which it alone can be given anew.
    const platformLinks = page.getByTestId('platform-calendar-url')
    await expect.poll(() => platformLinks.count()).toBe(2)
    const airbnbLink = await platformLinks.first().inputValue()
    const forAirbnb = await (await fetch(airbnbLink)).text()
    expect(forAirbnb).toContain('SUMMARY:Not available')
    expect(forAirbnb).not.toMatch(/Layla|Yousef|X-MANZIL/)
    await page.getByTestId('rotate-platform-link').first().click()
    const confirmation = page.getByTestId('rotate-link-dialog')
    await confirmation.getByText('Replace the link for Airbnb?').waitFor()
    await screenshot(page, 'rotate-platform-link-desktop-en')
    await page.getByTestId('confirm-rotate').click()
    await confirmation.waitFor({ state: 'detached' })
    await expect.poll(() => platformLinks.first().inputValue()).not.toBe(airbnbLink)
    expect((await fetch(airbnbLink)).status).toBe(404)
    await screenshot(page, 'property-connections-desktop-en')
    await page.close()

    // The connection drops (the server restarts); the stream comes back by itself and carries the next one.
    const before = streamRequests()
    await server.restart()
    await expect.poll(streamRequests, { timeout: 20_000 }).toBeGreaterThan(before)
    // The request is logged as it arrives; give the server a moment to check the session.
    await watcher.waitForTimeout(300)
    // With the panel closed, the next booking stays unread and is counted on the bell.
    await watcher.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    feeds.addEvent(AIRBNB, HALA)
    // "Sync now" was pressed above, less than a minute ago: lift its per-account limit.
    await allowSyncNowAgain()
    const sync = await watcher.request.post(`${server.url}/api/notification/trigger`, {
      headers: { origin: server.url },
    })
    expect(sync.status()).toBe(200)
    await expect.poll(() => visibleBell(watcher).getAttribute('aria-label')).toBe('1 unread notification')
    expect(await visibleBell(watcher).innerText()).toBe('1')
    await visibleBell(watcher).click()
    await newBookings.filter({ hasText: 'Hala Saeed' }).waitFor()
    expect(await newBookings.count()).toBe(2)
    // Newest first.
    expect(await newBookings.first().innerText()).toContain('Hala Saeed')
    await watcher.close()
  })

  it.each([
    ['desktop', 'ar'],
    ['mobile', 'en'],
    ['mobile', 'ar'],
  ] as const)('lays the calendar screens out on %s in %s', async (device, language) => {
    const { shots, page } = await signedInPage(browser, context, device, language)
    const name = (screen: string) => `${screen}-${device}-${language}`
    await page.goto(`${server.url}/calendar`)
    await page.getByTestId('current-stays').getByText('Sara Al-Harbi').waitFor()
    expect(await page.getByTestId('calendar-grid').isVisible()).toBe(device === 'desktop')
    // Nothing is wider than the screen (the month keeps its 340 px on a phone).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(
      device === 'desktop' ? DESKTOP.width : PHONE.width,
    )
    await screenshot(page, name('calendar'))

    const days =
      device === 'desktop'
        ? todayCell(page)
        : page.getByTestId('month-calendar').locator(`[data-day="${today}"]`)
    await openDay(device === 'desktop' ? days.locator('[data-item^="day:"]') : days)
    const bookings = page.getByTestId('bookings-modal')
    await bookings.waitFor()
    expect(await bookings.getByTestId('booking-details').count()).toBe(3)
    await screenshot(page, name('bookings-modal'))
    await page.keyboard.press('Escape')
    await bookings.waitFor({ state: 'detached' })

    await page.goto(`${server.url}/dashboard`)
    await page.getByTestId('dashboard-upcoming').getByText('Omar Khalid').waitFor()
    await page.getByTestId('bookings-section').scrollIntoViewIfNeeded()
    await screenshot(page, name('dashboard-bookings'))

    await visibleBell(page).click()
    const panel = page.getByTestId('notifications-panel')
    await panel.getByTestId('notification').first().waitFor()
    if (device === 'mobile') {
      // A full-screen overlay on a phone.
      expect(await panel.boundingBox()).toMatchObject({
        x: 0,
        y: 0,
        width: PHONE.width,
        height: PHONE.height,
      })
    }
    await screenshot(page, name('notifications'))
    await shots.close()
  })
})

describe('a poisoned calendar in the browser', () => {
  const POISONED = 'Poisoned Dunes'
  const HOSTILE = [
    { platformName: 'Airbnb', route: '/hostile/never-matching.ics', body: neverMatchingRule },
    { platformName: 'Booking.com', route: '/hostile/hourly.ics', body: hourlyRules },
    { platformName: 'Vrbo', route: '/hostile/parameters.ics', body: manyParameters },
  ]
  const texts = {
    en: {
      errors: [
        'This calendar is too large or too complex to read: a repeating event takes more than 20,000 steps to work out',
        'This calendar is too large or too complex to read: it has more than 2,000 stays',
        'This calendar is too large or too complex to read: one of its lines has more than 100 parameters',
      ],
      paused: 'Paused after 3 failed attempts. Edit the link or press Sync now to try again.',
    },
    ar: {
      errors: [
        'هذا التقويم أكبر أو أعقد من أن يُقرأ: حساب أحد أحداثه المتكررة يتطلب أكثر من ٢٠٬٠٠٠ خطوة',
        'هذا التقويم أكبر أو أعقد من أن يُقرأ: فيه أكثر من ٢٠٠٠ إقامة',
        'هذا التقويم أكبر أو أعقد من أن يُقرأ: في أحد أسطره أكثر من ١٠٠ معامل',
      ],
      paused: 'متوقف مؤقتًا بعد ٣ محاولات فاشلة. عدّل الرابط أو اضغط «مزامنة الآن» لإعادة المحاولة.',
    },
  }

  beforeAll(async () => {
    for (const feed of HOSTILE) feeds.serve(feed.route, feed.body())
    const created = await context.request.post(`${server.url}/api/property`, {
      headers: { origin: server.url },
      multipart: {
        name: POISONED,
        country: 'Saudi',
        city: 'AlUla',
        address: 'Dune Road',
        capacity: '2',
        costPerNight: '400',
        externalCalendars: JSON.stringify(
          HOSTILE.map((feed) => ({ platformName: feed.platformName, urlPath: feeds.url(feed.route) })),
        ),
      },
    })
    expect(created.status()).toBe(201)
    // A new link is read at once; each of these fails on its budget (2 s of parsing), the server
    // answering meanwhile. A second is far below that budget yet above what a browser suite sharing
    // two cores with Chromium can add; tests/server/hostileFeeds.test.ts bounds the stall itself.
    await until(async () => {
      const health = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(1_000) })
      expect(health.status).toBe(200)
      const response = await context.request.get(`${server.url}/api/property/list`)
      const properties = (await response.json()) as {
        name: string
        externalCalendars: { lastError: string | null }[]
      }[]
      const poisoned = properties.find((property) => property.name === POISONED)
      return poisoned?.externalCalendars.filter((calendar) => calendar.lastError).length === HOSTILE.length
    }, 20_000)
    // As after three scheduled rounds (tests/server/hostileFeeds.test.ts proves the count).
    const database = await openDatabase({ engine: 'sqlite', file: path.join(server.dataDir, 'manzil.db') })
    try {
      await database.db
        .updateTable('external_calendars')
        .set({ budget_failures: PAUSE_AFTER_BUDGET_FAILURES })
        .where(
          'url',
          'in',
          HOSTILE.map((feed) => feeds.url(feed.route)),
        )
        .execute()
    } finally {
      await database.close()
    }
  })

  it.each([
    ['desktop', 'en'],
    ['desktop', 'ar'],
    ['mobile', 'en'],
    ['mobile', 'ar'],
  ] as const)('shows each link its failure and its pause on %s in %s', async (device, language) => {
    const { shots, page } = await signedInPage(browser, context, device, language)
    await page.goto(`${server.url}/properties`)
    await page.getByTestId('property-card').filter({ hasText: POISONED }).click()
    await page.getByTestId('mode-view').click()
    await page.getByTestId('tab-connections').click()
    await page.getByTestId('sync-paused').first().waitFor()
    expect(await page.getByTestId('last-error').allInnerTexts()).toEqual(texts[language].errors)
    expect(await page.getByTestId('sync-paused').allInnerTexts()).toEqual(
      HOSTILE.map(() => texts[language].paused),
    )
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(
      device === 'desktop' ? DESKTOP.width : PHONE.width,
    )
    await page.getByTestId('sync-paused').last().scrollIntoViewIfNeeded()
    await screenshot(page, `property-connections-poisoned-${device}-${language}`)
    await shots.close()
  })

  it('makes "Sync now" wait a minute, and shows the wait on the button', async () => {
    await allowSyncNowAgain()
    const page = await context.newPage()
    await page.goto(`${server.url}/properties`)
    await page.getByTestId('property-card').filter({ hasText: POISONED }).click()
    await page.getByTestId('mode-view').click()
    await page.getByTestId('tab-connections').click()
    const button = page.getByRole('dialog').getByTestId('sync-now')
    await button.click()
    // Sync now resumes the paused links: they are read again, and fail again, but are no longer paused.
    await page.getByText(/calendars synced/).waitFor()
    await expect.poll(() => page.getByTestId('sync-paused').count()).toBe(0)
    await button.click()
    await page.getByText(/You synced a moment ago/).waitFor()
    await expect.poll(() => button.innerText()).toMatch(/^Sync again in \d+ s$/)
    expect(await button.isDisabled()).toBe(true)
    // The wait is the account's: the property cards' Sync now counts it down too.
    const cardButton = page.getByTestId('property-card').first().getByTestId('sync-now')
    expect(await cardButton.innerText()).toMatch(/^Sync again in \d+ s$/)
    expect(await cardButton.isDisabled()).toBe(true)
    await screenshot(page, 'sync-now-wait-desktop-en')
    await page.close()
  })
})
