import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, PHONE } from './browser.ts'
import { registerAccount, startServer, type RunningServer } from './server.ts'
import { LIVE_ATTRIBUTE } from '../../src/boot/prerendered.ts'

// The sign-in screen's markup comes with index.html, in both languages, and the app
// hydrates it. Runs on the real build.
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** Every error the page reports: React reports a hydration mismatch as one. */
function errorsOf(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}

/** Holds every script of the app back until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released
    await route.continue()
  })
  return release
}

const SIGN_IN = { en: { heading: 'Sign in', dir: 'ltr' }, ar: { heading: 'تسجيل الدخول', dir: 'rtl' } }

describe('the sign-in screen drawn by the build', () => {
  it('is in the page itself, in each language, with no script run', async () => {
    const html = await (await fetch(`${server.url}/login`)).text()
    for (const [language, { heading }] of Object.entries(SIGN_IN)) {
      const template = html.match(
        new RegExp(`<template data-screen="/login" lang="${language}">([\\s\\S]*?)</template>`),
      )
      expect(template?.[1]).toContain(`>${heading}</h1>`)
      expect(template?.[1]).toContain('data-testid="login-form"')
    }
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${server.url}/login`)
    // Without scripts the templates stay templates: this is the markup's own test, not the page's.
    expect(await page.locator('#root').innerHTML()).toBe('')
    await context.close()
  })

  for (const language of ['en', 'ar'] as const) {
    it(`is shown before the code runs and hydrated without a mismatch (${language})`, async () => {
      const context = await browser.newContext({ viewport: PHONE })
      await context.addInitScript((lang) => localStorage.setItem('manzil.language', lang), language)
      const page = await context.newPage()
      const errors = errorsOf(page)
      // The app's code held back: what shows is the page's own markup.
      const release = await holdScripts(page)
      await page.goto(`${server.url}/login`, { waitUntil: 'commit' })
      await page.getByRole('heading', { name: SIGN_IN[language].heading }).waitFor()
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(SIGN_IN[language].dir)
      expect(await page.locator(`html[${LIVE_ATTRIBUTE}]`).count()).toBe(0)
      release()
      await page.locator(`html[${LIVE_ATTRIBUTE}]`).waitFor({ state: 'attached' })
      // One form, not the page's and the app's side by side.
      expect(await page.getByTestId('login-form').count()).toBe(1)
      await page.waitForTimeout(300)
      expect(errors).toEqual([])
      await context.close()
    })
  }

  it('signs in a host who typed and pressed the button before the code arrived', async () => {
    const account = { email: 'early@example.com', password: 'Early-Pass-2026!' }
    await registerAccount(server, account)
    const context = await browser.newContext({ viewport: PHONE })
    const page = await context.newPage()
    const release = await holdScripts(page)
    await page.goto(`${server.url}/login`, { waitUntil: 'commit' })
    const form = page.getByTestId('login-form')
    await form.getByLabel('E-mail').fill(account.email)
    await form.getByLabel('Password', { exact: true }).fill(account.password)
    await form.getByRole('button', { name: 'Sign in' }).click()
    // The browser did not send the form itself: no password in an address, no page left.
    await page.waitForTimeout(300)
    expect(new URL(page.url()).pathname).toBe('/login')
    expect(page.url()).not.toContain(account.password)
    release()
    await page.waitForURL(/\/dashboard$/, { timeout: 15_000 })
    await context.close()
  })
})
