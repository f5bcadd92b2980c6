import axe from 'axe-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { addDays, localToday } from '../../src/domain/dates.ts'
import { calendarOf, startFeedServer, type FeedServer, type StayEvent } from '../fixtures/feedServer.ts'
import { startPushService, type PushService } from '../server/pushService.ts'
import { DESKTOP, launchBrowser, PHONE, screenshot } from './browser.ts'
import { addProperty, untilLinksRead } from './hostData.ts'
import { deliverPush, hostWithDevice, openAlerts } from './pushDevice.ts'
import { registerAccount, startServer, type RunningServer } from './server.ts'

// Alerts that reach a closed app, through the suite's own push service (tests/e2e/pushDevice.ts).
const HOST = { email: 'reem.host@example.com', password: 'Reem-Pass-2026!' }
const AIRBNB = '/airbnb/palm-loft.ics'
const today = localToday()
const FIRST: StayEvent = {
  uid: 'first@airbnb.com',
  start: addDays(today, 3),
  end: addDays(today, 6),
  summary: 'Reserved - Salma Qasim',
}
const NEW: StayEvent = {
  uid: 'new@airbnb.com',
  start: addDays(today, 10),
  end: addDays(today, 12),
  summary: 'Reserved - Hind Al-Otaibi',
}

let feeds: FeedServer
let pushService: PushService
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  feeds = await startFeedServer()
  feeds.serve(AIRBNB, calendarOf([FIRST]))
  pushService = await startPushService()
  server = await startServer({ SYNC_ALLOW_HOSTS: '127.0.0.1' })
  await registerAccount(server, HOST)
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await pushService?.close()
  await feeds?.close()
})

describe('alerts on this device', () => {
  it('turns on after a tap, sends a test and a new booking to the device, and ends at sign-out', async () => {
    const device = pushService.aDevice()
    const context = await hostWithDevice(browser, server.url, HOST, device, DESKTOP, 'en')
    const page = await context.newPage()
    const row = await openAlerts(page, server.url, DESKTOP)
    await expect.poll(() => row.getAttribute('data-state')).toBe('off')
    await row.getByRole('button', { name: 'Turn on' }).click()
    await expect.poll(() => row.getAttribute('data-state')).toBe('on')
    const devices = page.getByTestId('alert-device')
    await expect.poll(() => devices.count()).toBe(1)
    expect(await devices.first().innerText()).toContain('This device')
    await screenshot(page, 'device-alerts-desktop-en')

    await row.getByRole('button', { name: 'Send a test' }).click()
    await page.getByText('Test sent: it appears on your devices with alerts within a few seconds.').waitFor()
    const [test] = await pushService.waitFor(device)
    expect(test!.payload.url).toBe('/settings')
    const [shownTest] = await deliverPush(context, page, server.url, test!.payload)
    expect(shownTest).toMatchObject({ title: test!.payload.title, url: `${server.url}/settings` })

    // A booking sold on Airbnb while the app is closed: the device hears of it, with no guest name.
    await addProperty(context, server.url, {
      name: 'Palm Loft',
      links: [{ platformName: 'Airbnb', urlPath: feeds.url(AIRBNB) }],
    })
    await untilLinksRead(context, server.url)
    await page.close()
    feeds.addEvent(AIRBNB, NEW)
    const sync = await context.request.post(`${server.url}/api/notification/trigger`, {
      headers: { origin: server.url },
    })
    expect(sync.status()).toBe(200)
    const [, booking] = await pushService.waitFor(device, 2)
    expect(booking!.payload.title).toMatch(/^New booking/)
    expect(JSON.stringify(booking!.payload)).not.toContain('Hind')
    expect(booking!.payload.url).toMatch(/^\/calendar\?stay=/)
    const reopened = await context.newPage()
    await reopened.goto(`${server.url}/login`)
    const shown = await deliverPush(context, reopened, server.url, booking!.payload)
    expect(shown).toContainEqual(
      expect.objectContaining({ title: booking!.payload.title, url: `${server.url}${booking!.payload.url}` }),
    )

    // Signing out ends this browser's alerts, on the server and in the browser.
    await reopened.goto(`${server.url}/dashboard`)
    await reopened.evaluate(async () => void (await navigator.serviceWorker.ready))
    const listed = await context.request.get(`${server.url}/api/push/subscription`)
    expect(await listed.json()).toHaveLength(1)
    const other = await browser.newContext()
    await other.request.post(`${server.url}/api/auth/login`, { data: HOST, headers: { origin: server.url } })
    await reopened.getByTestId('user-menu').click()
    await reopened.getByRole('menu').getByText('Log out').click()
    await reopened.waitForURL(/\/login$/)
    await expect
      .poll(
        async () =>
          (await (await other.request.get(`${server.url}/api/push/subscription`)).json()) as unknown[],
      )
      .toEqual([])
    expect(await reopened.evaluate(() => localStorage.getItem('e2e.subscription'))).toBeNull()
    await other.close()
    await context.close()
  })

  it.each([
    ['desktop', 'ar'],
    ['mobile', 'en'],
    ['mobile', 'ar'],
  ] as const)('lays the alerts out on %s in %s', async (kind, language) => {
    const viewport = kind === 'desktop' ? DESKTOP : PHONE
    const context = await hostWithDevice(browser, server.url, HOST, pushService.aDevice(), viewport, language)
    const page = await context.newPage()
    const row = await openAlerts(page, server.url, viewport)
    await expect.poll(() => row.getAttribute('data-state')).toBe('off')
    await row.getByRole('button').click()
    await expect.poll(() => row.getAttribute('data-state')).toBe('on')
    await page.getByTestId('alert-device').first().waitFor()
    if (language === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    )
    await row.scrollIntoViewIfNeeded()
    await screenshot(page, `device-alerts-${kind}-${language}`)
    // axe on the alerts turned on, with their device listed (evaluated through DevTools: the CSP stays on).
    await page.evaluate(() => document.fonts.ready)
    await page.evaluate(axe.source)
    const found = await page.evaluate(() =>
      (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
    )
    expect(found.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([])
    await row.getByRole('button').last().click()
    await expect.poll(() => row.getAttribute('data-state')).toBe('off')
    await context.close()
  })
})
