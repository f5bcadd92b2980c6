import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { addDays } from '../../src/domain/dates.ts'
import { todayIn } from '../../src/domain/timeZones.ts'
import { launchBrowser, overflows, PHONE, screenshot, tabTo, WIDE } from './browser.ts'
import { addProperty } from './hostData.ts'
import { logMailbox, registerAccount, startServer, type RunningServer } from './server.ts'

// A host makes a cleaner's link on the Turnovers screen by keyboard alone, hands on its addresses,
// opens the cleaner's page from it, replaces it and revokes it; the address it tells confirms
// from the mailed link's page, at 1280 and 390 px, in both languages.
const HOST = { email: 'noura.host@example.com', password: 'Noura-Pass-2026!' }
const CLEANER_EMAIL = 'fatima.cleaner@example.com'
const WIDTHS = { desktop: WIDE, mobile: PHONE } as const

let server: RunningServer
let browser: Browser
let context: BrowserContext
const headers = () => ({ origin: server.url })

beforeAll(async () => {
  server = await startServer()
  await registerAccount(server, HOST)
  browser = await launchBrowser()
  context = await browser.newContext({ viewport: WIDE })
  const login = await context.request.post(`${server.url}/api/auth/login`, { data: HOST, headers: headers() })
  expect(login.status()).toBe(200)
  const villa = await addProperty(context, server.url, { name: 'Villa Nakheel' })
  await addProperty(context, server.url, { name: 'Palm Loft' })
  const listed = await context.request.get(`${server.url}/api/property/list`)
  const [first] = (await listed.json()) as { timeZone: string }[]
  const today = todayIn(first!.timeZone)
  const stay = await context.request.post(`${server.url}/api/property/${villa}/stay`, {
    data: { start: addDays(today, -1), end: addDays(today, 2), kind: 'booking', guestName: 'Amal Saeed' },
    headers: headers(),
  })
  expect(stay.status()).toBe(201)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function pageAt(width: keyof typeof WIDTHS, language: 'en' | 'ar'): Promise<Page> {
  const shots = await browser.newContext({
    viewport: WIDTHS[width],
    storageState: await context.storageState(),
  })
  await shots.addInitScript((lang) => localStorage.setItem('manzil.language', lang), language)
  await shots.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
  return shots.newPage()
}

/** A cleaner's page by its address, opened without a session. */
async function cleanerPage(url: string) {
  const visitor = await browser.newContext({ viewport: PHONE })
  const page = await visitor.newPage()
  await page.goto(url)
  return page
}

describe('cleaner links on the Turnovers screen', () => {
  it('are made by keyboard alone, copied, opened, replaced and revoked', async () => {
    const page = await pageAt('desktop', 'en')
    await page.goto(`${server.url}/turnovers`)
    const empty = page.getByTestId('cleaner-links-empty')
    await empty.waitFor()
    expect(await empty.innerText()).toContain('without signing in')

    // By keyboard: open the dialog, name the link, tick every property, give an address, create.
    await tabTo(page, '[data-testid="new-cleaner-link"]')
    await page.keyboard.press('Enter')
    const dialog = page.getByTestId('cleaner-link-dialog')
    await dialog.waitFor()
    // Nothing chosen yet: the dialog says what each field needs, in place.
    await tabTo(page, '[data-testid="cleaner-link-dialog"] button[type="submit"]')
    await page.keyboard.press('Enter')
    await dialog.getByText('Enter a name').waitFor()
    await dialog.getByText('Choose at least one property').waitFor()
    await tabTo(page, '#field-name', true)
    await page.keyboard.type('Fatima')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Space')
    expect(await dialog.getByRole('checkbox', { name: 'Palm Loft' }).isChecked()).toBe(true)
    await tabTo(page, '#field-email')
    await page.keyboard.type(CLEANER_EMAIL)
    await page.keyboard.press('Enter')

    const created = page.getByTestId('cleaner-link-created')
    await created.waitFor()
    const url = await created.getByTestId('cleaner-link-url').inputValue()
    const icsUrl = await created.getByTestId('cleaner-link-ics').inputValue()
    expect(url).toMatch(new RegExp(`^${server.url}/cleaner/[^/]+$`))
    expect(icsUrl).toMatch(/\/api\/cleaning\/feed\/[^/]+\.ics$/)
    expect(await created.getByTestId('confirmation-sent').innerText()).toContain(CLEANER_EMAIL)
    await screenshot(page, 'cleaner-link-created-desktop-en')
    await created.getByTestId('copy-button').first().click()
    await created.getByRole('button', { name: 'Copied!' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url)
    const feed = await fetch(icsUrl)
    expect(feed.status).toBe(200)
    expect(await feed.text()).toContain('BEGIN:VCALENDAR')
    await created.getByRole('button', { name: 'Done' }).click()
    await dialog.waitFor({ state: 'detached' })

    const card = page.getByTestId('cleaner-link')
    await card.waitFor()
    expect(await card.getByTestId('cleaner-link-properties').innerText()).toBe('Palm Loft, Villa Nakheel')
    expect(await card.getByTestId('cleaner-link-email').innerText()).toContain('Waiting for confirmation')
    expect(await card.getByTestId('cleaner-link-url').inputValue()).toBe(url)

    // The page opens from the card, in a new tab, without a session's help.
    const [opened] = await Promise.all([
      page.context().waitForEvent('page'),
      card.getByTestId('open-cleaner-page').click(),
    ])
    await opened!.getByRole('heading', { level: 1, name: /Fatima/ }).waitFor()
    await opened!.close()

    // A new link: the old page answers that it no longer works.
    await card.getByTestId('rotate-cleaner-link').click()
    const rotate = page.getByTestId('rotate-cleaner-link-dialog')
    expect(await rotate.innerText()).toContain('stop working at once')
    await rotate.getByTestId('confirm-rotate-cleaner-link').click()
    await rotate.waitFor({ state: 'detached' })
    await expect.poll(() => card.getByTestId('cleaner-link-url').inputValue()).not.toBe(url)
    const newUrl = await card.getByTestId('cleaner-link-url').inputValue()
    const old = await cleanerPage(url)
    expect(await old.getByTestId('cleaner-gone').innerText()).toContain('no longer works')
    await old.context().close()
    expect((await fetch(icsUrl)).status).toBe(404)

    // Revoked: the new page is gone too, and the screen is back to explaining links.
    await card.getByTestId('revoke-cleaner-link').click()
    const revoke = page.getByTestId('revoke-cleaner-link-dialog')
    expect(await revoke.innerText()).toContain('stop working at once')
    await revoke.getByTestId('confirm-revoke-cleaner-link').click()
    await empty.waitFor()
    // The revoked card took its button with it: the focus stays in the section, for the keyboard.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('new-cleaner-link')
    const revoked = await cleanerPage(newUrl)
    await revoked.getByTestId('cleaner-gone').waitFor()
    await revoked.context().close()
    await page.context().close()
  })

  it('show a refusal of the server in the dialog', async () => {
    const page = await pageAt('desktop', 'en')
    await page.goto(`${server.url}/turnovers`)
    await page.getByTestId('new-cleaner-link').click()
    const dialog = page.getByTestId('cleaner-link-dialog')
    await dialog.getByLabel('Name').fill('Omar')
    await dialog.getByRole('checkbox', { name: 'All properties' }).check()
    // The address passes the dialog's own check, not the server's.
    await dialog.getByLabel('E-mail (optional)').fill('omar@example..com')
    await dialog.getByRole('button', { name: 'Create link' }).click()
    await expect
      .poll(() => dialog.locator('[role="alert"], [aria-invalid="true"]').count())
      .toBeGreaterThan(0)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await page.context().close()
  })

  for (const language of ['en', 'ar'] as const)
    it(`in ${language}, list the links at 1280 and 390 px`, async () => {
      const list = await context.request.get(`${server.url}/api/turnover/link`)
      if (((await list.json()) as unknown[]).length === 0) {
        const properties = (await (await context.request.get(`${server.url}/api/property/list`)).json()) as {
          id: string
        }[]
        for (const [name, email, propertyIds] of [
          ['Fatima', CLEANER_EMAIL, properties.map((property) => property.id)],
          ['Sparkle Cleaning Co.', undefined, [properties[0]!.id]],
        ] as const) {
          const made = await context.request.post(`${server.url}/api/turnover/link`, {
            data: { name, propertyIds, language: 'ar', ...(email ? { email } : {}) },
            headers: headers(),
          })
          expect(made.status()).toBe(201)
        }
      }
      for (const width of ['desktop', 'mobile'] as const) {
        const page = await pageAt(width, language)
        await page.goto(`${server.url}/turnovers`)
        const cards = page.getByTestId('cleaner-link')
        await cards.first().waitFor()
        expect(await cards.count()).toBe(2)
        expect(await overflows(page)).toBe(false)
        // The whole screen at once: a full-page capture leaves the wide layout's sticky sidebar short.
        if (width === 'desktop')
          await page.setViewportSize({
            width: WIDE.width,
            height: await page.evaluate(() => document.documentElement.scrollHeight),
          })
        await screenshot(page, `cleaner-links-${width}-${language}`, { fullPage: width === 'mobile' })
        await page.context().close()
      }
    })
})

describe('the page that confirms a cleaner’s address', () => {
  for (const language of ['en', 'ar'] as const)
    for (const width of ['desktop', 'mobile'] as const)
      it(`asks before confirming, in ${language}, at ${width === 'desktop' ? 1280 : 390} px`, async () => {
        const visitor = await browser.newContext({ viewport: WIDTHS[width] })
        await visitor.addInitScript((lang) => localStorage.setItem('manzil.language', lang), language)
        const page = await visitor.newPage()
        const posts: string[] = []
        page.on('request', (request) => {
          if (request.method() === 'POST') posts.push(request.url())
        })
        await page.goto(`${server.url}/confirm-cleaning-mail/not-a-real-token`)
        await page.getByTestId('cleaner-email-form').waitFor()
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language)
        // Opening the page confirms nothing: mail scanners open links too.
        expect(posts).toEqual([])
        expect(await overflows(page)).toBe(false)
        await screenshot(page, `confirm-cleaning-mail-${width}-${language}`)
        await page.getByRole('button', { name: language === 'en' ? 'Confirm' : 'تأكيد' }).click()
        await page.getByTestId('cleaner-email-gone').waitFor()
        await visitor.close()
      })

  it('confirms the address from the mailed link, and the host sees it confirmed', async () => {
    const properties = (await (await context.request.get(`${server.url}/api/property/list`)).json()) as {
      id: string
    }[]
    const address = 'mona.cleaner@example.com'
    const made = await context.request.post(`${server.url}/api/turnover/link`, {
      data: { name: 'Mona', propertyIds: [properties[0]!.id], email: address, language: 'en' },
      headers: headers(),
    })
    expect(made.status()).toBe(201)
    const mail = await logMailbox(server).waitForMail(address)
    const link = /https?:\/\/\S+\/confirm-cleaning-mail\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0]
    expect(link).toBeDefined()
    const visitor = await browser.newContext({ viewport: PHONE })
    const page = await visitor.newPage()
    await page.goto(link!)
    await page.getByRole('button', { name: 'Confirm' }).click()
    const confirmed = page.getByTestId('cleaner-email-confirmed')
    await confirmed.waitFor()
    expect(await confirmed.innerText()).toContain(
      `Confirmed: ${address} will get an e-mail when the cleanings of Mona change.`,
    )
    await visitor.close()

    const host = await pageAt('desktop', 'en')
    await host.goto(`${server.url}/turnovers`)
    const card = host.getByTestId('cleaner-link').filter({ hasText: 'Mona' })
    await expect.poll(() => card.getByTestId('cleaner-link-email').innerText()).toContain('Confirmed')
    await host.context().close()
  })
})
