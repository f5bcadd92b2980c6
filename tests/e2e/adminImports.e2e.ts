import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext } from 'playwright-core'
import { addDays, localToday } from '../../src/domain/dates.ts'
import { userPropertiesPath } from '../../src/domain/paths.ts'
import { calendarOf, startFeedServer } from '../fixtures/feedServer.ts'
import { DESKTOP, launchBrowser, screenshot, signedInPage, signInThroughForm } from './browser.ts'
import { addProperty, untilLinksRead } from './hostData.ts'
import { registerAccount, startServer, type RunningServer } from './server.ts'

const ADMIN = { email: 'admin@example.com', password: 'Admin-Pass-2026!' }
const HOST = { email: 'huda@example.com', password: 'Huda-Pass-2026!' }
const AIRBNB_AGENT = 'Airbnb Calendar Sync/1.0 (+https://www.airbnb.com)'
const HOUR_MS = 3_600_000

let server: RunningServer
let feeds: Awaited<ReturnType<typeof startFeedServer>>
let browser: Browser
let admin: BrowserContext
let hostId: string

/**
 * Airbnb's imports of the week before: every 2 hours for 3 days. A week of a platform's habit
 * cannot be waited for, so it is written as the fetch log writes it, into the server's database.
 */
function airbnbImportedEveryTwoHours(feedId: string) {
  const db = new Database(path.join(server.dataDir, 'manzil.db'))
  db.pragma('busy_timeout = 5000')
  const insert = db.prepare(
    'insert into feed_fetches (feed_id, minute, fetched_at, status, bytes, user_agent) values (?, ?, ?, 200, 512, ?)',
  )
  const now = Date.now()
  for (let hoursAgo = 72; hoursAgo >= 2; hoursAgo -= 2) {
    const at = new Date(now - hoursAgo * HOUR_MS).toISOString()
    insert.run(feedId, at.slice(0, 16), at, AIRBNB_AGENT)
  }
  db.close()
}

beforeAll(async () => {
  feeds = await startFeedServer()
  server = await startServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SYNC_ALLOW_HOSTS: '127.0.0.1',
  })
  browser = await launchBrowser()
  await registerAccount(server, HOST)
  const host = await browser.newContext({ viewport: DESKTOP })
  await signInThroughForm(await host.newPage(), server.url, HOST)
  // An Airbnb stay in a week: Vrbo, which never imports its link, may still sell those nights.
  const today = localToday()
  feeds.serve(
    '/airbnb.ics',
    calendarOf([{ uid: 'stay-1', start: addDays(today, 7), end: addDays(today, 10), summary: 'Reserved' }]),
  )
  feeds.serve('/vrbo.ics', calendarOf([]))
  const propertyId = await addProperty(host, server.url, {
    name: 'Palm Villa',
    links: [
      { platformName: 'Airbnb', urlPath: feeds.url('/airbnb.ics') },
      { platformName: 'Vrbo', urlPath: feeds.url('/vrbo.ics') },
    ],
  })
  await untilLinksRead(host, server.url)
  const links = (await (
    await host.request.get(`${server.url}/api/property/${propertyId}/calendar/internal`)
  ).json()) as { platforms: { platformName: string; url: string }[] }
  const airbnb = links.platforms.find((feed) => feed.platformName === 'Airbnb')!
  airbnbImportedEveryTwoHours(feedIdOf(airbnb.url))
  // And Airbnb's import now, as a platform makes it: its User-Agent is recorded.
  expect((await host.request.get(airbnb.url, { headers: { 'user-agent': AIRBNB_AGENT } })).status()).toBe(200)
  await host.close()

  admin = await browser.newContext({ viewport: DESKTOP })
  await signInThroughForm(await admin.newPage(), server.url, ADMIN)
  const users = (await (await admin.request.get(`${server.url}/api/admin/user/list`)).json()) as {
    id: string
    email: string
  }[]
  hostId = users.find((user) => user.email === HOST.email)!.id
})

/** The platform feed behind an availability link, by its token. */
function feedIdOf(url: string) {
  const token = new URL(url).pathname
    .split('/')
    .pop()!
    .replace(/\.ics$/, '')
  const db = new Database(path.join(server.dataDir, 'manzil.db'), { readonly: true })
  const row = db.prepare('select id from platform_feeds where token = ?').get(token) as
    { id: string } | undefined
  db.close()
  if (!row) throw new Error(`no feed for ${url}`)
  return row.id
}

afterAll(async () => {
  await admin?.close()
  await browser?.close()
  await server?.stop()
  await feeds?.close()
})

const TEXTS_OF = {
  en: { median: 'usually every 2 h', imported: /^Airbnb imported (just now|1 min ago)/ },
  ar: { median: 'عادةً كل ساعتين', imported: /^استوردته Airbnb (للتو|قبل دقيقة)/ },
} as const

describe('an admin’s view of how the platforms import', () => {
  it('shows each platform’s measured interval on the integration page, on a desktop and a phone', async () => {
    for (const language of ['en', 'ar'] as const) {
      for (const device of ['desktop', 'mobile'] as const) {
        const { shots, page } = await signedInPage(browser, admin, device, language)
        await page.goto(`${server.url}/integration`)
        const section = page.getByTestId('measured-intervals')
        const airbnb = section.locator('[data-testid="measured-platform"][data-platform="Airbnb"]')
        await expect
          .poll(() => airbnb.getByTestId('measured-median').innerText())
          .toBe(TEXTS_OF[language].median)
        expect(await airbnb.getByTestId('measured-user-agent').first().innerText()).toContain(
          'Airbnb Calendar Sync',
        )
        // Vrbo never imported: it is no platform's measure yet.
        expect(await section.locator('[data-platform="Vrbo"]').count()).toBe(0)
        await section.evaluate((element) => element.scrollIntoView({ block: 'start' }))
        await screenshot(
          page,
          device === 'desktop' ? `integration-admin-${language}` : `integration-admin-phone-${language}`,
        )
        await shots.close()
      }
    }
  })

  it('shows a user’s property’s imports and nights at risk, without the owner’s “I closed them”', async () => {
    for (const language of ['en', 'ar'] as const) {
      const { shots, page } = await signedInPage(browser, admin, 'desktop', language)
      await page.goto(`${server.url}${userPropertiesPath(hostId)}`)
      await page.getByTestId('property-card').first().click()
      const modal = page.getByTestId('property-modal')
      await modal.getByTestId('tab-connections').click()
      const lines = modal.getByTestId('import-status')
      await expect.poll(() => lines.first().innerText()).toMatch(TEXTS_OF[language].imported)
      expect(await lines.first().innerText()).toContain(TEXTS_OF[language].median)
      await expect.poll(() => modal.getByTestId('at-risk-run').count()).toBe(1)
      expect(await modal.getByTestId('acknowledge-at-risk').count()).toBe(0)
      await modal.getByTestId('at-risk').scrollIntoViewIfNeeded()
      await screenshot(page, `admin-property-imports-desktop-${language}`)
      await shots.close()
    }
  })
})
