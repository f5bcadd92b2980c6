import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import en from '../../locales/en.json' with { type: 'json' }
import ar from '../../locales/ar.json' with { type: 'json' }
import { launchBrowser, PHONE, screenshot } from './browser.ts'
import { addProperty } from './hostData.ts'
import { registerAccount, startServer, type RunningServer } from './server.ts'

// A network drop while a form is open (docs/decisions.md, "A network drop loses nothing"): the
// screen and the form stay with what was typed, a banner says the network is gone, a save fails
// with the offline message and keeps the input, and back online the same save goes through.

const HOST = { email: 'nora.host@example.com', password: 'Nora-Pass-2026!' }
const PROPERTY = 'Palm Villa'
const WORDS = { en, ar }
/** How long the network stays away: long enough for anything that reacts to it to have done so. */
const DROP_MS = 2_000
/** How many times slower than this machine the window's processor runs. */
const SLOW_PROCESSOR = 6

type Case = {
  language: 'en' | 'ar'
  viewport: { width: number; height: number }
  device: 'desktop' | 'mobile'
}
const CASES: Case[] = [
  { language: 'en', viewport: { width: 1280, height: 800 }, device: 'desktop' },
  { language: 'ar', viewport: PHONE, device: 'mobile' },
]

let server: RunningServer
let browser: Browser
let session: Awaited<ReturnType<BrowserContext['storageState']>>
let propertyId: string

beforeAll(async () => {
  server = await startServer()
  await registerAccount(server, HOST)
  browser = await launchBrowser()
  const context = await browser.newContext()
  const signIn = await context.request.post(`${server.url}/api/auth/login`, {
    data: HOST,
    headers: { origin: server.url },
  })
  expect(signIn.status()).toBe(200)
  propertyId = await addProperty(context, server.url, { name: PROPERTY })
  session = await context.storageState()
  await context.close()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/**
 * A signed-in window at the case's width, in its language, on a phone's slower processor: the
 * drop then lands while the screen's code is still settling, which is when a remount of the
 * screen (a part drawn first through React.lazy, later by its loaded component) lost the form.
 */
async function openWindow({ language, viewport }: Case) {
  const context = await browser.newContext({ viewport, storageState: session })
  await context.addInitScript((lang) => localStorage.setItem('manzil.language', lang), language)
  const page = await context.newPage()
  const devtools = await context.newCDPSession(page)
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PROCESSOR })
  return { context, page }
}

/**
 * The network goes: the banner says so in the page's language, over the header rather than on
 * it, and the open dialog starts below it. It then stays away for DROP_MS.
 */
async function dropNetwork(context: BrowserContext, page: Page, language: 'en' | 'ar', dialog: Locator) {
  // The banner's live region is in the page, empty, before the drop it announces.
  const region = page.getByTestId('offline-status')
  await region.waitFor({ state: 'attached' })
  expect(await region.textContent()).toBe('')
  await context.setOffline(true)
  const banner = page.getByTestId('offline-banner')
  await banner.waitFor()
  expect(await page.getByRole('status').filter({ hasText: WORDS[language].offline.banner }).count()).toBe(1)
  const bar = (await banner.boundingBox())!
  expect(bar.y).toBe(0)
  expect(bar.width).toBe(page.viewportSize()!.width)
  const header = page.locator('[data-testid="desktop-header"], [data-testid="mobile-top-bar"]')
  expect((await header.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height - 0.5)
  expect((await dialog.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height - 0.5)
  await page.waitForTimeout(DROP_MS)
  expect(await page.getByTestId('offline-page').count()).toBe(0)
}

/** The network comes back: the banner goes. */
async function restoreNetwork(context: BrowserContext, page: Page) {
  await context.setOffline(false)
  await page.getByTestId('offline-banner').waitFor({ state: 'detached' })
}

describe('a network drop loses nothing', () => {
  for (const { language, viewport, device } of CASES) {
    const words = WORDS[language]
    const name = (shot: string) => `${shot}-${device}-${language}`

    it(`keeps the Add stay dialog and what was typed, at ${viewport.width} px in ${language}`, async () => {
      const { context, page } = await openWindow({ language, viewport, device })
      try {
        await page.goto(`${server.url}/calendar`)
        const add = page.getByTestId('add-stay')
        await expect.poll(() => add.isEnabled()).toBe(true)
        await add.click()
        const dialog = page.getByTestId('manual-stay-dialog')
        await dialog.waitFor()
        const guest = dialog.locator('#stay-guest')
        const note = dialog.locator('#stay-note')
        const guestName = `Layla Haddad ${language}`
        await guest.fill(guestName)
        await note.fill('Arrives late, after midnight')

        await dropNetwork(context, page, language, dialog)
        expect(await dialog.isVisible()).toBe(true)
        expect(await guest.inputValue()).toBe(guestName)
        expect(await note.inputValue()).toBe('Arrives late, after midnight')
        await screenshot(page, name('offline-banner-stay'))

        // Saving offline fails at once, says why, and keeps the dialog as it was.
        await dialog.getByRole('button', { name: words.manualStay.save, exact: true }).click()
        await dialog.getByRole('alert').filter({ hasText: words.app.offlineFailure }).waitFor()
        expect(await dialog.isVisible()).toBe(true)
        expect(await guest.inputValue()).toBe(guestName)
        expect(await note.inputValue()).toBe('Arrives late, after midnight')

        await restoreNetwork(context, page)
        expect(await guest.inputValue()).toBe(guestName)
        await dialog.getByRole('button', { name: words.manualStay.save, exact: true }).click()
        await dialog.waitFor({ state: 'detached' })
        await page.getByText(words.manualStay.added).waitFor()

        const found = await context.request.get(`${server.url}/api/stay/search`, {
          params: { q: guestName },
        })
        expect(found.status()).toBe(200)
        expect(JSON.stringify(await found.json())).toContain(guestName)
      } finally {
        await context.close()
      }
    })

    it(`keeps the property editor's typed description, at ${viewport.width} px in ${language}`, async () => {
      const { context, page } = await openWindow({ language, viewport, device })
      try {
        await page.goto(`${server.url}/properties`)
        await page
          .getByTestId('property-card')
          .filter({ has: page.getByRole('heading', { name: PROPERTY, exact: true }) })
          .click()
        const modal = page.getByTestId('property-modal')
        await modal.waitFor()
        if ((await modal.locator('[data-mode]').getAttribute('data-mode')) !== 'edit') {
          await modal.getByTestId('mode-edit').click()
        }
        const description = modal.locator('#field-description')
        const text = `A shaded courtyard and a pool (${language})`
        await description.fill(text)

        await dropNetwork(context, page, language, modal)
        expect(await modal.isVisible()).toBe(true)
        expect(await description.inputValue()).toBe(text)

        await modal.getByTestId('save-property').click()
        await page.getByText(words.app.offlineFailure).waitFor()
        expect(await modal.isVisible()).toBe(true)
        expect(await description.inputValue()).toBe(text)

        await restoreNetwork(context, page)
        await modal.getByTestId('save-property').click()
        await modal.waitFor({ state: 'detached' })
        await page.getByText(words.property.updated).waitFor()
        const stored = await context.request.get(`${server.url}/api/property/${propertyId}`)
        expect(((await stored.json()) as { description: string }).description).toBe(text)
      } finally {
        await context.close()
      }
    })
  }
})
