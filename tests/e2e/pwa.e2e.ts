import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser, PHONE, screenshot } from './browser.ts'
import { registerAccount, startServer, type RunningServer } from './server.ts'
import { SESSION_HINT_KEY } from '../../src/boot/storageKeys.ts'

// The installable app shell. Runs on the real build (dist/, with its sw.js).
const SERVICE_WORKER = path.resolve('dist/sw.js')

/** The worker as a deploy writes it: the file and the compressed copies the server sends. */
function writeServiceWorker(source: string) {
  fs.writeFileSync(SERVICE_WORKER, source)
  fs.writeFileSync(`${SERVICE_WORKER}.br`, zlib.brotliCompressSync(source))
  fs.writeFileSync(`${SERVICE_WORKER}.gz`, zlib.gzipSync(source))
}

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

  it('shows the offline page, never an error, when a signed-in screen is reloaded offline, in both languages', async () => {
    const account = { email: 'offline.host@example.com', password: 'Offline-Pass-2026!' }
    await registerAccount(server, account)
    for (const language of ['en', 'ar'] as const) {
      const context = await browser.newContext({ viewport: PHONE })
      await context.addInitScript((lang) => localStorage.setItem('manzil.language', lang), language)
      const signIn = await context.request.post(`${server.url}/api/auth/login`, {
        data: account,
        headers: { origin: server.url },
      })
      expect(signIn.status()).toBe(200)
      const page = await controlledPage(context)
      await page.goto(`${server.url}/calendar`)
      await page.getByTestId('month-calendar').waitFor()
      await context.setOffline(true)
      await page.reload()
      const title = { en: "You're offline", ar: 'أنت غير متصل بالإنترنت' }[language]
      await expect.poll(() => page.getByRole('heading', { name: title }).isVisible()).toBe(true)
      const unexpected = { en: 'Unexpected error', ar: 'خطأ غير متوقع' }[language]
      expect(await page.getByText(unexpected).count()).toBe(0)
      await context.close()
    }
  })

  it('offers a new version when one is deployed, and swaps it in only when asked', async () => {
    const context = await browser.newContext({ viewport: PHONE })
    const page = await controlledPage(context)
    const original = fs.readFileSync(SERVICE_WORKER, 'utf8')
    try {
      // A deploy: the worker's bytes change, and so do the compressed copies the server sends.
      writeServiceWorker(`${original}\n// the next version\n`)
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
      writeServiceWorker(original)
      await context.close()
    }
  })
})

describe('the first screen on a phone', () => {
  it("is preloaded by the page's own script, which the security policy allows, and comes compressed", async () => {
    const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' })
    const page = await context.newPage()
    const refused: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
    })
    const responses: { url: string; encoding: string | undefined; length: number }[] = []
    page.on('response', (response) =>
      responses.push({
        url: response.url(),
        encoding: response.headers()['content-encoding'],
        length: Number(response.headers()['content-length'] ?? 0),
      }),
    )
    await page.addInitScript(() => localStorage.setItem('manzil.language', 'ar'))
    await page.goto(`${server.url}/login`)
    await page.locator('form button[type="submit"]').waitFor()
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="preload"]')].map(
        (link) => new URL(link.href).pathname,
      ),
    )
    expect(refused).toEqual([])
    // The sign-in screen's code is built into the sign-in pages' chunk (scripts/chunkGroups.ts).
    expect(preloaded.some((file) => /\/auth-[\w-]+\.js$/.test(file))).toBe(true)
    // The Arabic face cut to the Arabic block (scripts/fonts.ts), not the package's whole file.
    expect(preloaded.some((file) => /\/noto-sans-arabic-core-[\w-]+\.woff2$/.test(file))).toBe(true)
    expect(preloaded.filter((file) => /\/noto-sans-arabic-arabic-wght-normal-/.test(file))).toEqual([])
    // Every Arabic letter on the page is drawn from the cut: the whole file is never fetched.
    expect(
      await page.evaluate(() =>
        document.fonts.ready.then(() => document.fonts.check('16px "Noto Sans Arabic Variable"', 'تسجيل')),
      ),
    ).toBe(true)
    expect(responses.filter(({ url }) => /noto-sans-arabic-arabic-wght-normal/.test(url))).toEqual([])
    const scripts = responses.filter(({ url }) => url.endsWith('.js'))
    expect(scripts.length).toBeGreaterThan(0)
    // Under a kilobyte, a file is sent as it is (scripts/vitePrecompress.ts).
    expect(scripts.filter(({ encoding, length }) => encoding === undefined && length >= 1024)).toEqual([])
    expect(scripts.some(({ encoding }) => encoding === 'br' || encoding === 'gzip')).toBe(true)
    await context.close()
  })

  it("loads Intl's data in a worker the security policy allows, and draws only a phone's bars, on a signed-in screen", async () => {
    const account = { email: 'phone-host@example.com', password: 'Phone-host-2026!' }
    await registerAccount(server, account)
    const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' })
    const signIn = await context.request.post(`${server.url}/api/auth/login`, {
      data: account,
      headers: { origin: server.url },
    })
    expect(signIn.status()).toBe(200)
    // A host who signed in on this phone before (src/common/sessionHint.ts).
    await context.addInitScript((key) => localStorage.setItem(key, '1'), SESSION_HINT_KEY)
    const page = await context.newPage()
    const refused: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
    })
    const workers: string[] = []
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname))
    const warmup = page.waitForResponse((response) => /\/intl-warmup-[\w-]+\.js$/.test(response.url()))
    await page.goto(`${server.url}/calendar`)
    await page.getByTestId('month-calendar').waitFor()
    expect((await warmup).status()).toBe(200)
    expect(workers.filter((file) => /\/intl-warmup-[\w-]+\.js$/.test(file))).toHaveLength(1)
    expect(refused).toEqual([])
    expect(await page.getByTestId('mobile-top-bar').isVisible()).toBe(true)
    expect(await page.getByTestId('sidebar').count()).toBe(0)
    expect(await page.getByTestId('desktop-header').count()).toBe(0)
    // Below md the side panel's month is the calendar: the big grid is not drawn at all.
    expect(await page.getByTestId('calendar-grid').count()).toBe(0)
    await context.close()
  })
})
