import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { calendarOf, startFeedServer } from '../fixtures/feedServer.ts'
import {
  chooseLanguage,
  DESKTOP,
  launchBrowser,
  PHONE,
  screenshot as takeScreenshot,
  signInThroughForm,
} from './browser.ts'
import { registerAccount, startServer, type RunningServer } from './server.ts'

const HOST = { email: 'admin@example.com', password: 'Admin-Pass-2026!' }
const OTHER_HOST = { email: 'salma@example.com', password: 'Salma-Pass-2026!' }

let server: RunningServer
let feeds: Awaited<ReturnType<typeof startFeedServer>>
let browser: Browser
let photoDir: string
let photos: string[]
/** The signed-in host's session, shared by the desktop and the phone-sized windows. */
let hostSession: Awaited<ReturnType<BrowserContext['storageState']>>

type StoredProperty = {
  id: string
  name: string
  externalCalendars: { platformName: string; lastSyncedAt: string | null; lastError: string | null }[]
}

/** Two small real photos, different colours, so the main picture and the thumbnail differ. */
async function makePhotos(dir: string) {
  const colours = [
    { name: 'courtyard.jpg', background: { r: 196, g: 120, b: 64 } },
    { name: 'pool.png', background: { r: 40, g: 130, b: 190 } },
  ]
  return Promise.all(
    colours.map(async ({ name, background }) => {
      const file = path.join(dir, name)
      const image = sharp({ create: { width: 640, height: 420, channels: 3, background } })
      await (name.endsWith('.png') ? image.png() : image.jpeg()).toFile(file)
      return file
    }),
  )
}

const api = (page: Page) => ({
  list: async () =>
    (await page.request.get(`${server.url}/api/property/list`)).json() as Promise<StoredProperty[]>,
  trigger: () =>
    page.request.post(`${server.url}/api/notification/trigger`, { headers: { origin: server.url } }),
})

/** Syncs the host's feeds now and waits until every link of `name` has been fetched once. */
async function syncedProperty(page: Page, name: string) {
  await api(page).trigger()
  let found: StoredProperty | undefined
  await expect
    .poll(
      async () => {
        found = (await api(page).list()).find((property) => property.name === name)
        return found?.externalCalendars.every((calendar) => calendar.lastSyncedAt || calendar.lastError)
      },
      { timeout: 20_000 },
    )
    .toBe(true)
  return found!
}

/** A screenshot without the hover left where the pointer last clicked (a card under the modal). */
async function screenshot(page: Page, name: string) {
  await page.mouse.move(1, (page.viewportSize()?.height ?? 2) - 1)
  await takeScreenshot(page, name)
}

/** The phone-sized header has no language dropdown: the stored choice, then a fresh load. */
async function storeLanguage(page: Page, language: 'en' | 'ar') {
  await page.evaluate((chosen) => localStorage.setItem('manzil.language', chosen), language)
}

const card = (page: Page, name: string) =>
  page.getByTestId('property-card').filter({ has: page.getByRole('heading', { name, exact: true }) })
const modal = (page: Page) => page.getByTestId('property-modal')

/** An address as typed, the line under the field that shows how it will be saved, and the card's line. */
type TypedAddress = { text: string; parts: string; location: string }
const SPACED_ADDRESS: TypedAddress = {
  text: 'Saudi Riyadh Olaya King Fahd Road 12',
  parts: 'Country: Saudi · Region: Riyadh · City: Olaya · Street: King Fahd Road 12',
  location: 'Saudi, Riyadh, Olaya, King Fahd Road 12',
}
/** With commas, a part may have several words (docs/product.md §5.4). */
const COMMA_ADDRESS: TypedAddress = {
  text: 'Saudi Arabia, Makkah Region, Jeddah, Corniche Road 12',
  parts: 'Country: Saudi Arabia · Region: Makkah Region · City: Jeddah · Street: Corniche Road 12',
  location: 'Saudi Arabia, Makkah Region, Jeddah, Corniche Road 12',
}

/** The add-property modal, filled with two photos and an Airbnb link, then submitted. */
async function addProperty(
  page: Page,
  { name, shot, address = SPACED_ADDRESS }: { name: string; shot?: string; address?: TypedAddress },
) {
  await page.getByTestId('add-property').click()
  const dialog = page.getByTestId('add-property-modal')
  await dialog.getByTestId('photo-input').setInputFiles(photos)
  await expect.poll(() => dialog.getByTestId('photo-thumbnail').count()).toBe(1)
  await dialog.getByLabel('Property name').fill(name)
  await dialog.getByLabel('Address').fill(address.text)
  expect(await dialog.getByTestId('address-preview').innerText()).toBe(address.parts)
  await dialog.getByLabel('Capacity (guests)').fill('6')
  await dialog.getByLabel('Cost per night (SAR)').fill('1250')
  await dialog.getByLabel('Description').fill('A quiet villa with a shaded courtyard and a pool.')
  await dialog.getByTestId('platform-selector').click()
  await page.getByTestId('platform-options').getByRole('menuitem', { name: 'Airbnb' }).click()
  await dialog.getByLabel('Airbnb calendar link').fill(feeds.url('/airbnb.ics'))
  if (shot) {
    await dialog.getByTestId('photo-gallery').scrollIntoViewIfNeeded()
    await screenshot(page, shot)
  }
  await dialog.getByTestId('submit-property').click()
  await dialog.waitFor({ state: 'detached' })
  await page.getByText('Property added!').waitFor()
}

/** The card as docs/product.md §2.7 draws it: the photo loaded, the location line, the price in SAR. */
async function expectCard(page: Page, name: string, address = SPACED_ADDRESS) {
  const added = card(page, name)
  await added.waitFor()
  const cover = added.locator('img')
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true)
  expect(await added.getByTestId('card-location').innerText()).toBe(address.location)
  // Intl writes a no-break space between "SAR" and the amount.
  expect((await added.getByTestId('card-cost').innerText()).replace(/\u00a0/g, ' ')).toBe(
    'SAR 1,250 per night',
  )
  expect(await added.getByTestId('card-capacity').innerText()).toBe('6 guests')
}

/** Copies the internal calendar link and checks both the confirmation and the clipboard. */
async function copyInternalLink(page: Page) {
  const field = modal(page).getByTestId('internal-calendar-url')
  await expect.poll(() => field.inputValue()).toMatch(/\/api\/calendar\/[^/]+\.ics$/)
  const link = await field.inputValue()
  expect(link.startsWith(server.url)).toBe(true)
  // The private link's button comes first; each platform's link has one of its own below.
  await modal(page).getByTestId('copy-button').first().click()
  await modal(page).getByRole('button', { name: 'Copied!' }).waitFor()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
  // The link really is the property's calendar, readable without a session.
  const feed = await fetch(link)
  expect(feed.status).toBe(200)
  expect(await feed.text()).toContain('BEGIN:VCALENDAR')
}

/** Renames in edit mode; the modal closes, and the card shows the new name. */
async function rename(page: Page, from: string, to: string) {
  await modal(page).getByTestId('mode-edit').click()
  expect(await modal(page).locator('[data-tab]').getAttribute('data-tab')).toBe('about')
  const nameField = modal(page).getByLabel('Property name')
  expect(await nameField.inputValue()).toBe(from)
  await nameField.fill(to)
  await modal(page).getByTestId('save-property').click()
  await modal(page).waitFor({ state: 'detached' })
  await page.getByText('Property updated!').waitFor()
  await card(page, to).waitFor()
  expect(await card(page, from).count()).toBe(0)
}

/** Opens the delete confirmation from the editor and returns it. */
async function requestDelete(page: Page, name: string): Promise<Locator> {
  await card(page, name).click()
  await modal(page).getByTestId('mode-edit').click()
  await modal(page).getByTestId('delete-property').click()
  const confirmation = page.getByTestId('delete-confirmation')
  await confirmation.waitFor()
  await page.waitForTimeout(300)
  return confirmation
}

async function confirmDelete(page: Page, confirmation: Locator, name: string) {
  await confirmation.getByTestId('confirm-delete').click()
  await page.getByText('Property deleted!').waitFor()
  await card(page, name).waitFor({ state: 'detached' })
  expect((await api(page).list()).some((property) => property.name === name)).toBe(false)
}

beforeAll(async () => {
  photoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-photos-'))
  feeds = await startFeedServer()
  feeds.serve('/airbnb.ics', calendarOf([]))
  server = await startServer({
    ADMIN_EMAIL: HOST.email,
    ADMIN_PASSWORD: HOST.password,
    SYNC_ALLOW_HOSTS: '127.0.0.1',
  })
  ;[photos, browser] = await Promise.all([makePhotos(photoDir), launchBrowser()])
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await feeds?.close()
  if (photoDir) fs.rmSync(photoDir, { recursive: true, force: true })
})

describe('properties in the browser', () => {
  it('adds, finds, views, copies the link of, renames and deletes a property on a desktop', async () => {
    const context = await browser.newContext({ viewport: DESKTOP })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    const page = await context.newPage()
    await signInThroughForm(page, server.url, HOST)
    await page.goto(`${server.url}/properties`)
    await page.getByText('No properties yet').waitFor()
    await screenshot(page, 'properties-empty-desktop-en')

    await addProperty(page, { name: 'Palm Villa', shot: 'add-property-desktop-en' })
    await expectCard(page, 'Palm Villa')
    // A second property, so that the search has something to leave out; its link is broken.
    const other = await page.request.post(`${server.url}/api/property`, {
      headers: { origin: server.url },
      multipart: {
        name: 'Desert Camp',
        country: 'Saudi',
        city: 'AlUla',
        address: 'Old Town Road',
        capacity: '4',
        costPerNight: '800',
        externalCalendars: JSON.stringify([
          { platformName: 'Booking.com', urlPath: feeds.url('/status/404') },
        ]),
        images: { name: 'pool.png', mimeType: 'image/png', buffer: fs.readFileSync(photos[1]!) },
      },
    })
    expect(other.status()).toBe(201)
    await page.reload()
    await card(page, 'Desert Camp').waitFor()
    await screenshot(page, 'properties-desktop-en')

    // The header's box writes ?search=, and ?search= fills the box.
    await page.getByTestId('global-search').fill('PALM')
    await page.waitForURL(/\/properties\?search=PALM$/)
    await card(page, 'Desert Camp').waitFor({ state: 'detached' })
    expect(await page.getByTestId('property-card').count()).toBe(1)
    await screenshot(page, 'properties-search-desktop-en')
    await page.goto(`${server.url}/properties?search=alula`)
    expect(await page.getByTestId('global-search').inputValue()).toBe('alula')
    await card(page, 'Desert Camp').waitFor()
    expect(await card(page, 'Palm Villa').count()).toBe(0)
    // Elsewhere typing stays on the page; Enter opens the properties the text finds.
    await page.goto(`${server.url}/dashboard`)
    await page.getByTestId('global-search').fill('palm')
    await page.waitForTimeout(500)
    expect(new URL(page.url()).pathname).toBe('/dashboard')
    await page.getByTestId('global-search').press('Enter')
    await page.waitForURL(/\/properties\?search=palm$/)

    await syncedProperty(page, 'Palm Villa')
    await card(page, 'Palm Villa').click()
    await modal(page).waitFor()
    // A card shows the property; Edit switches to the form.
    expect(await modal(page).locator('[data-mode]').getAttribute('data-mode')).toBe('view')
    await modal(page).getByTestId('property-details').waitFor()
    // The panel's top edge stays where it is while the modes and tabs change its height.
    const topOfModal = async () => Math.round((await modal(page).boundingBox())?.y ?? -1)
    const viewTop = await topOfModal()
    await modal(page).getByTestId('mode-edit').click()
    await modal(page).getByTestId('save-property').waitFor()
    expect(await modal(page).getByTestId('photo-thumbnail').count()).toBe(2)
    const editTop = await topOfModal()
    await modal(page).getByTestId('mode-view').click()
    await modal(page).getByTestId('tab-connections').click()
    const connection = modal(page).getByTestId('connection-list')
    await connection.waitFor()
    expect([editTop, await topOfModal()]).toEqual([viewTop, viewTop])
    expect(await connection.innerText()).toContain('Airbnb')
    expect(await connection.getByTestId('last-synced').innerText()).toMatch(/^Last synced /)
    await copyInternalLink(page)
    await rename(page, 'Palm Villa', 'Palm Villa Deluxe')

    const confirmation = await requestDelete(page, 'Palm Villa Deluxe')
    // A centred 400 px dialog on a wide screen.
    const box = (await confirmation.boundingBox())!
    expect(Math.round(box.width)).toBe(400)
    expect(Math.abs(box.x + box.width / 2 - DESKTOP.width / 2)).toBeLessThan(2)
    expect(Math.abs(box.y + box.height / 2 - DESKTOP.height / 2)).toBeLessThan(2)
    await screenshot(page, 'property-delete-desktop-en')
    await confirmDelete(page, confirmation, 'Palm Villa Deluxe')
    hostSession = await context.storageState()
    await context.close()
  })

  it('shows a failed link with its translated reason, and every view in both languages', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, storageState: hostSession })
    const page = await context.newPage()
    const broken = await syncedProperty(page, 'Desert Camp')
    expect(broken.externalCalendars[0]?.lastError).toBe('sync.errors.httpStatus')
    const reasons = {
      en: "The calendar's server refused the request",
      ar: 'رفض خادم التقويم الطلب',
    }
    for (const language of ['en', 'ar'] as const) {
      await page.goto(`${server.url}/dashboard`)
      await chooseLanguage(page, language)
      await page.getByTestId('add-property-card').waitFor()
      await card(page, 'Desert Camp').waitFor()
      await page
        .getByTestId('dashboard-properties')
        .evaluate((section) => section.scrollIntoView({ block: 'center' }))
      await screenshot(page, `dashboard-properties-desktop-${language}`)
      await page.goto(`${server.url}/properties`)
      await card(page, 'Desert Camp').click()
      await modal(page).getByTestId('mode-edit').click()
      await screenshot(page, `property-edit-about-desktop-${language}`)
      await modal(page).getByTestId('tab-connections').click()
      expect(await modal(page).getByTestId('last-error').innerText()).toBe(reasons[language])
      await screenshot(page, `property-edit-connections-desktop-${language}`)
      await modal(page).getByTestId('mode-view').click()
      await modal(page).getByTestId('tab-about').click()
      await screenshot(page, `property-view-about-desktop-${language}`)
      await modal(page).getByTestId('tab-connections').click()
      const error = modal(page).getByTestId('last-error')
      expect(await error.innerText()).toBe(reasons[language])
      expect(await modal(page).getByTestId('last-synced').innerText()).not.toBe('')
      await screenshot(page, `property-view-connections-desktop-${language}`)
      await modal(page).getByTestId('tab-statistics').click()
      await modal(page).getByTestId('panel-statistics').waitFor()
      await screenshot(page, `property-statistics-desktop-${language}`)
      await modal(page).getByTestId('mode-edit').click()
      await modal(page).getByTestId('delete-property').click()
      await page.getByTestId('delete-confirmation').waitFor()
      await page.waitForTimeout(300)
      if (language === 'ar') await screenshot(page, 'property-delete-desktop-ar')
      await page.getByTestId('cancel-delete').click()
      await page.keyboard.press('Escape')
      await modal(page).waitFor({ state: 'detached' })
      if (language === 'ar') {
        await screenshot(page, 'properties-desktop-ar')
        await page.getByTestId('add-property').click()
        const addForm = page.getByTestId('add-property-modal')
        await addForm.getByTestId('photo-input').setInputFiles(photos)
        await expect.poll(() => addForm.getByTestId('photo-thumbnail').count()).toBe(1)
        await screenshot(page, 'add-property-desktop-ar')
        // Escape on a draft with a photo asks first; Keep editing keeps the photo.
        await page.keyboard.press('Escape')
        const question = page.getByTestId('discard-confirmation')
        await question.getByText('تجاهل هذا العقار؟').waitFor()
        await screenshot(page, 'add-property-discard-desktop-ar')
        await question.getByTestId('keep-editing').click()
        await question.waitFor({ state: 'detached' })
        await page.getByTestId('add-property-modal').getByTestId('main-photo').waitFor()
        await page.keyboard.press('Escape')
        await page.getByTestId('discard-draft').click()
        await page.getByTestId('add-property-modal').waitFor({ state: 'detached' })
      }
    }
    await context.close()
  })

  it('does the same on a 390 px wide window, where the delete confirmation is a bottom sheet', async () => {
    const context = await browser.newContext({ viewport: PHONE, storageState: hostSession })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    const page = await context.newPage()
    await page.goto(`${server.url}/properties`)
    await addProperty(page, { name: 'Corniche Flat', shot: 'add-property-mobile-en', address: COMMA_ADDRESS })
    await expectCard(page, 'Corniche Flat', COMMA_ADDRESS)
    // The top bar has no search box on a phone; the page has its own, bound to ?search= too.
    expect(await page.getByTestId('global-search').isVisible()).toBe(false)
    await page.getByTestId('properties-search').fill('corniche')
    await page.waitForURL(/\/properties\?search=corniche$/)
    await card(page, 'Desert Camp').waitFor({ state: 'detached' })
    await card(page, 'Corniche Flat').waitFor()
    await screenshot(page, 'properties-mobile-en')
    await page.getByTestId('properties-search').fill('')

    await card(page, 'Corniche Flat').click()
    await modal(page).getByTestId('mode-edit').click()
    // The stored parts come back as the text typed, and read as the same parts.
    expect(await modal(page).getByLabel('Address').inputValue()).toBe(COMMA_ADDRESS.text)
    expect(await modal(page).getByTestId('address-preview').innerText()).toBe(COMMA_ADDRESS.parts)
    await screenshot(page, 'property-edit-mobile-en')
    await modal(page).getByTestId('mode-view').click()
    await modal(page).getByTestId('tab-connections').click()
    await copyInternalLink(page)
    await screenshot(page, 'property-view-connections-mobile-en')
    await rename(page, 'Corniche Flat', 'Corniche Flat Sea View')

    const sheet = await requestDelete(page, 'Corniche Flat Sea View')
    // At 768 px or less, a sheet along the bottom edge, the full width of the window.
    const box = (await sheet.boundingBox())!
    expect(Math.round(box.width)).toBe(PHONE.width)
    expect(Math.round(box.x)).toBe(0)
    expect(Math.round(box.y + box.height)).toBe(PHONE.height)
    await screenshot(page, 'property-delete-mobile-en')
    await confirmDelete(page, sheet, 'Corniche Flat Sea View')

    // A failing feed (its server answers 404) on a phone, in both languages: on its
    // property's card, and on its platform's card on /integration.
    for (const language of ['en', 'ar'] as const) {
      await storeLanguage(page, language)
      await page.goto(`${server.url}/properties`)
      const failing = card(page, 'Desert Camp')
      await failing.getByTestId('card-failing').waitFor()
      await failing.evaluate((element) => element.scrollIntoView({ block: 'center' }))
      await screenshot(page, `property-card-failing-mobile-${language}`)
      await page.goto(`${server.url}/integration`)
      const platform = page.getByTestId('platform-card').filter({ hasText: 'Booking.com' })
      await platform.getByTestId('platform-failing').waitFor()
      // At the top, just under the sticky header: no card cut at the picture's top edge.
      await platform.evaluate((element) => {
        element.style.scrollMarginTop = '72px'
        element.scrollIntoView({ block: 'start' })
      })
      await screenshot(page, `integration-failing-mobile-${language}`)
    }

    await storeLanguage(page, 'ar')
    await page.goto(`${server.url}/properties`)
    await card(page, 'Desert Camp').waitFor()
    await screenshot(page, 'properties-mobile-ar')
    await card(page, 'Desert Camp').click()
    await modal(page).getByTestId('mode-edit').click()
    await screenshot(page, 'property-edit-mobile-ar')
    await modal(page).getByTestId('mode-view').click()
    await modal(page).getByTestId('tab-connections').click()
    await screenshot(page, 'property-view-connections-mobile-ar')
    await modal(page).getByTestId('mode-edit').click()
    await modal(page).getByTestId('delete-property').click()
    await page.getByTestId('delete-confirmation').waitFor()
    await page.waitForTimeout(300)
    await screenshot(page, 'property-delete-mobile-ar')
    await context.close()
  })

  it("never shows a host another host's property", async () => {
    const first = await browser.newContext({ storageState: hostSession })
    const names = (await api(await first.newPage()).list()).map((property) => property.name)
    expect(names).toEqual(['Desert Camp'])
    await first.close()
    await registerAccount(server, OTHER_HOST)
    const context = await browser.newContext({ viewport: DESKTOP })
    const page = await context.newPage()
    await signInThroughForm(page, server.url, OTHER_HOST)
    await page.goto(`${server.url}/properties`)
    await page.getByText('No properties yet').waitFor()
    expect(await page.getByTestId('property-card').count()).toBe(0)
    await page.goto(`${server.url}/properties?search=desert`)
    await page.getByText('No properties yet').waitFor()
    await page.goto(`${server.url}/dashboard`)
    await page.getByTestId('add-property-card').waitFor()
    expect(await page.getByTestId('property-card').count()).toBe(0)
    await context.close()
  })
})
