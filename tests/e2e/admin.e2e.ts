import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { addDays, daysInMonth, localToday } from '../../src/domain/dates.ts'
import { calendarOf, startFeedServer } from '../fixtures/feedServer.ts'
import {
  chooseLanguage,
  DESKTOP,
  errorAt,
  launchBrowser,
  PHONE,
  screenshot,
  signInThroughForm,
} from './browser.ts'
import { registerAccount, startServer, type RunningServer } from './server.ts'

const ADMIN = { email: 'admin@example.com', password: 'Admin-Pass-2026!' }
const HOST = { email: 'huda@example.com', password: 'Huda-Pass-2026!' }
const LEAVER = { email: 'omar@example.com', password: 'Omar-Pass-2026!' }
const COST_PER_NIGHT = 400

let server: RunningServer
let feeds: Awaited<ReturnType<typeof startFeedServer>>
let browser: Browser
let context: BrowserContext
let page: Page

const signInStatus = async (account: { email: string; password: string }) =>
  (
    await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(account),
    })
  ).status

/** The signed-in admin's own calls, with the page's session cookie. */
const adminApi = {
  get: async <T>(path: string): Promise<T> => (await page.request.get(`${server.url}/api${path}`)).json(),
  post: (path: string, data: unknown) =>
    page.request.post(`${server.url}/api${path}`, { data, headers: { origin: server.url } }),
}

const userRow = (email: string) => page.getByTestId('user-row').filter({ hasText: email })

beforeAll(async () => {
  feeds = await startFeedServer()
  server = await startServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SYNC_ALLOW_HOSTS: '127.0.0.1',
  })
  browser = await launchBrowser()
  context = await browser.newContext({ viewport: DESKTOP })
  page = await context.newPage()
  await registerAccount(server, HOST)
  await registerAccount(server, LEAVER)
  await signInThroughForm(page, server.url, ADMIN)
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await server?.stop()
  await feeds?.close()
})

describe('administration in the browser', () => {
  it('shows dashboard figures that match a hand computation', async () => {
    // Three nights this month and two last month, at 400 a night, on one linked property.
    const today = localToday()
    const [year, month] = today.split('-').map(Number) as [number, number]
    const firstOfMonth = `${today.slice(0, 7)}-01`
    const lastMonthTenth = `${addDays(firstOfMonth, -1).slice(0, 7)}-10`
    feeds.serve(
      '/airbnb.ics',
      calendarOf([
        {
          uid: 'this-month',
          start: addDays(firstOfMonth, 1),
          end: addDays(firstOfMonth, 4),
          summary: 'Reserved - Sara',
        },
        {
          uid: 'last-month',
          start: lastMonthTenth,
          end: addDays(lastMonthTenth, 2),
          summary: 'Reserved - Omar',
        },
      ]),
    )
    const created = await page.request.post(`${server.url}/api/property`, {
      headers: { origin: server.url },
      multipart: {
        name: 'Palm Villa',
        country: 'Saudi',
        city: 'Riyadh',
        address: 'Olaya Street 12',
        capacity: '4',
        costPerNight: String(COST_PER_NIGHT),
        externalCalendars: JSON.stringify([{ platformName: 'Airbnb', urlPath: feeds.url('/airbnb.ics') }]),
      },
    })
    expect(created.status()).toBe(201)
    await adminApi.post('/notification/trigger', {})
    await expect
      .poll(
        async () =>
          (await adminApi.get<{ monthlyRevenue: { current: number } }>('/dashboard/statistics'))
            .monthlyRevenue.current,
        {
          timeout: 20_000,
        },
      )
      .toBe(3 * COST_PER_NIGHT)

    await page.goto(`${server.url}/dashboard`)
    const values = page.getByTestId('stat-value')
    await expect.poll(() => values.allInnerTexts()).toHaveLength(5)
    const occupancy = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 }).format(
      3 / daysInMonth(year, month),
    )
    // Intl writes a no-break space between "SAR" and the amount.
    const [revenue, properties, connections, rate] = (await values.allInnerTexts()).map((text) =>
      text.replace(/\u00a0/g, ' '),
    )
    expect(revenue).toBe('SAR 1,200')
    expect(properties).toBe('1')
    expect(connections).toBe('1')
    expect(rate).toBe(occupancy)
    expect(await page.getByTestId('stat-card').first().innerText()).toContain('+50%')
    // The chart comes after the figures: it loads once the first screen has painted.
    await expect.poll(() => page.getByTestId('revenue-bar').count()).toBe(12)
    await screenshot(page, 'dashboard-statistics-desktop-en')
    await chooseLanguage(page, 'ar')
    await screenshot(page, 'dashboard-statistics-desktop-ar')
    await chooseLanguage(page, 'en')
  })

  it('connects a platform to a property from the integration page', async () => {
    feeds.serve('/vrbo.ics', calendarOf([]))
    await page.goto(`${server.url}/integration`)
    const card = (platform: string) => page.getByTestId('platform-card').filter({ hasText: platform })
    await card('Airbnb').getByRole('button', { name: 'Connected' }).waitFor()
    await card('Vrbo').getByRole('button', { name: 'Connect Vrbo' }).click()
    const dialog = page.getByTestId('connect-dialog')
    await dialog.getByLabel('Vrbo calendar link').fill('not a link')
    await dialog.getByRole('button', { name: 'Connect' }).click()
    expect(await errorAt(dialog.getByLabel('Vrbo calendar link'))).toBe(
      'Paste a link that starts with https://',
    )
    await dialog.getByLabel('Vrbo calendar link').fill(feeds.url('/vrbo.ics'))
    await dialog.getByRole('button', { name: 'Connect' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await card('Vrbo').getByRole('button', { name: 'Connected' }).isDisabled()).toBe(true)
    await screenshot(page, 'integration-desktop-en')
    const [property] =
      await adminApi.get<{ externalCalendars: { platformName: string }[] }[]>('/property/list')
    expect(property?.externalCalendars.map((calendar) => calendar.platformName).sort()).toEqual([
      'Airbnb',
      'Vrbo',
    ])
  })

  it('connects a second property to a platform another property links, and shows its failing feed', async () => {
    // A platform's card stays usable while some property does not link it.
    const created = await page.request.post(`${server.url}/api/property`, {
      headers: { origin: server.url },
      multipart: {
        name: 'Dune House',
        country: 'Saudi',
        city: 'Riyadh',
        address: 'Diriyah 3',
        capacity: '2',
      },
    })
    expect(created.status()).toBe(201)
    await page.goto(`${server.url}/integration`)
    const card = (platform: string) => page.getByTestId('platform-card').filter({ hasText: platform })
    const linked = (platform: string) =>
      card(platform)
        .getByTestId('platform-linked')
        .innerText()
        .then((text) => text.replace(/[\u2066-\u2069]/g, ''))
    await expect.poll(() => linked('Airbnb')).toBe('Linked to Palm Villa')
    await card('Airbnb').getByRole('button', { name: 'Connect Airbnb' }).click()
    const dialog = page.getByTestId('connect-dialog')
    expect(await dialog.getByLabel('Property').locator('option').allInnerTexts()).toEqual(['Dune House'])
    // Nothing answers at this address: the link is stored, and its first sync fails.
    await dialog.getByLabel('Airbnb calendar link').fill(feeds.url('/missing-dune.ics'))
    await dialog.getByRole('button', { name: 'Connect' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => linked('Airbnb')).toBe('Linked to Dune House and Palm Villa')
    expect(await card('Airbnb').getByRole('button', { name: 'Connected' }).isDisabled()).toBe(true)

    // One calendar link is linked once per property: the server's translated 400 stays in the dialog.
    await card('Booking.com').getByRole('button', { name: 'Connect Booking.com' }).click()
    expect((await dialog.getByLabel('Property').locator('option').allInnerTexts()).sort()).toEqual([
      'Dune House',
      'Palm Villa',
    ])
    await dialog.getByLabel('Property').selectOption({ label: 'Palm Villa' })
    await dialog.getByLabel('Booking.com calendar link').fill(feeds.url('/airbnb.ics'))
    await dialog.getByRole('button', { name: 'Connect' }).click()
    // The server's refusal, at the link it is about.
    await expect
      .poll(() => errorAt(dialog.getByLabel('Booking.com calendar link')))
      .toBe('The Booking.com link is the same as the Airbnb link: a calendar can be linked only once')
    // The pasted link is not dropped without asking.
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await page.getByTestId('discard-confirmation').getByRole('button', { name: 'Discard' }).click()
    await dialog.waitFor({ state: 'detached' })

    // The failing feed shows on the platform's card, the property card and the dashboard's count.
    await expect
      .poll(
        async () => {
          await page.reload()
          return card('Airbnb')
            .getByTestId('platform-failing')
            .textContent({ timeout: 2000 })
            .catch(() => null)
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe('1 of 2 failing')
    await screenshot(page, 'integration-failing-desktop-en')
    await page.goto(`${server.url}/properties`)
    const dune = page.getByTestId('property-card').filter({ hasText: 'Dune House' })
    expect(await dune.getByTestId('card-failing').innerText()).toBe('1 link failing')
    expect(
      await page
        .getByTestId('property-card')
        .filter({ hasText: 'Palm Villa' })
        .getByTestId('card-failing')
        .count(),
    ).toBe(0)
    await page.goto(`${server.url}/dashboard`)
    const connections = page.getByTestId('stat-card').nth(2)
    await connections.getByText('2 of 3 syncing').waitFor()
  })

  it('adds a property for another user from Manage property', async () => {
    await page.goto(`${server.url}/users`)
    await userRow(HOST.email)
      .getByRole('link', { name: /^Manage property: / })
      .click()
    await page.waitForURL(/\/users\/[^/]+\/properties$/)
    await page.getByText('No properties yet').waitFor()
    await page.getByTestId('add-property').click()
    await page.getByLabel('Property name').fill('Corniche Flat')
    await page.getByLabel('Address').fill('Saudi Makkah Jeddah Corniche Road 5')
    await page.getByLabel('Capacity (guests)').fill('3')
    await page.getByLabel('Cost per night (SAR)').fill('500')
    await page.getByTestId('submit-property').click()
    await page.getByTestId('property-card').filter({ hasText: 'Corniche Flat' }).waitFor()
    await screenshot(page, 'manage-property-desktop-en')

    const users = await adminApi.get<{ id: string; email: string }[]>('/admin/user/list')
    const host = users.find((user) => user.email === HOST.email)!
    const theirs = await adminApi.get<{ name: string }[]>(`/admin/user/${host.id}/property/list`)
    expect(theirs.map((property) => property.name)).toEqual(['Corniche Flat'])
    const mine = await adminApi.get<{ name: string }[]>('/property/list')
    expect(mine.map((property) => property.name)).not.toContain('Corniche Flat')
  })

  it('shows a host who types an admin address "not allowed", not the data', async () => {
    const hostContext = await browser.newContext({ viewport: DESKTOP })
    const signIn = await hostContext.request.post(`${server.url}/api/auth/login`, {
      data: HOST,
      headers: { origin: server.url },
    })
    expect(signIn.status()).toBe(200)
    const hostPage = await hostContext.newPage()
    for (const path of ['/users', '/guests', '/logs', '/users/someone/properties']) {
      await hostPage.goto(`${server.url}${path}`)
      await hostPage.getByText('You are not allowed to see this page.').waitFor()
      expect(await hostPage.getByTestId('user-row').count()).toBe(0)
    }
    expect(await hostPage.getByRole('link', { name: 'Users' }).count()).toBe(0)
    await hostContext.close()
  })

  it('deactivates a user with a reason, who then cannot sign in', async () => {
    expect(await signInStatus(HOST)).toBe(200)
    await page.goto(`${server.url}/users`)
    await userRow(HOST.email).getByRole('button', { name: /^Edit/ }).click()
    const profile = page.getByTestId('admin-profile')
    await profile.waitFor()
    await profile.getByTestId('settings-account').getByRole('button', { name: 'Deactivate' }).click()

    const dialog = page.getByTestId('reason-dialog')
    await dialog.getByRole('button', { name: 'Deactivate' }).click()
    expect(await errorAt(dialog.getByLabel('Reason'))).toBe('Please give a reason')
    await dialog.getByLabel('Reason').fill('Listing properties that do not exist')
    await screenshot(page, 'deactivate-dialog-desktop-en')
    await dialog.getByRole('button', { name: 'Deactivate' }).click()
    await dialog.waitFor({ state: 'detached' })
    await userRow(HOST.email).getByText('deactivated').waitFor()
    await screenshot(page, 'users-desktop-en')

    expect(await signInStatus(HOST)).toBe(403)
    const log = await adminApi.get<{ items: { kind: string; message: string }[] }>(
      '/admin/log/list?kind=admin.user-deactivated',
    )
    expect(JSON.stringify(log.items)).toContain('Listing properties that do not exist')
  })

  it('reactivates a deactivated user with a reason, who then signs in again', async () => {
    await page.goto(`${server.url}/users`)
    await userRow(HOST.email).getByRole('button', { name: /^Edit/ }).click()
    const account = page.getByTestId('admin-profile').getByTestId('settings-account')
    await account.getByRole('button', { name: 'Reactivate' }).click()
    const dialog = page.getByTestId('reason-dialog')
    await dialog.getByLabel('Reason').fill('Paid the overdue invoice')
    await screenshot(page, 'reactivate-dialog-desktop-en')
    await dialog.getByRole('button', { name: 'Reactivate' }).click()
    await dialog.waitFor({ state: 'detached' })
    await userRow(HOST.email).getByText('deactivated').waitFor({ state: 'detached' })
    // The profile dialog offers deactivation again.
    await userRow(HOST.email).getByRole('button', { name: /^Edit/ }).click()
    await account.getByRole('button', { name: 'Deactivate' }).waitFor()
    await page.keyboard.press('Escape')
    expect(await signInStatus(HOST)).toBe(200)
  })

  it('deletes a user with a reason: the row goes, and so does the account', async () => {
    await page.goto(`${server.url}/users`)
    await userRow(LEAVER.email).getByRole('button', { name: /^Edit/ }).click()
    await page.getByTestId('settings-account').getByRole('button', { name: 'Delete user' }).click()
    const dialog = page.getByTestId('reason-dialog')
    await dialog.getByLabel('Reason').fill('Asked to leave by e-mail')
    await dialog.getByRole('button', { name: 'Delete user' }).click()
    await userRow(LEAVER.email).waitFor({ state: 'detached' })
    expect(await signInStatus(LEAVER)).toBe(400)
  })

  it('lays the users screen out as cards on a phone, in Arabic', async () => {
    const phone = await browser.newContext({ viewport: PHONE, storageState: await context.storageState() })
    await phone.addInitScript(() => localStorage.setItem('manzil.language', 'ar'))
    const phonePage = await phone.newPage()
    await phonePage.goto(`${server.url}/users`)
    await phonePage.getByTestId('user-card').first().waitFor()
    expect(await phonePage.getByTestId('users-table').isVisible()).toBe(false)
    await screenshot(phonePage, 'users-mobile-ar')
    await phone.close()
  })

  it('fits every admin screen to the window, in both languages, on desktop and phone', async () => {
    const screens = ['dashboard', 'users', 'guests', 'logs', 'integration'] as const
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', PHONE],
    ] as const) {
      for (const language of ['en', 'ar'] as const) {
        const visit = await browser.newContext({ viewport, storageState: await context.storageState() })
        await visit.addInitScript((lang) => localStorage.setItem('manzil.language', lang), language)
        const visitPage = await visit.newPage()
        for (const screen of screens) {
          await visitPage.goto(`${server.url}/${screen}`)
          await visitPage.locator('main h1').waitFor()
          await visitPage.waitForLoadState('networkidle')
          const overflow = await visitPage.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          )
          expect(overflow, `/${screen} ${size} ${language} is wider than the window`).toBeLessThanOrEqual(0)
          if (screen === 'logs') {
            // The server writes the log's messages in the reader's language.
            const log = await visitPage.locator('main').innerText()
            expect(log.includes('signed in'), `English log lines in ${language}`).toBe(language === 'en')
          }
          await screenshot(
            visitPage,
            `${screen === 'dashboard' ? 'dashboard-statistics' : screen}-${size}-${language}`,
          )
        }
        await visit.close()
      }
    }
  })
})
