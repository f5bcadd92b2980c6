import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext } from 'playwright-core'
import { addDays, localToday } from '../../src/domain/dates.ts'
import { PHONE, WIDE, launchBrowser, overflows, screenshot } from './browser.ts'
import { addProperty } from './hostData.ts'
import { registerAccount, startServer, type RunningServer } from './server.ts'

const HOST = { email: 'salma.host@example.com', password: 'Salma-Pass-2026!' }
const GUEST = 'Huda Al-Harbi'
const today = localToday()
const day = (offset: number) => addDays(today, offset)

let server: RunningServer
let browser: Browser
let host: BrowserContext
const tokens: Record<'en' | 'ar', string> = { en: '', ar: '' }

beforeAll(async () => {
  server = await startServer()
  await registerAccount(server, HOST)
  browser = await launchBrowser()
  host = await browser.newContext({ viewport: WIDE })
  const headers = { origin: server.url }
  expect((await host.request.post(`${server.url}/api/auth/login`, { data: HOST, headers })).status()).toBe(
    200,
  )
  const palm = await addProperty(host, server.url, { name: 'Palm Loft', address: 'Al Malqa 12' })
  const dune = await addProperty(host, server.url, { name: 'Dune House', address: 'Hittin 7' })
  const stays: [string, number, number][] = [
    [palm, -2, 3],
    [palm, 3, 6],
    [palm, 8, 12],
    [dune, 1, 5],
    [dune, 9, 11],
  ]
  for (const [property, from, to] of stays) {
    const added = await host.request.post(`${server.url}/api/property/${property}/stay`, {
      data: { start: day(from), end: day(to), kind: 'booking', guestName: GUEST },
      headers,
    })
    expect(added.status()).toBe(201)
  }
  for (const language of ['en', 'ar'] as const) {
    const made = await host.request.post(`${server.url}/api/turnover/link`, {
      data: { name: language === 'en' ? 'Fatima' : 'فاطمة', propertyIds: [palm, dune], language },
      headers,
    })
    expect(made.status()).toBe(201)
    tokens[language] = ((await made.json()) as { url: string }).url.split('/').at(-1)!
  }
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('a cleaner’s page', () => {
  for (const language of ['en', 'ar'] as const)
    for (const [width, viewport] of [
      ['desktop', WIDE],
      ['phone', PHONE],
    ] as const)
      it(`shows the link's cleanings without a session, in ${language}, on a ${width}`, async () => {
        const visitor = await browser.newContext({ viewport })
        const page = await visitor.newPage()
        await page.goto(`${server.url}/cleaner/${tokens[language]}`)
        const list = page.getByTestId('cleaner-schedule')
        await list.waitFor()
        // The page opens in the link's language once its answer says which.
        await page.waitForFunction((wanted) => document.documentElement.lang === wanted, language)
        await page.getByRole('heading', { level: 1, name: language === 'en' ? /Fatima/ : /فاطمة/ }).waitFor()
        expect(await list.locator('li').count()).toBe(5)
        const text = await page.locator('body').innerText()
        expect(text).toContain('Palm Loft')
        expect(text).toContain('Al Malqa 12')
        expect(text).not.toContain(GUEST)
        expect(await overflows(page)).toBe(false)
        await screenshot(page, `cleaner-page-${width}-${language}`, { fullPage: true })
        await visitor.close()
      })

  it('says a revoked link no longer works', async () => {
    const visitor = await browser.newContext({ viewport: PHONE })
    const page = await visitor.newPage()
    await page.goto(`${server.url}/cleaner/no-such-token`)
    await page.getByTestId('cleaner-gone').waitFor()
    await visitor.close()
  })
})
