import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { addDays, localToday } from '../../src/domain/dates.ts'
import { DEMO_ADMIN, DEMO_HOST } from '../../scripts/demoData.ts'
import { launchBrowser, screenshot, violations } from './browser.ts'
import { startServer, type RunningServer } from './server.ts'

/**
 * The accessibility sweep: axe-core, every rule it runs by default (any impact, best practices
 * included), on every screen and dialog of the living demo (`npm run demo`: three properties, a
 * year of stays, live bookings), in English and Arabic, at 390 and 1280 px. One test per
 * screen × language × width; a failure lists each violation's rule, impact, target and help.
 *
 * One demo server and one browser for the whole file; each width × language keeps one window of
 * the host and one of the admin, and each screen is reached by its address, then by the clicks
 * that open its dialog.
 */

const WIDTHS = { 390: { width: 390, height: 844 }, 1280: { width: 1280, height: 860 } } as const
type Width = keyof typeof WIDTHS
const LANGUAGES = ['en', 'ar'] as const
type Language = (typeof LANGUAGES)[number]

const demoDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-axe-'))
let demo: RunningServer
let browser: Browser
const sessions: Partial<Record<'host' | 'admin', Awaited<ReturnType<BrowserContext['storageState']>>>> = {}
/** A stay the host added by hand: the one whose details have Edit. */
const MANUAL_GUEST = 'Noura Al-Qahtani'
const today = localToday()
/** A cleaner's link to every demo property, one in each language (the page opens in the link's). */
const cleanerTokens: Record<Language, string> = { en: '', ar: '' }

async function signIn(account: { email: string; password: string }) {
  const context = await browser.newContext()
  const response = await context.request.post(`${demo.url}/api/auth/login`, {
    data: account,
    headers: { origin: demo.url },
  })
  expect(response.status()).toBe(200)
  return context
}

beforeAll(async () => {
  demo = await startServer({ DEMO_DATA_DIR: demoDataDir }, 'scripts/demo.ts')
  for (let waited = 0; !demo.logs().includes('Manzil demo is running'); waited += 200) {
    if (waited > 60_000) throw new Error(`the demo did not finish seeding:\n${demo.logs()}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  browser = await launchBrowser()
  const host = await signIn(DEMO_HOST)
  // The demo's data, and one stay the host wrote in by hand (its details can be edited).
  const properties = (await (await host.request.get(`${demo.url}/api/property/list`)).json()) as {
    id: string
  }[]
  const added = await host.request.post(`${demo.url}/api/property/${properties[0]!.id}/stay`, {
    data: {
      start: today,
      end: addDays(today, 2),
      kind: 'booking',
      guestName: MANUAL_GUEST,
      note: 'Paid in cash',
    },
    headers: { origin: demo.url },
  })
  expect(added.status()).toBe(201)
  for (const language of LANGUAGES) {
    const link = await host.request.post(`${demo.url}/api/turnover/link`, {
      data: { name: 'Fatima', propertyIds: properties.map((property) => property.id), language },
      headers: { origin: demo.url },
    })
    expect(link.status()).toBe(201)
    cleanerTokens[language] = ((await link.json()) as { url: string }).url.split('/').at(-1)!
  }
  sessions.host = await host.storageState()
  await host.close()
  const admin = await signIn(DEMO_ADMIN)
  sessions.admin = await admin.storageState()
  await admin.close()
})

afterAll(async () => {
  await browser?.close()
  await demo?.stop()
  fs.rmSync(demoDataDir, { recursive: true, force: true })
})

type Windows = { host: Page; admin: Page; visitor: Page; close: () => Promise<void> }

async function openWindows(width: Width, language: Language): Promise<Windows> {
  const contexts: BrowserContext[] = []
  const open = async (session?: (typeof sessions)['host']) => {
    const context = await browser.newContext({
      viewport: WIDTHS[width],
      ...(session ? { storageState: session } : {}),
    })
    await context.addInitScript((lang) => localStorage.setItem('manzil.language', lang), language)
    contexts.push(context)
    return context.newPage()
  }
  return {
    host: await open(sessions.host),
    admin: await open(sessions.admin),
    visitor: await open(),
    close: async () => {
      for (const context of contexts) await context.close()
    },
  }
}

const visible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`).first()

/** Closes what is open over the page (dialogs, menus, the notifications panel) with Escape. */
async function closeOverlays(page: Page) {
  // Not `:visible`: a Headless UI dialog's outer element has no size of its own.
  const open = page.locator('[role="dialog"], [role="menu"]')
  for (let presses = 0; presses < 4 && (await open.count()) > 0; presses++) {
    await page.keyboard.press('Escape')
    await page.waitForTimeout(150)
  }
  expect(await open.count(), 'Escape closes every dialog and menu').toBe(0)
}

/**
 * Goes to `address` and waits for what shows the screen has its data. A window already there
 * only closes what is open over it: the screens and dialogs of one page share one load.
 */
async function go(page: Page, address: string, ready: string) {
  await closeOverlays(page)
  if (page.url() !== `${demo.url}${address}`) await page.goto(`${demo.url}${address}`)
  await visible(page, ready).waitFor()
}

/** The timeline from today, with the host's manual stay on it; opens that stay's details. */
async function openManualStay(page: Page) {
  await go(page, `/calendar?view=timeline&start=${today}`, 'timeline-bar')
  await page.getByTestId('timeline-bar').filter({ hasText: MANUAL_GUEST }).first().click()
  await page.getByTestId('stay-details').waitFor()
}

/** The property editor of the first property, in a mode, on a tab (opened once, then switched). */
async function openEditor(page: Page, mode: 'edit' | 'view', tab: 'about' | 'connections' | 'statistics') {
  const editor = page.getByTestId('property-modal')
  if (!(await editor.isVisible())) {
    await go(page, '/properties', 'property-card')
    await visible(page, 'property-card').click()
    await page.getByTestId('property-details').waitFor()
  }
  const shown = editor.locator('[data-mode]')
  if ((await shown.getAttribute('data-mode')) !== mode) await page.getByTestId(`mode-${mode}`).click()
  await page.getByTestId(`tab-${tab}`).click()
  await page.locator(`[data-mode="${mode}"][data-tab="${tab}"]`).waitFor()
  if (mode === 'view' && tab === 'about') await page.getByTestId('property-details').waitFor()
  if (mode === 'edit') await page.getByTestId('save-property').waitFor()
}

type Screen = {
  name: string
  as: keyof Omit<Windows, 'close'>
  open: (page: Page, width: Width) => Promise<void>
  /** The widths that have it; all when absent. */
  widths?: readonly Width[]
}

const SCREENS: Screen[] = [
  { name: '/login', as: 'visitor', open: (page) => go(page, '/login', 'login-form') },
  { name: '/registration', as: 'visitor', open: (page) => go(page, '/registration', 'registration-form') },
  { name: '/forgot-password', as: 'visitor', open: (page) => go(page, '/forgot-password', 'forgot-form') },
  {
    name: '/cleaner/{token}',
    as: 'visitor',
    open: async (page) => {
      if (page.url() === 'about:blank') await go(page, '/login', 'login-form')
      const language = (await page.evaluate(() => document.documentElement.lang)) === 'ar' ? 'ar' : 'en'
      await go(page, `/cleaner/${cleanerTokens[language]}`, 'cleaner-schedule')
    },
  },
  {
    // Before its button is pressed: opening the mailed link confirms nothing.
    name: '/confirm-cleaning-mail/{token}',
    as: 'visitor',
    open: (page) => go(page, '/confirm-cleaning-mail/a-mailed-token', 'cleaner-email-form'),
  },
  { name: '/ (dashboard)', as: 'host', open: (page) => go(page, '/', 'property-card') },
  {
    name: 'notifications panel',
    as: 'host',
    open: async (page) => {
      await go(page, '/', 'stat-value')
      await visible(page, 'bell').click()
      await page.getByTestId('notification').first().waitFor()
    },
  },
  {
    name: 'settings dialog',
    as: 'host',
    open: async (page) => {
      await go(page, '/', 'stat-value')
      if (await page.getByTestId('settings-button').isVisible())
        await page.getByTestId('settings-button').click()
      else {
        await page.getByTestId('mobile-user-button').click()
        await page
          .getByTestId('user-menu-sheet')
          .getByRole('button', { name: /Settings|الإعدادات/ })
          .click()
      }
      await page.getByTestId('personal-info-form').waitFor()
    },
  },
  { name: '/settings', as: 'host', open: (page) => go(page, '/settings', 'personal-info-form') },
  {
    name: 'user menu',
    as: 'host',
    open: async (page, width) => {
      await go(page, '/', 'stat-value')
      if (width === 390) {
        await page.getByTestId('mobile-user-button').click()
        await page.getByTestId('user-menu-sheet').waitFor()
      } else {
        await page.getByTestId('user-menu').click()
        await page.getByRole('menu').waitFor()
      }
    },
  },
  {
    name: 'navigation drawer',
    as: 'host',
    widths: [390],
    open: async (page) => {
      await go(page, '/', 'stat-value')
      await page.getByRole('button', { name: /Open menu|فتح القائمة/ }).click()
      await page.getByTestId('drawer').waitFor()
    },
  },
  {
    name: '/calendar (month)',
    as: 'host',
    open: (page, width) => go(page, '/calendar', width === 390 ? 'month-calendar' : 'event-bar'),
  },
  {
    name: 'day bookings dialog',
    as: 'host',
    open: async (page) => {
      await go(page, '/calendar', 'month-calendar')
      await page.getByTestId('month-calendar').locator(`[data-day="${today}"]`).click()
      await page.getByTestId('booking-details').first().waitFor()
    },
  },
  {
    name: '/calendar (timeline)',
    as: 'host',
    open: (page) => go(page, '/calendar?view=timeline', 'timeline-bar'),
  },
  {
    name: 'stay details dialog (a platform stay)',
    as: 'host',
    open: async (page) => {
      await go(page, `/calendar?view=timeline&start=${today}`, 'timeline-bar')
      await page.getByTestId('timeline-bar').filter({ hasNotText: MANUAL_GUEST }).first().click()
      await page.getByTestId('stay-details').waitFor()
    },
  },
  { name: 'stay details dialog (a manual stay)', as: 'host', open: openManualStay },
  {
    name: 'add stay dialog',
    as: 'host',
    open: async (page) => {
      await go(page, '/calendar', 'month-calendar')
      await page.getByTestId('add-stay').click()
      await page.getByTestId('manual-stay-dialog').waitFor()
    },
  },
  {
    name: 'add stay dialog, its check-in month open',
    as: 'host',
    open: async (page) => {
      await go(page, '/calendar', 'month-calendar')
      await page.getByTestId('add-stay').click()
      await page.getByTestId('stay-start').getByRole('button').click()
      await page.getByTestId('stay-start-panel').locator('[role="gridcell"][tabindex="0"]:focus').waitFor()
    },
  },
  {
    name: 'edit stay dialog',
    as: 'host',
    open: async (page) => {
      await openManualStay(page)
      await page
        .getByTestId('stay-details-dialog')
        .getByRole('button', { name: /Edit|تعديل/ })
        .click()
      await page.getByTestId('manual-stay-dialog').waitFor()
    },
  },
  { name: '/properties', as: 'host', open: (page) => go(page, '/properties', 'property-card') },
  {
    name: 'add property dialog',
    as: 'host',
    open: async (page) => {
      await go(page, '/properties', 'property-card')
      await page.getByTestId('add-property').click()
      await page.getByTestId('submit-property').waitFor()
    },
  },
  ...(
    [
      ['edit', 'about'],
      ['edit', 'connections'],
      ['view', 'about'],
      ['view', 'connections'],
      ['view', 'statistics'],
    ] as const
  ).map(([mode, tab]): Screen => ({
    name: `property editor, ${mode}: ${tab}`,
    as: 'host',
    open: (page) => openEditor(page, mode, tab),
  })),
  {
    name: 'property photo editor, another photo shown',
    as: 'host',
    open: async (page) => {
      await openEditor(page, 'edit', 'about')
      await page.getByTestId('photo-thumbnail').last().click()
      await visible(page, 'remove-photo').waitFor()
    },
  },
  {
    // The next 30 days hold at least the host's own stay's check-out.
    name: '/turnovers',
    as: 'host',
    open: async (page, width) => {
      await go(page, '/turnovers?window=month', width === 390 ? 'turnover-card' : 'turnover-row')
      await visible(page, 'cleaner-link').waitFor()
    },
  },
  {
    name: 'new cleaner link dialog, its fields refused',
    as: 'host',
    open: async (page) => {
      await go(page, '/turnovers?window=month', 'cleaner-link')
      await page.getByTestId('new-cleaner-link').click()
      await page.getByTestId('cleaner-link-dialog').locator('button[type="submit"]').click()
      await page.locator('[data-testid="cleaner-link-dialog"] [aria-invalid="true"]').first().waitFor()
    },
  },
  {
    name: 'revoke cleaner link dialog',
    as: 'host',
    open: async (page) => {
      await go(page, '/turnovers?window=month', 'cleaner-link')
      await visible(page, 'revoke-cleaner-link').click()
      await page.getByTestId('revoke-cleaner-link-dialog').waitFor()
    },
  },
  { name: '/integration', as: 'host', open: (page) => go(page, '/integration', 'platform-card') },
  {
    name: "/integration (the admin's measured import intervals)",
    as: 'admin',
    open: async (page) => {
      await go(page, '/integration', 'measured-intervals')
      await page
        .locator('[data-testid="measured-platforms"], [data-testid="measured-empty"]')
        .first()
        .waitFor()
    },
  },
  {
    name: '/users',
    as: 'admin',
    open: (page, width) => go(page, '/users', width === 390 ? 'user-card' : 'user-row'),
  },
  {
    name: "/users/:id/properties (the host's)",
    as: 'admin',
    open: async (page, width) => {
      await go(page, '/users', width === 390 ? 'user-card' : 'user-row')
      await page.locator(`a[aria-label*="${DEMO_HOST.name}"]:visible`).first().click()
      await visible(page, 'property-card').waitFor()
    },
  },
  {
    name: '/guests',
    as: 'admin',
    open: (page, width) => go(page, '/guests', width === 390 ? 'guest-card' : 'guest-row'),
  },
  {
    name: '/logs',
    as: 'admin',
    open: (page, width) => go(page, '/logs', width === 390 ? 'log-card' : 'log-row'),
  },
]

describe('axe-core finds nothing on the demo', () => {
  for (const width of [1280, 390] as const) {
    for (const language of LANGUAGES) {
      describe(`${width} px, ${language}`, () => {
        let windows: Windows
        beforeAll(async () => {
          windows = await openWindows(width, language)
        })
        afterAll(async () => {
          await windows?.close()
        })
        for (const screen of SCREENS.filter(({ widths }) => !widths || widths.includes(width))) {
          it(`${screen.name} (${language}, ${width} px)`, async () => {
            const page = windows[screen.as]
            await screen.open(page, width)
            expect(await page.evaluate(() => document.documentElement.lang)).toBe(language)
            const found = await violations(page)
            expect(found, `${screen.name}, ${language}, ${width} px:\n  ${found.join('\n  ')}`).toEqual([])
          })
        }
      })
    }
  }
})

/** What a person at one width and in one language sees, beside the sweep, on the same demo. */
async function demoWindow(width: Width, language: Language) {
  const context = await browser.newContext({ viewport: WIDTHS[width], storageState: sessions.host })
  await context.addInitScript((lang) => localStorage.setItem('manzil.language', lang), language)
  return { page: await context.newPage(), close: () => context.close() }
}

describe('the small things, on the same demo', () => {
  it("writes English dates for the browser's English: month first in en-US, day first in en-GB", async () => {
    const startShown = async (locale: string) => {
      const context = await browser.newContext({
        viewport: WIDTHS[1280],
        storageState: sessions.host,
        locale,
      })
      await context.addInitScript(() => localStorage.setItem('manzil.language', 'en'))
      const page = await context.newPage()
      await go(page, '/', 'stat-value')
      const label = await page.getByRole('button', { name: /^Start date: / }).getAttribute('aria-label')
      await context.close()
      return label ?? ''
    }
    const [, day, month, year] = /(\d{2})\/(\d{2})\/(\d{4})$/.exec(await startShown('en-GB')) ?? []
    expect(year).toBeDefined()
    expect(await startShown('en-US')).toBe(`Start date: ${month}/${day}/${year}`)
  })

  for (const language of LANGUAGES) {
    it(`shows all five figures side by side at 1280 px, with nothing to scroll, in ${language}`, async () => {
      const { page, close } = await demoWindow(1280, language)
      await go(page, '/', 'stat-value')
      const cards = await page.getByTestId('stat-card').evaluateAll((all) =>
        all.map((card) => {
          const box = card.getBoundingClientRect()
          return { start: box.left, end: box.right, top: box.top }
        }),
      )
      expect(cards).toHaveLength(5)
      for (const card of cards) {
        expect(card.start).toBeGreaterThanOrEqual(0)
        expect(card.end).toBeLessThanOrEqual(1280)
      }
      // One row: the five cards share their top edge, and the row has nothing hidden sideways.
      expect(new Set(cards.map((card) => Math.round(card.top))).size).toBe(1)
      const row = page.getByTestId('stat-card').first().locator('xpath=..')
      expect(await row.evaluate((list) => list.scrollWidth - list.clientWidth)).toBeLessThanOrEqual(1)
      await page.getByTestId('stat-card').first().scrollIntoViewIfNeeded()
      await screenshot(page, `dashboard-stat-cards-desktop-${language}`)
      await close()
    })

    it(`mirrors the sidebar's collapse chevron to point to the inline start, in ${language}`, async () => {
      const { page, close } = await demoWindow(1280, language)
      await go(page, '/', 'stat-value')
      const chevron = page
        .getByTestId('sidebar')
        .getByRole('button', { name: /Collapse|طي/ })
        .locator('svg')
      // Drawn pointing left (the inline start in English); in Arabic it is turned to point right.
      const scale = await chevron.evaluate((svg) => getComputedStyle(svg).scale)
      if (language === 'en') expect(scale).toBe('none')
      else expect(scale).toMatch(/^-1( 1)?$/)
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'en' ? 'ltr' : 'rtl')
      await close()
    })

    for (const width of [390, 1280] as const) {
      it(`gives the focus back to the bell when a stay opened from a notification closes (${width} px, ${language})`, async () => {
        const { page, close } = await demoWindow(width, language)
        await go(page, '/', 'stat-value')
        await visible(page, 'bell').click()
        await page.getByTestId('notification-link').first().click()
        await page.getByTestId('stay-details-dialog').waitFor()
        // The panel closed as the stay opened: its trigger takes the focus back.
        await page.keyboard.press('Escape')
        await page.getByTestId('stay-details-dialog').waitFor({ state: 'detached' })
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
          .toBe('bell')
        await close()
      })
    }

    it(`makes every small control at least 24 × 24 px at 390 px, in ${language}`, async () => {
      const { page, close } = await demoWindow(390, language)
      await go(page, '/', 'stat-value')
      const openCalendar = page.getByRole('link', { name: /Open calendar|فتح التقويم/ })
      const sizes = [await openCalendar.boundingBox()]
      await go(page, '/properties', 'property-card')
      await visible(page, 'property-card').click()
      await page.getByTestId('mode-edit').click()
      const removes = page.locator('[data-testid="remove-photo"]:visible')
      await removes.first().waitFor()
      for (const remove of await removes.all()) sizes.push(await remove.boundingBox())
      expect(sizes.length).toBeGreaterThan(2)
      for (const box of sizes) {
        expect(box!.width).toBeGreaterThanOrEqual(24)
        expect(box!.height).toBeGreaterThanOrEqual(24)
      }
      await close()
    })

    it(`brings a wrong-platform link into view and focuses it on Save at 390 px, in ${language}`, async () => {
      const { page, close } = await demoWindow(390, language)
      await go(page, '/properties', 'property-card')
      await visible(page, 'property-card').click()
      await page.getByTestId('mode-edit').click()
      await page.getByTestId('tab-connections').click()
      const link = page.locator('#platform-link-Airbnb')
      await link.fill('https://ical.booking.com/v1/export?t=4f1c')
      // From the other tab, scrolled to its end: the link and its error are out of sight.
      await page.getByTestId('tab-about').click()
      await page.getByTestId('save-property').click()
      await expect.poll(() => link.evaluate((input) => input === document.activeElement)).toBe(true)
      expect(await link.getAttribute('aria-invalid')).toBe('true')
      const box = (await link.boundingBox())!
      expect(box.y).toBeGreaterThanOrEqual(0)
      expect(box.y + box.height).toBeLessThanOrEqual(WIDTHS[390].height)
      await screenshot(page, `property-link-error-mobile-${language}`)
      await close()
    })
  }
})
