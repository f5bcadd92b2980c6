import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { addDays, localToday, type DateOnly } from '../../src/domain/dates.ts'
import { calendarOf, startFeedServer, type FeedServer, type StayEvent } from '../fixtures/feedServer.ts'
import { startMailbox, type Mailbox } from '../server/mailbox.ts'
import { DESKTOP, launchBrowser, openDay, PHONE, screenshot, signedInPage } from './browser.ts'
import { addProperty, untilLinksRead } from './hostData.ts'
import { registerAccount, startServer, type RunningServer } from './server.ts'

const HOST = { email: 'huda.host@example.com', password: 'Huda-Pass-2026!' }
const PROPERTY = 'Dar Al Nakheel'

const today = localToday()
const day = (offset: number) => addDays(today, offset)
const compact = (date: DateOnly) => date.replaceAll('-', '')
const AIRBNB = '/airbnb/dar-al-nakheel.ics'
const SARA: StayEvent = { uid: 'sara@airbnb.com', start: day(10), end: day(13), summary: 'Reserved - Sara M' }
// The host closes three nights by hand (a repair); Airbnb then mirrors them as its own block,
// and, before it has read them, also sells two of them.
const BLOCK = { start: day(2), end: day(5) }
const MIRROR: StayEvent = { uid: 'mirror@airbnb.com', ...BLOCK, summary: 'Airbnb (Not available)' }
const FAISAL: StayEvent = {
  uid: 'faisal@airbnb.com',
  start: day(3),
  end: day(5),
  summary: 'Reserved - Faisal Al-Qahtani',
}

let mailbox: Mailbox
let feeds: FeedServer
let server: RunningServer
let browser: Browser
let context: BrowserContext
let propertyId: string

const post = (path: string, data?: unknown) =>
  context.request.post(`${server.url}${path}`, { data, headers: { origin: server.url } })

/** The link Airbnb is given to import: every night taken elsewhere, as "Not available". */
async function airbnbFeedUrl() {
  const response = await context.request.get(`${server.url}/api/property/${propertyId}/calendar/internal`)
  const internal = (await response.json()) as { platforms: { platformName: string; url: string }[] }
  return internal.platforms.find((platform) => platform.platformName === 'Airbnb')!.url
}

/** Chooses a day in one of the stay form's date pickers, moving on a month when needed. */
async function pickDay(page: Page, testId: 'stay-start' | 'stay-end', date: DateOnly) {
  await page.getByTestId(testId).getByRole('button').first().click()
  const panel = page.getByTestId(`${testId}-panel`)
  const label = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  )
  const cell = panel.getByRole('gridcell', { name: label, exact: true })
  // The panel draws its month first: counted before, the day is never there.
  await panel.getByRole('gridcell').first().waitFor()
  if ((await cell.count()) === 0) await panel.getByRole('button', { name: 'Next month' }).click()
  await cell.click()
}

beforeAll(async () => {
  mailbox = await startMailbox()
  feeds = await startFeedServer()
  feeds.serve(AIRBNB, calendarOf([SARA]))
  server = await startServer({ SYNC_ALLOW_HOSTS: '127.0.0.1', SMTP_URL: mailbox.smtpUrl })
  await registerAccount(server, HOST, mailbox)
  browser = await launchBrowser()
  context = await browser.newContext({ viewport: DESKTOP })
  expect((await post('/api/auth/login', HOST)).status()).toBe(200)
  propertyId = await addProperty(context, server.url, {
    name: PROPERTY,
    address: 'Al Nakheel 7',
    links: [{ platformName: 'Airbnb', urlPath: feeds.url(AIRBNB) }],
  })
  await untilLinksRead(context, server.url)
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await server?.stop()
  await feeds?.close()
  await mailbox?.stop()
})

describe('a night sold twice, in the browser', () => {
  it('closes nights by hand, gives them to Airbnb, and announces the double booking live and by mail', async () => {
    const page = await context.newPage()
    await page.goto(`${server.url}/calendar`)
    await page.getByTestId('upcoming-stays').getByText('Sara M').waitFor()

    // A block from the calendar's header: three nights, with a note.
    await page.getByTestId('add-stay').click()
    const dialog = page.getByTestId('manual-stay-dialog')
    await dialog.getByText('Add a stay').waitFor()
    await dialog.getByRole('radio', { name: 'Block' }).check()
    await pickDay(page, 'stay-start', BLOCK.start)
    await pickDay(page, 'stay-end', BLOCK.end)
    await dialog.getByText('3 nights').waitFor()
    await dialog.getByLabel('Note (optional)').fill('Boiler repair')
    await screenshot(page, 'manual-stay-dialog-desktop-en')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Stay added').waitFor()
    await dialog.waitFor({ state: 'detached' })

    // It is on the calendar at once, as a manual stay that can be edited or deleted.
    await openDay(
      page.getByTestId('calendar-grid').locator(`[data-day="${day(3)}"] [data-item="day:${day(3)}"]`),
    )
    const modal = page.getByTestId('bookings-modal')
    const manual = modal.locator('[data-testid="booking-details"][data-manual]')
    await manual.waitFor()
    expect(await manual.innerText()).toContain('Boiler repair')
    expect(await manual.getByRole('button', { name: 'Edit' }).isVisible()).toBe(true)
    expect(await manual.getByRole('button', { name: 'Delete' }).isVisible()).toBe(true)
    await screenshot(page, 'manual-stay-modal-desktop-en')
    await page.keyboard.press('Escape')
    await modal.waitFor({ state: 'detached' })

    // Airbnb's own link closes those nights, with nothing but "Not available".
    const forAirbnb = await (await fetch(await airbnbFeedUrl())).text()
    expect(forAirbnb).toContain(`DTSTART;VALUE=DATE:${compact(BLOCK.start)}`)
    expect(forAirbnb).toContain(`DTEND;VALUE=DATE:${compact(BLOCK.end)}`)
    expect(forAirbnb).toContain('SUMMARY:Not available')
    expect(forAirbnb).not.toMatch(/Boiler|Sara|X-MANZIL/)

    // The panel is open while Airbnb mirrors the block and sells two of its nights.
    await page.getByTestId('bell').filter({ visible: true }).click()
    const panel = page.getByTestId('notifications-panel')
    await panel.waitFor()
    feeds.addEvent(AIRBNB, MIRROR)
    feeds.addEvent(AIRBNB, FAISAL)
    expect((await post('/api/notification/trigger')).status()).toBe(200)

    const conflict = panel.getByTestId('notification').filter({ hasText: 'Double booking' })
    await conflict.waitFor()
    const announced = await conflict.innerText()
    for (const expected of [PROPERTY, 'Airbnb', 'Manual']) expect(announced).toContain(expected)
    // The mirror is Airbnb's echo of Manzil's own block, not a second sale: one conflict only.
    expect(await panel.getByTestId('notification').filter({ hasText: 'Double booking' }).count()).toBe(1)
    await screenshot(page, 'notifications-conflict-desktop-en')

    const mail = await mailbox.waitForMail(HOST.email, 15_000)
    expect(mail.subject).toBe(`Double booking at ${PROPERTY}`)
    for (const expected of ['Airbnb', 'Manual', 'Faisal Al-Qahtani']) expect(mail.text).toContain(expected)
    await page.keyboard.press('Escape')

    // The modal shows the two sides of the conflict, and the mirror as synced from Manzil.
    await page.reload()
    await openDay(
      page.getByTestId('calendar-grid').locator(`[data-day="${day(3)}"] [data-item="day:${day(3)}"]`),
    )
    const details = page.getByTestId('bookings-modal').getByTestId('booking-details')
    await expect.poll(() => details.count()).toBe(3)
    expect(await page.getByTestId('bookings-modal').locator('[data-echo]').count()).toBe(1)
    // A clash with a stay entered by hand is worded as such on both sides, never "two platforms".
    const said = (text: string) => page.getByTestId('bookings-modal').getByText(text).count()
    expect(await said('A stay you entered by hand holds these nights too')).toBe(1)
    expect(await said('You entered this stay by hand, and a platform’s booking holds these nights too')).toBe(
      1,
    )
    expect(await said('These nights are booked on two platforms')).toBe(0)
    await screenshot(page, 'double-booking-modal-desktop-en')
    await page.keyboard.press('Escape')

    // A new stay on those nights is warned of before it is saved: the block and Faisal's booking
    // hold them; Airbnb's mirror of the block is no second sale.
    await page.getByTestId('add-stay').click()
    await dialog.getByText('Add a stay').waitFor()
    await pickDay(page, 'stay-end', day(4))
    await pickDay(page, 'stay-start', day(3))
    const taken = dialog.getByTestId('stay-nights-taken')
    await taken.waitFor()
    const named = await taken.getByRole('listitem').allInnerTexts()
    expect(named).toHaveLength(2)
    expect(named.some((line) => line.startsWith('Blocked · Manual · '))).toBe(true)
    expect(named.some((line) => line.startsWith('Faisal Al-Qahtani · Airbnb · '))).toBe(true)
    expect(await taken.innerText()).toContain('Saving makes a double booking.')
    await screenshot(page, 'manual-stay-nights-taken-desktop-en')
    await page.close()
  })

  it.each([
    ['desktop', 'ar'],
    ['mobile', 'en'],
    ['mobile', 'ar'],
  ] as const)('lays the stay form and the double booking out on %s in %s', async (device, language) => {
    const { shots, page } = await signedInPage(browser, context, device, language)
    const name = (screen: string) => `${screen}-${device}-${language}`
    await page.goto(`${server.url}/calendar`)
    await page.getByTestId('upcoming-stays').getByText('Sara M').waitFor()
    await page.getByTestId('add-stay').click()
    const dialog = page.getByTestId('manual-stay-dialog')
    await dialog.waitFor()
    await page.waitForTimeout(300)
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(
      device === 'desktop' ? DESKTOP.width : PHONE.width,
    )
    const box = await dialog.boundingBox()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(device === 'desktop' ? DESKTOP.width : PHONE.width)
    await screenshot(page, name('manual-stay-dialog'))
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    await page.getByTestId('bell').filter({ visible: true }).click()
    await page.getByTestId('notifications-panel').getByTestId('notification').first().waitFor()
    await screenshot(page, name('notifications-conflict'))
    await shots.close()
  })
})
