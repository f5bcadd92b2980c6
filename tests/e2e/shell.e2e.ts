import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { chooseLanguage, DESKTOP, launchBrowser, PHONE, screenshot } from './browser.ts'
import { startServer, type RunningServer } from './server.ts'

const ADMIN = { email: 'admin@example.com', password: 'Admin-Pass-2026!' }

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function signIn(page: Page) {
  await page.goto(`${server.url}/dashboard`)
  await page.waitForURL(/\/login/)
  await page.getByLabel(/e-mail/i).fill(ADMIN.email)
  await page.getByLabel(/^password/i).fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(/\/dashboard$/, { timeout: 15_000 })
}

describe('the shell', () => {
  it('prints the first admin credentials in the log when none are configured', async () => {
    const fresh = await startServer()
    try {
      expect(fresh.logs()).toContain('admin@localhost')
      expect(fresh.logs()).toMatch(/password:\s+\S{8,}/)
    } finally {
      await fresh.stop()
    }
  })

  it('serves index.html on a client route reload and a 404 {message} under /api', async () => {
    const page = await fetch(`${server.url}/calendar`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<div id="root">')
    const api = await fetch(`${server.url}/api/nothing-here`)
    expect(api.status).toBe(404)
    expect(await api.json()).toEqual({ message: 'Not found' })
  })

  it('lays out the desktop shell and mirrors it in Arabic', async () => {
    const page = await browser.newPage({ viewport: DESKTOP })
    await page.goto(`${server.url}/login`)
    await page.getByTestId('login-form').waitFor()
    await screenshot(page, 'login-desktop-en')
    await signIn(page)
    const sidebar = page.getByTestId('sidebar')
    await sidebar.waitFor()
    expect(await page.getByRole('link', { name: 'Users' }).isVisible()).toBe(true)
    const ltrBox = await sidebar.boundingBox()
    expect(ltrBox?.x).toBe(0)
    expect(Math.round(ltrBox?.width ?? 0)).toBe(321)
    await screenshot(page, 'shell-desktop-en')

    await chooseLanguage(page, 'ar')
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    const rtlBox = await sidebar.boundingBox()
    expect(Math.round((rtlBox?.x ?? 0) + (rtlBox?.width ?? 0))).toBe(DESKTOP.width)
    await expect.poll(() => page.getByRole('link', { name: 'المستخدمون' }).isVisible()).toBe(true)
    await screenshot(page, 'shell-desktop-ar')

    await page.getByRole('button', { name: 'طي الشريط الجانبي' }).click()
    await expect.poll(async () => Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(74)
    await page.reload()
    await sidebar.waitFor()
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    await expect.poll(async () => Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(74)
    await page.getByRole('button', { name: 'توسيع الشريط الجانبي' }).click()

    await page.goto(`${server.url}/no-such-page`)
    await page.getByTestId('coming-update').waitFor()
    await chooseLanguage(page, 'en')
    await page.close()
  })

  it('uses a drawer and a bottom-sheet menu on a phone, in both languages', async () => {
    const context = await browser.newContext({ viewport: PHONE })
    const page = await context.newPage()
    await signIn(page)
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false)
    await page.getByTestId('mobile-top-bar').waitFor()
    await screenshot(page, 'shell-mobile-en')
    await page.getByTestId('hamburger').click()
    const drawer = page.getByTestId('drawer')
    await drawer.waitFor()
    expect(Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(280)
    await screenshot(page, 'drawer-mobile-en')
    await page.getByRole('link', { name: 'Calendar' }).click()
    await page.waitForURL(/\/calendar$/)
    await page.getByTestId('mobile-user-button').click()
    await page.getByTestId('user-menu-sheet').waitFor()
    await screenshot(page, 'user-sheet-mobile-en')
    await page.getByRole('button', { name: 'AR', exact: true }).click()
    await page.waitForFunction(() => document.documentElement.dir === 'rtl')
    await page.keyboard.press('Escape')
    await page.getByTestId('hamburger').click()
    const box = await drawer.boundingBox()
    expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(PHONE.width)
    await screenshot(page, 'drawer-mobile-ar')
    await context.close()
  })

  it('sends a signed-out visitor to /login and back to the page they wanted', async () => {
    const context = await browser.newContext({ viewport: DESKTOP })
    const page = await context.newPage()
    await page.goto(`${server.url}/calendar`)
    await page.waitForURL(/\/login\?next=%2Fcalendar/)
    await page.getByLabel(/e-mail/i).fill(ADMIN.email)
    await page.getByLabel(/^password/i).fill(ADMIN.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(/\/calendar$/, { timeout: 15_000 })
    await page.goto(`${server.url}/login`)
    await page.waitForURL(/\/dashboard$/)
    await context.close()
  })
})
