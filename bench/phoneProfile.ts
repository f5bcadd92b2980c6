/**
 * The phone the browser benchmarks load screens on (bench/phone.ts, bench/portfolio.ts): 390 px,
 * a mid-range phone's CPU (4× slower than this machine's) on 4G (9 Mbps down, 1.5 Mbps up,
 * 85 ms), set by CDP on a fresh context each time (cold cache, no service worker), signed in as
 * a returning host is.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { LANGUAGE_STORAGE_KEY, SESSION_HINT_KEY } from '../src/boot/storageKeys.ts'
import { PHONE } from '../tests/e2e/browser.ts'
import type { RunningServer } from '../tests/e2e/server.ts'

export const NETWORK = {
  offline: false,
  latency: 85,
  downloadThroughput: (9_000_000 / 8) | 0,
  uploadThroughput: (1_500_000 / 8) | 0,
}
export const CPU_SLOWDOWN = 4

export type Cookies = Parameters<BrowserContext['addCookies']>[0]
export type Language = 'en' | 'ar'

/**
 * A host's session, signed in once per run: signing in before each load meets the server's own
 * limit of 30 /auth requests a minute from one address (429). A session cookie in a fresh
 * context is what a returning host's phone holds.
 */
export async function signIn(
  browser: Browser,
  server: RunningServer,
  account: { email: string; password: string },
): Promise<Cookies> {
  const context = await browser.newContext()
  try {
    const answer = await context.request.post(`${server.url}/api/auth/login`, {
      data: account,
      headers: { origin: server.url },
    })
    if (!answer.ok()) throw new Error(`${account.email} could not sign in: ${answer.status()}`)
    return (await context.storageState()).cookies
  } finally {
    await context.close()
  }
}

/**
 * A fresh context at the phone's width (cold cache, no service worker), in `language`, with the
 * session and its hint when `session` is given, as every returning host's browser holds them
 * (src/common/sessionHint.ts), and the page scripts in `initScripts` run before the page's own.
 */
export async function phoneContext(
  browser: Browser,
  options: { language: Language; session?: Cookies; initScripts?: string[] },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' })
  const stored = {
    [LANGUAGE_STORAGE_KEY]: options.language,
    ...(options.session ? { [SESSION_HINT_KEY]: '1' } : {}),
  }
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
  }, stored)
  for (const script of options.initScripts ?? []) await context.addInitScript(script)
  if (options.session) await context.addCookies(options.session)
  return context
}

/** The phone's network and CPU on the page, by CDP; returns the session for more. */
export async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', NETWORK)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  return cdp
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
