import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser, PHONE, screenshot } from './browser.ts'
import { startServer, type RunningServer } from './server.ts'

// Issue 17: the installable app shell. Runs on the real build (dist/, with its sw.js).
const SERVICE_WORKER = path.resolve('dist/sw.js')

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

/** Opens /login and waits until the service worker has installed and controls the page. */
async function controlledPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${server.url}/login`)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (navigator.serviceWorker.controller) return
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve))
  })
  return page
}

describe('the installable app shell', () => {
  it('is reported installable by Chromium, with a manifest in each language', async () => {
    // A browser's own profile: Chromium never offers to install from an incognito window, which
    // is what every other context of the suite is.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-profile-'))
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
      viewport: PHONE,
    })
    const page = await controlledPage(context)
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[]
    }
    expect(installabilityErrors).toEqual([])
    const english = await (await fetch(`${server.url}/manifest.webmanifest`)).json()
    expect(english).toMatchObject({ lang: 'en', dir: 'ltr', name: 'Manzil', theme_color: '#0f766e' })
    const arabic = await (await fetch(`${server.url}/manifest.ar.webmanifest`)).json()
    expect(arabic).toMatchObject({ lang: 'ar', dir: 'rtl', name: 'منزل' })
    // The page links the manifest of the language it is read in.
    await page.evaluate(() => localStorage.setItem('manzil.language', 'ar'))
    await page.reload()
    await page.waitForFunction(() => document.documentElement.dir === 'rtl')
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.ar.webmanifest')
    await context.close()
    fs.rmSync(profile, { recursive: true, force: true })
  })

  it('opens from the cache with no network, says it is offline in both languages, and comes back', async () => {
    const context = await browser.newContext({ viewport: PHONE })
    const page = await controlledPage(context)
    await context.setOffline(true)
    await page.reload()
    await expect.poll(() => page.getByTestId('offline-page').isVisible()).toBe(true)
    await expect.poll(() => page.getByRole('heading', { name: "You're offline" }).isVisible()).toBe(true)
    await screenshot(page, 'offline-mobile-en')

    await page.evaluate(() => localStorage.setItem('manzil.language', 'ar'))
    await page.reload()
    await page.waitForFunction(() => document.documentElement.dir === 'rtl')
    await expect
      .poll(() => page.getByRole('heading', { name: 'أنت غير متصل بالإنترنت' }).isVisible())
      .toBe(true)
    await screenshot(page, 'offline-mobile-ar')

    // Nothing of the API was kept: back online, the sign-in form returns and works.
    await context.setOffline(false)
    await expect.poll(() => page.getByTestId('offline-page').count()).toBe(0)
    await page.locator('form').first().waitFor()
    const cached = await page.evaluate(async () => {
      const names = await caches.keys()
      const urls = await Promise.all(
        names.map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)),
      )
      return urls.flat()
    })
    expect(cached).toContain(`${server.url}/`)
    expect(cached.filter((url) => new URL(url).pathname.startsWith('/api'))).toEqual([])
    await context.close()
  })

  it('offers a new version when one is deployed, and swaps it in only when asked', async () => {
    const context = await browser.newContext({ viewport: PHONE })
    const page = await controlledPage(context)
    const original = fs.readFileSync(SERVICE_WORKER, 'utf8')
    try {
      // A deploy: the worker's bytes change.
      fs.writeFileSync(SERVICE_WORKER, `${original}\n// the next version\n`)
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready
        await registration.update()
      })
      const prompt = page.getByTestId('update-prompt')
      await prompt.waitFor()
      await expect.poll(() => prompt.textContent()).toContain('A new version of Manzil is ready.')
      await screenshot(page, 'update-prompt-mobile-en')
      await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()])
      await page.locator('form').first().waitFor()
      expect(await page.getByTestId('update-prompt').count()).toBe(0)
      const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)
      expect(scriptUrl).toBe(`${server.url}/sw.js`)
    } finally {
      fs.writeFileSync(SERVICE_WORKER, original)
      await context.close()
    }
  })
})
