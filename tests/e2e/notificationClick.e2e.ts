import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { addDays, localToday } from '../../src/domain/dates.ts'
import { calendarOf, startFeedServer, type FeedServer, type StayEvent } from '../fixtures/feedServer.ts'
import { startPushService, type PushService } from '../server/pushService.ts'
import { DESKTOP, launchBrowser, screenshot } from './browser.ts'
import { pressNotification, startScreen, type VirtualScreen } from './desktop.ts'
import { addProperty, untilLinksRead } from './hostData.ts'
import { deliverPush, hostWithDevice, openAlerts } from './pushDevice.ts'
import { registerAccount, startServer, type RunningServer } from './server.ts'

// A new booking's alert reaches the host with the app closed, and a press on it opens that stay:
// a headed Chromium on a virtual screen, whose notification pop-up is pressed as a person would
// (tests/e2e/desktop.ts). Without Xvfb and xdotool the suite says so and skips; CI installs both.
const HOST = { email: 'dana.host@example.com', password: 'Dana-Pass-2026!' }
const AIRBNB = '/airbnb/sea-view.ics'
const today = localToday()
const NEW: StayEvent = {
  uid: 'pressed@airbnb.com',
  start: addDays(today, 8),
  end: addDays(today, 11),
  summary: 'Reserved - Mariam Saleh',
}

const virtualScreen: VirtualScreen | null = await startScreen()
if (!virtualScreen)
  console.warn('Skipped: pressing a notification needs Xvfb and xdotool (apt-get install xvfb xdotool).')

let feeds: FeedServer
let pushService: PushService
let server: RunningServer
let browser: Browser

describe.skipIf(!virtualScreen)('a pressed alert', () => {
  beforeAll(async () => {
    feeds = await startFeedServer()
    feeds.serve(AIRBNB, calendarOf([]))
    pushService = await startPushService()
    server = await startServer({ SYNC_ALLOW_HOSTS: '127.0.0.1' })
    await registerAccount(server, HOST)
    browser = await launchBrowser({ display: virtualScreen!.display })
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await pushService?.close()
    await feeds?.close()
    virtualScreen?.stop()
  })

  /** A signed-in window on the settings, with this device's alerts turned on. */
  async function withAlertsOn() {
    const device = pushService.aDevice()
    const context = await hostWithDevice(browser, server.url, HOST, device, DESKTOP, 'en')
    const page = await context.newPage()
    const row = await openAlerts(page, server.url, DESKTOP)
    await row.getByRole('button', { name: 'Turn on' }).click()
    await expect.poll(() => row.getAttribute('data-state')).toBe('on')
    return { device, context, page, row }
  }

  it('opens the new booking’s stay in a new window when the app was closed', async () => {
    const { device, context, page: settings } = await withAlertsOn()
    await addProperty(context, server.url, {
      name: 'Sea View',
      links: [{ platformName: 'Airbnb', urlPath: feeds.url(AIRBNB) }],
    })
    await untilLinksRead(context, server.url)

    // Sold on Airbnb: the server pushes it, the device shows it; then every window is closed.
    feeds.addEvent(AIRBNB, NEW)
    const sync = await context.request.post(`${server.url}/api/notification/trigger`, {
      headers: { origin: server.url },
    })
    expect(sync.status()).toBe(200)
    const [booking] = await pushService.waitFor(device)
    expect(booking!.payload.url).toMatch(/^\/calendar\?stay=/)
    await deliverPush(context, settings, server.url, booking!.payload)
    await settings.close()
    expect(context.pages()).toHaveLength(0)

    const opened = context.waitForEvent('page')
    expect(await pressNotification(virtualScreen!.display)).toBe(true)
    const page: Page = await opened
    // The calendar then adds the month it shows to the address.
    const stayId = new URL(booking!.payload.url, server.url).searchParams.get('stay')
    await page.waitForURL((url) => url.pathname === '/calendar' && url.searchParams.get('stay') === stayId)
    const stay = page.getByTestId('stay-details-dialog')
    await stay.waitFor()
    // A stay past the months the calendar first reads is asked for by its id: "Loading" until then.
    await expect.poll(() => stay.innerText()).toContain('Mariam Saleh')
    await screenshot(page, 'push-pressed-stay-desktop-en')
    // The pressed notification is gone from the device.
    expect(
      await page.evaluate(
        async () => (await (await navigator.serviceWorker.ready).getNotifications()).length,
      ),
    ).toBe(0)
    await context.close()
  })

  it('takes the window already open to the stay', async () => {
    const { device, context, page, row } = await withAlertsOn()
    await row.getByRole('button', { name: 'Send a test' }).click()
    const [sent] = await pushService.waitFor(device)
    // The alert names the settings' page; the window is elsewhere when it is pressed.
    await page.goto(`${server.url}/calendar`)
    await deliverPush(context, page, server.url, sent!.payload)
    expect(await pressNotification(virtualScreen!.display)).toBe(true)
    await page.waitForURL((url) => url.pathname === sent!.payload.url)
    expect(context.pages()).toHaveLength(1)
    await context.close()
  })
})
