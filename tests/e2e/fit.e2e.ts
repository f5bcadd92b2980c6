import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { addDays, localToday } from '../../src/domain/dates.ts'
import { calendarOf, startFeedServer, type FeedServer } from '../fixtures/feedServer.ts'
import { until } from '../reliability/slowHelpers.ts'
import { codeIn } from '../server/mailbox.ts'
import { launchBrowser, PHONE, screenshot } from './browser.ts'
import { logMailbox, registerAccount, startServer, type RunningServer } from './server.ts'

/**
 * Every screen fits the window, at 390 px and at 1280 px, in English and in Arabic.
 * No sideways scroll, no control past an edge, and what users and feeds wrote keeps its own
 * direction in the Arabic interface.
 */

const ADMIN = { email: 'admin@example.com', password: 'Admin-Pass-2026!' }
// A long address, as many are: the code step repeats it, and it must wrap rather than widen the page.
const HOST = { email: 'alexandra.whitfield.montgomery.host@examplehosting.com', password: 'Host-Pass-2026!' }
// A new address for the admin's own e-mail change: long, so the code step must wrap it.
const NEW_EMAIL = 'new.address.for.the.administrator.of.manzil@examplehosting.com'
const VILLA = 'Desert Rose Villa'
// Too long for a card on a phone: it is cut, at its own (English) end, in either interface.
const LONG_NAME = 'Desert Rose Villa with a Private Pool and a Garden Majlis'
const DESCRIPTION =
  'A quiet villa at the edge of the dunes, with a shaded courtyard, a pool and a majlis for twelve guests.'
const FEED = '/airbnb/desert-rose.ics'
const today = localToday()
const day = (offset: number) => addDays(today, offset)
// English guest names, as the platforms write them; nights this month, so the chart has revenue.
const STAYS = [
  {
    uid: 'alexandra@airbnb.com',
    start: day(-6),
    end: day(4),
    summary: 'Reserved - Alexandra Whitfield-Montgomery',
  },
  { uid: 'jonathan@airbnb.com', start: day(6), end: day(9), summary: 'Reserved - Jonathan Fairbanks' },
]

const DESKTOP = { width: 1280, height: 860 }
const SIZES = [
  ['mobile', PHONE],
  ['desktop', DESKTOP],
] as const
const LANGUAGES = ['en', 'ar'] as const
type Language = (typeof LANGUAGES)[number]

let server: RunningServer
let feeds: FeedServer
let browser: Browser
let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>

const post = (context: BrowserContext, path: string, data?: unknown) =>
  context.request.post(`${server.url}/api${path}`, { data, headers: { origin: server.url } })

/** Turns two-factor on for the host, through the settings' own calls and the mailed code. */
async function enableTwoFactor(context: BrowserContext, inbox: ReturnType<typeof logMailbox>) {
  expect((await post(context, '/auth/login', HOST)).status()).toBe(200)
  expect((await post(context, '/user/tfa/send-code')).status()).toBe(200)
  const code = codeIn(await inbox.waitForMail(HOST.email))
  expect((await post(context, '/user/tfa/toggle', { code: Number(code) })).status()).toBe(200)
}

beforeAll(async () => {
  feeds = await startFeedServer()
  feeds.serve(FEED, calendarOf(STAYS))
  server = await startServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SYNC_ALLOW_HOSTS: '127.0.0.1',
  })
  browser = await launchBrowser()
  const inbox = logMailbox(server)
  await registerAccount(server, HOST, inbox)
  const hostContext = await browser.newContext()
  await enableTwoFactor(hostContext, inbox)
  await hostContext.close()

  const context = await browser.newContext()
  expect((await post(context, '/auth/login', ADMIN)).status()).toBe(200)
  const created = await context.request.post(`${server.url}/api/property`, {
    headers: { origin: server.url },
    multipart: {
      name: VILLA,
      country: 'Saudi',
      region: 'Riyadh',
      city: 'Diriyah',
      address: 'Wadi Hanifah Road 12',
      capacity: '12',
      costPerNight: '750',
      description: DESCRIPTION,
      externalCalendars: JSON.stringify([{ platformName: 'Airbnb', urlPath: feeds.url(FEED) }]),
    },
  })
  expect(created.status()).toBe(201)
  // Linking reads the feed at once, in the background.
  await until(async () => {
    const response = await context.request.get(`${server.url}/api/property/list`)
    const properties = (await response.json()) as { externalCalendars: { lastSyncedAt: string | null }[] }[]
    return properties[0]?.externalCalendars[0]?.lastSyncedAt != null
  }, 20_000)
  const second = await context.request.post(`${server.url}/api/property`, {
    headers: { origin: server.url },
    multipart: {
      name: LONG_NAME,
      country: 'Saudi',
      city: 'AlUla',
      address: 'Old Town 3',
      capacity: '4',
      costPerNight: '900',
    },
  })
  expect(second.status()).toBe(201)
  signedIn = await context.storageState()
  await context.close()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await feeds?.close()
})

type Overflow = { scrollWidth: number; width: number; outside: string[] }

/**
 * The page's width and every visible control whose box leaves [0, width]. A control inside a
 * scrolling row (the dashboard's cards) counts by the part its row shows; one clipped away
 * entirely, or a screen-reader-only one, is not visible.
 */
function overflowOf(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const width = window.innerWidth
    const outside: string[] = []
    for (const element of document.querySelectorAll<HTMLElement>('button, input, select, textarea, a')) {
      const style = getComputedStyle(element)
      if (style.visibility === 'hidden' || style.display === 'none') continue
      let { left, right, top, bottom } = element.getBoundingClientRect()
      if (right - left <= 1 || bottom - top <= 1) continue
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const parentStyle = getComputedStyle(parent)
        if (parentStyle.clip === 'rect(0px, 0px, 0px, 0px)') left = right
        if (parentStyle.overflowX === 'visible') continue
        const box = parent.getBoundingClientRect()
        left = Math.max(left, box.left)
        right = Math.min(right, box.right)
        top = Math.max(top, box.top)
        bottom = Math.min(bottom, box.bottom)
      }
      if (right - left <= 1 || bottom - top <= 0) continue
      if (left < -0.5 || right > width + 0.5) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)
        outside.push(
          `<${element.tagName.toLowerCase()}> "${name}" at ${Math.round(left)}..${Math.round(right)}`,
        )
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, outside }
  })
}

async function expectToFit(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready)
  const overflow = await overflowOf(page)
  expect.soft(overflow.scrollWidth, `${name}: the page is wider than the window`).toBe(overflow.width)
  expect.soft(overflow.outside, `${name}: controls past the window's edge`).toEqual([])
  await screenshot(page, name)
}

async function openPage(language: Language, viewport: { width: number; height: number }, signIn: boolean) {
  const context = await browser.newContext({
    viewport,
    locale: language === 'ar' ? 'ar-SA' : 'en-GB',
    ...(signIn ? { storageState: signedIn } : {}),
  })
  await context.addInitScript((lang) => localStorage.setItem('manzil.language', lang), language)
  return { context, page: await context.newPage() }
}

describe('every screen fits the window', () => {
  for (const [size, viewport] of SIZES) {
    for (const language of LANGUAGES) {
      it(`the signed-out screens, ${size}, ${language}`, async () => {
        const { context, page } = await openPage(language, viewport, false)
        const name = (screen: string) => `${screen}-${size}-${language}`

        await page.goto(`${server.url}/login`)
        await page.getByTestId('login-form').waitFor()
        await expectToFit(page, name('sign-in'))

        // The password rules, while the password has the focus, cover neither Confirm password nor
        // the button: not while a rule is unmet, and not once all are.
        await page.goto(`${server.url}/registration`)
        const registration = page.getByTestId('registration-form')
        await registration.locator('input[name="password"]').fill('Short1')
        await expectUncovered(page, name('registration'), [
          '[data-testid="registration-form"] input[name="confirmPassword"]',
          '[data-testid="registration-form"] button[type="submit"]',
        ])
        await expectToFit(page, name('registration'))
        await registration.locator('input[name="password"]').fill('Sunny-Day-42')
        await expectUncovered(page, name('registration'), [
          '[data-testid="registration-form"] input[name="confirmPassword"]',
          '[data-testid="registration-form"] button[type="submit"]',
        ])

        await page.goto(`${server.url}/forgot-password`)
        await page.getByTestId('forgot-form').waitFor()
        await expectToFit(page, name('forgot-password'))

        // The reset page lists the same rules, in the same place.
        await page.goto(`${server.url}/reset-password/not-a-real-token`)
        await page.getByTestId('reset-form').locator('input[name="password"]').fill('weak')
        await page.getByTestId('password-requirements').waitFor()
        await expectUncovered(page, name('reset-password'), [
          '[data-testid="reset-form"] input[name="confirmPassword"]',
          '[data-testid="reset-form"] button[type="submit"]',
        ])
        await expectToFit(page, name('reset-password'))

        // The two-factor step: the right password of an account that has it on.
        await page.goto(`${server.url}/login`)
        const form = page.getByTestId('login-form')
        await form.locator('input[name="email"]').fill(HOST.email)
        await form.locator('input[name="password"]').fill(HOST.password)
        await form.locator('button[type="submit"]').click()
        await page.getByTestId('login-code-form').waitFor()
        await expectToFit(page, name('two-factor'))
        await context.close()
      })

      it(`the signed-in screens, ${size}, ${language}`, async () => {
        const { context, page } = await openPage(language, viewport, true)
        const name = (screen: string) => `${screen}-${size}-${language}`

        await page.goto(`${server.url}/dashboard`)
        await page.getByTestId('revenue-chart').waitFor()
        await page.getByTestId('dashboard-current').getByText('Alexandra Whitfield-Montgomery').waitFor()
        await page.waitForLoadState('networkidle')
        await expectToFit(page, name('dashboard'))
        await expectChartTextInside(page, name('dashboard'))
        await expectWeekdaysApart(page.getByTestId('month-calendar'), name('dashboard'))

        await page.goto(`${server.url}/properties`)
        const card = page.getByTestId('property-card').filter({ hasText: VILLA }).first()
        await card.waitFor()
        // A name is laid out in its own direction, so an English one is cut at its end
        // ("Desert Rose Villa with a Pri…"), in the Arabic interface too.
        const longName = page.getByRole('button', { name: LONG_NAME })
        expect(await longName.evaluate((button) => getComputedStyle(button).direction)).toBe('ltr')
        expect(await longName.evaluate((button) => getComputedStyle(button).textOverflow)).toBe('ellipsis')
        await expectToFit(page, name('property-grid'))

        // A search that finds nothing says so, naming the search (properties exist).
        await page.goto(`${server.url}/properties?search=zzz`)
        await page.waitForLoadState('networkidle')
        expect(await page.getByTestId('property-card').count()).toBe(0)
        const said = await page.locator('main').innerText()
        expect.soft(said, `${name('properties')}: an empty search names the search`).toContain('zzz')
        await expectToFit(page, name('properties-no-match'))

        await page.goto(`${server.url}/properties`)
        await page.getByTestId('property-card').filter({ hasText: VILLA }).first().waitFor()
        await page.getByRole('button', { name: VILLA, exact: true }).click()
        const modal = page.getByTestId('property-modal')
        // The editor opens showing the property; in edit mode: the form, then a problem at its
        // field after Save, then "Discard your changes?" on Escape.
        await modal.getByTestId('mode-edit').click()
        await modal.getByTestId('save-property').waitFor()
        await page.waitForTimeout(300)
        await expectToFit(page, name('property-editor'))
        await expectNoSidewaysScroll(modal, name('property-editor'))
        await modal.locator('input[name="capacity"]').fill('0')
        await modal.getByTestId('save-property').click()
        const problem = modal.locator('#field-capacity-error')
        await problem.waitFor()
        await problem.evaluate((element) => element.scrollIntoView({ block: 'center' }))
        await expectToFit(page, name('property-editor-problem'))
        await expectNoSidewaysScroll(modal, name('property-editor-problem'))
        await answerDiscardQuestion(page, name('property-discard'), 'discard-draft')
        await modal.waitFor({ state: 'detached' })
        await page.getByRole('button', { name: VILLA, exact: true }).click()
        await modal.getByTestId('mode-view').click()
        await modal.getByTestId('tab-statistics').click()
        await modal.getByTestId('panel-statistics').waitFor()
        await expectOpenPickerToFit(page, page.getByTestId('start-date'), name('statistics-picker'))

        await page.goto(`${server.url}/calendar`)
        await page.getByTestId('upcoming-stays').getByText('Jonathan Fairbanks').waitFor()
        await expectToFit(page, name('calendar-stays'))
        await page.getByTestId('add-stay').click()
        await page.getByTestId('manual-stay-dialog').waitFor()
        await page.waitForTimeout(300)
        await expectToFit(page, name('calendar-add-stay'))
        await page.keyboard.press('Escape')
        await page.getByTestId('manual-stay-dialog').waitFor({ state: 'detached' })

        // The long property name in the cleanings' cards and table.
        await page.goto(`${server.url}/turnovers?window=month`)
        await page.locator('[data-testid="turnover-day"], [data-testid="turnovers-empty"]').first().waitFor()
        await expectToFit(page, name('turnovers'))

        await page.goto(`${server.url}/guests`)
        await page.getByText('Alexandra Whitfield-Montgomery').filter({ visible: true }).first().waitFor()
        await expectToFit(page, name('guest-list'))
        await context.close()
      })

      it(`the panels and dialogs a host opens, and the admin's lists, ${size}, ${language}`, async () => {
        const { context, page } = await openPage(language, viewport, true)
        const name = (screen: string) => `${screen}-${size}-${language}`

        await page.goto(`${server.url}/dashboard`)
        await page.getByTestId('bell').filter({ visible: true }).click()
        await page.getByTestId('notifications-panel').waitFor()
        await page.waitForTimeout(300)
        await expectToFit(page, name('notifications'))
        await page.keyboard.press('Escape')

        await page.goto(`${server.url}/properties`)
        await page.getByTestId('add-property').click()
        const addForm = page.getByTestId('add-property-modal')
        await addForm.waitFor()
        await page.waitForTimeout(300)
        await expectToFit(page, name('add-property'))
        await expectNoSidewaysScroll(addForm, name('add-property'))
        await page.keyboard.press('Escape')
        await addForm.waitFor({ state: 'detached' })

        // The manual stay's date picker, open on a phone and on a desktop.
        await page.goto(`${server.url}/calendar`)
        await page.getByTestId('add-stay').click()
        const stay = page.getByTestId('manual-stay-dialog')
        await stay.waitFor()
        await expectOpenPickerToFit(page, stay.getByTestId('stay-start'), name('stay-date-picker'))

        await page.goto(`${server.url}/integration`)
        const connect = page.getByTestId('platform-card').locator('button:not([disabled])').first()
        await connect.waitFor()
        await expectToFit(page, name('integration'))
        await connect.click()
        const connectDialog = page.getByTestId('connect-dialog')
        await connectDialog.waitFor()
        await page.waitForTimeout(300)
        await expectToFit(page, name('connect-dialog'))
        await expectNoSidewaysScroll(connectDialog, name('connect-dialog'))
        await page.keyboard.press('Escape')

        await page.goto(`${server.url}/users`)
        await page
          .locator('[data-testid="user-row"], [data-testid="user-card"]')
          .filter({ visible: true })
          .first()
          .waitFor()
        await expectToFit(page, name('users'))
        await page.goto(`${server.url}/logs`)
        await page
          .locator('[data-testid="log-row"], [data-testid="log-card"]')
          .filter({ visible: true })
          .first()
          .waitFor()
        await expectToFit(page, name('logs'))
        await context.close()
      })

      it(`the settings and the admin's user dialog, ${size}, ${language}`, async () => {
        const { context, page } = await openPage(language, viewport, true)
        const name = (screen: string) => `${screen}-${size}-${language}`

        // Settings opens from the header's button on a desktop, from the user sheet on a phone.
        await page.goto(`${server.url}/dashboard`)
        if (size === 'mobile') {
          await page.getByTestId('mobile-user-button').click()
          await page.getByTestId('user-menu-sheet').getByRole('button').nth(1).click()
        } else {
          await page.getByTestId('settings-button').click()
        }
        const settings = page.getByTestId('settings-modal')
        await settings.getByTestId('personal-info-form').waitFor()
        await page.waitForTimeout(300)
        await expectToFit(page, name('settings'))
        await expectNoSidewaysScroll(settings, name('settings'))
        // A changed address brings the Verify button and the current password: they fit too.
        await settings.locator('input[name="email"]').fill(HOST.email)
        await settings.locator('input[name="currentPassword"]').waitFor()
        await expectToFit(page, name('settings-email-change'))
        await expectNoSidewaysScroll(settings, name('settings-email-change'))
        // Closing with the new address typed asks first, and the question fits.
        await answerDiscardQuestion(page, name('settings-discard'), 'keep-editing')
        // The code step names the new address, a long one: it wraps inside the sheet.
        await settings.locator('input[name="email"]').fill(`${language}.${size}.${NEW_EMAIL}`)
        await settings.locator('input[name="currentPassword"]').fill(ADMIN.password)
        await settings.locator('input[name="currentPassword"]').press('Enter')
        await settings.getByTestId('email-code-form').waitFor()
        await settings.getByTestId('email-code-form').scrollIntoViewIfNeeded()
        await expectToFit(page, name('settings-email-code'))
        await expectNoSidewaysScroll(settings, name('settings-email-code'))
        await settings.getByTestId('email-code-form').getByRole('button').last().click()
        await settings.getByTestId('email-code-form').waitFor({ state: 'detached' })
        await page.keyboard.press('Escape')
        await settings.waitFor({ state: 'detached' })

        await page.goto(`${server.url}/users`)
        const edit = page
          .locator('[data-testid="user-row"], [data-testid="user-card"]')
          .filter({ visible: true, hasText: HOST.email })
          .getByRole('button')
        await edit.click()
        const dialog = page.getByTestId('admin-profile')
        await dialog.getByTestId('personal-info-form').waitFor()
        await page.waitForTimeout(300)
        await expectToFit(page, name('admin-user-edit'))
        await expectNoSidewaysScroll(dialog, name('admin-user-edit'))
        // "Link sent to" the user's long address: it wraps rather than widen the dialog.
        await dialog.getByTestId('settings-security').getByRole('button').click()
        const sent = dialog.getByTestId('settings-security').getByRole('status')
        await sent.waitFor()
        await sent.evaluate((status) => status.scrollIntoView({ block: 'center' }))
        await expectToFit(page, name('admin-user-reset-link'))
        await expectNoSidewaysScroll(dialog, name('admin-user-reset-link'))
        // Deactivating asks for a reason, in a dialog over the user's.
        await dialog.getByTestId('settings-account').getByRole('button').first().click()
        const reason = page.getByTestId('reason-dialog')
        await reason.waitFor()
        await page.waitForTimeout(300)
        await expectToFit(page, name('admin-user-reason'))
        await expectNoSidewaysScroll(reason, name('admin-user-reason'))
        await page.keyboard.press('Escape')
        await reason.waitFor({ state: 'detached' })
        await context.close()
      })
    }
  }
})

/**
 * A dialog scrolls up and down only: nothing in it is wider than its scrolling body, which would
 * hide the overflow from the page's `scrollWidth` and clip the controls at the body's edge.
 * Lists the scrolling boxes that scroll sideways and the widest elements inside them.
 */
async function expectNoSidewaysScroll(dialog: ReturnType<Page['getByTestId']>, name: string) {
  const sideways = await dialog.evaluate((root) => {
    const found: string[] = []
    for (const box of [root, ...root.querySelectorAll<HTMLElement>('*')]) {
      const overflowX = getComputedStyle(box).overflowX
      if (overflowX !== 'auto' && overflowX !== 'scroll') continue
      if (box.scrollWidth <= box.clientWidth + 1) continue
      const edge = box.getBoundingClientRect()
      const wide = [...box.querySelectorAll<HTMLElement>('*')]
        .filter((element) => {
          const { left, right } = element.getBoundingClientRect()
          const textWider = element.scrollWidth > element.clientWidth + 1 && element.children.length === 0
          return right > edge.right + 1 || left < edge.left - 1 || textWider
        })
        .slice(0, 4)
        .map(
          (element) =>
            `<${element.tagName.toLowerCase()}> "${(element.getAttribute('name') ?? element.textContent ?? '').slice(0, 30)}" ${element.scrollWidth} px`,
        )
      found.push(`${box.scrollWidth} px in ${box.clientWidth} px: ${wide.join(', ')}`)
    }
    return found
  })
  expect.soft(sideways, `${name}: the dialog scrolls sideways`).toEqual([])
}

/** A click at the middle of each control lands on that control, not on something over it. */
async function expectUncovered(page: Page, name: string, selectors: string[]) {
  await page.waitForTimeout(100)
  const covered = await page.evaluate((targets) => {
    const hidden: string[] = []
    for (const target of targets) {
      const element = document.querySelector(target)
      if (!element) {
        hidden.push(`${target} (missing)`)
        continue
      }
      element.scrollIntoView({ block: 'center' })
      const box = element.getBoundingClientRect()
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
      if (!hit || !(hit === element || element.contains(hit))) {
        hidden.push(
          `${target} under ${hit?.closest('[data-testid]')?.getAttribute('data-testid') ?? hit?.tagName}`,
        )
      }
    }
    return { hidden, focused: document.activeElement?.getAttribute('name') }
  }, selectors)
  expect(covered.focused, `${name}: the password has the focus`).toBe('password')
  expect.soft(covered.hidden, `${name}: controls covered while the password has the focus`).toEqual([])
}

/** Every label of the revenue chart lies inside the chart: none is cut at its edge. */
async function expectChartTextInside(page: Page, name: string) {
  const cut = await page.getByTestId('revenue-chart').evaluate((svg) => {
    const box = svg.getBoundingClientRect()
    return [...svg.querySelectorAll('text')]
      .map((text) => ({ text: text.textContent ?? '', box: text.getBoundingClientRect() }))
      .filter((label) => label.box.left < box.left - 0.5 || label.box.right > box.right + 0.5)
      .map((label) => label.text)
  })
  expect.soft(cut, `${name}: chart labels cut at its edge`).toEqual([])
}

/** Each weekday name fits its column: none runs into the next. */
/** Escape on a dirty form: "Discard …?" shows and fits; then the answer (a button's test id). */
async function answerDiscardQuestion(page: Page, name: string, answer: 'discard-draft' | 'keep-editing') {
  await page.keyboard.press('Escape')
  const question = page.getByTestId('discard-confirmation')
  await question.waitFor()
  await page.waitForTimeout(300)
  await expectToFit(page, name)
  await question.getByTestId(answer).click()
  await question.waitFor({ state: 'detached' })
}

/** A date picker, opened: it fits, its weekdays stand apart; then it closes. */
async function expectOpenPickerToFit(page: Page, picker: Locator, name: string) {
  await picker.getByRole('button').first().click()
  const panel = page.getByTestId(`${await picker.getAttribute('data-testid')}-panel`)
  await panel.waitFor()
  await page.waitForTimeout(300)
  await expectToFit(page, name)
  await expectWeekdaysApart(panel, name)
  await page.keyboard.press('Escape')
}

async function expectWeekdaysApart(picker: ReturnType<Page['getByTestId']>, name: string) {
  const crowded = await picker.evaluate((panel) =>
    [...panel.querySelectorAll<HTMLElement>('[role="columnheader"]')]
      .filter((header) => header.scrollWidth > header.clientWidth + 0.5)
      .map((header) => header.textContent),
  )
  expect.soft(crowded, `${name}: weekday names wider than their column`).toEqual([])
}
