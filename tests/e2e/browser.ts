import fs from 'node:fs'
import path from 'node:path'
import axe from 'axe-core'
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core'

export const CHROMIUM_PATH = '/usr/bin/chromium'
export const SCREENSHOT_DIR = path.resolve('docs/screenshots')

export const DESKTOP = { width: 1366, height: 860 }
export const PHONE = { width: 390, height: 844 }
/** The wide screen the screenshots are taken at, beside PHONE. */
export const WIDE = { width: 1280, height: 860 }

/** The flags every browser of the suite runs with (no downloads, no background traffic). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const

/**
 * The locale every window opens in unless it says its own: the app writes English dates for the
 * browser's English, and the suite's dates are written the en-GB way (Chromium alone reads en-US).
 */
export const LOCALE = 'en-GB'

/**
 * `display`: headed on that X screen (tests/e2e/desktop.ts), with Chromium's own notification
 * pop-ups rather than a desktop's notification service, which a bare screen does not have.
 */
export async function launchBrowser({ display }: { display?: string } = {}): Promise<Browser> {
  const browser = await chromium.launch(
    display
      ? {
          executablePath: CHROMIUM_PATH,
          headless: false,
          args: [
            ...CHROMIUM_ARGS.filter((flag) => flag !== '--headless'),
            '--disable-features=NativeNotifications,SystemNotifications',
          ],
          env: { ...process.env, DISPLAY: display },
        }
      : { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  )
  const newContext = browser.newContext.bind(browser)
  const newPage = browser.newPage.bind(browser)
  browser.newContext = (options = {}) => newContext({ locale: LOCALE, ...options })
  browser.newPage = (options = {}) => newPage({ locale: LOCALE, ...options })
  return browser
}

export async function screenshot(page: Page, name: string, { fullPage = false } = {}) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true })
  // Let fonts and transitions settle so the picture shows what a person sees.
  await page.evaluate(() => document.fonts.ready)
  await page.waitForTimeout(250)
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage })
}

/** Nothing is wider than the window: no sideways scroll of the page. */
export const overflows = (target: Page) =>
  target.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

/**
 * Opens a day of a month grid: clicked in its top strip, by the day's number, where no stay's bar
 * lies over it (a bar opens its own stay).
 */
export const openDay = (day: Locator) => day.click({ position: { x: 16, y: 12 } })

/** Picks a language through the header's dropdown (desktop) or the auth screens' dropdown. */
export async function chooseLanguage(page: Page, language: 'en' | 'ar') {
  await page.getByTestId('language-menu').first().click()
  await page.locator(`[role="menuitem"][lang="${language}"]`).click()
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language)
}

/** Signs in through the login form and waits for the dashboard it leads to. */
export async function signInThroughForm(
  page: Page,
  serverUrl: string,
  account: { email: string; password: string },
) {
  await page.goto(`${serverUrl}/login`)
  await page.getByLabel(/e-mail/i).fill(account.email)
  await page.getByLabel(/^password/i).fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(/\/dashboard$/, { timeout: 15_000 })
}

/** A new window of a signed-in user (the session of `context`), at a device's width, in a language. */
export async function signedInPage(
  browser: Browser,
  context: BrowserContext,
  device: 'desktop' | 'wide' | 'mobile',
  language: 'en' | 'ar',
) {
  const shots = await browser.newContext({
    viewport: { desktop: DESKTOP, wide: WIDE, mobile: PHONE }[device],
    storageState: await context.storageState(),
  })
  await shots.addInitScript((lang) => localStorage.setItem('manzil.language', lang), language)
  return { shots, page: await shots.newPage() }
}

/** The sentence shown under a field: the text of its `-error` description, or null. */
export async function errorAt(field: Locator): Promise<string | null> {
  const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? []
  const id = ids.find((candidate) => candidate.endsWith('-error'))
  return id ? field.page().locator(`[id="${id}"]`).innerText() : null
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until the focused element matches `selector`; only
 * the keyboard moves the focus. Fails when the element is never reached.
 */
export async function tabTo(page: Page, selector: string, backwards = false) {
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return
  }
  throw new Error(`Tab never reached ${selector}`)
}

declare global {
  interface Window {
    axe: typeof axe
  }
}

/** Every violation axe finds on what the page shows now, one line each. */
export async function violations(page: Page): Promise<string[]> {
  // Let open/close transitions and fonts settle: axe measures the colours a person sees.
  await page.evaluate(() => document.fonts.ready)
  await page.waitForTimeout(300)
  // Evaluated through the DevTools protocol, so the page's CSP (no inline scripts) stays on.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }))
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'no impact'}) at ${node.target.join(' > ')}: ${violation.help}` +
        `\n    ${node.html.slice(0, 200)}` +
        (node.failureSummary ? `\n    ${node.failureSummary.replace(/\n/g, '\n    ')}` : ''),
    ),
  )
}
