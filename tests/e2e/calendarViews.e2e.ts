import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { monthsAfter } from '../../src/domain/airbnbRules.ts'
import { addDays, localToday, nightsBetween } from '../../src/domain/dates.ts'
import { calendarDays } from '../../src/ui/calendar/month/calendarDays.ts'
import { calendarOf, startFeedServer, type FeedServer, type StayEvent } from '../fixtures/feedServer.ts'
import { launchBrowser, PHONE, screenshot, signedInPage, tabTo } from './browser.ts'
import { addProperty, untilLinksRead } from './hostData.ts'
import { registerAccount, startServer, type RunningServer } from './server.ts'

// A host with three properties reads the month at 1280 px (sidebar open), and the
// timeline at 1280 and 390 px, in both languages.
const HOST = { email: 'salma.host@example.com', password: 'Salma-Pass-2026!' }
const WIDTH = 1280

// The stays sit in the second and third rows of the month the calendar opens on (today's), which
// always belong to that month.
const sunday = calendarDays(localToday().slice(0, 7))[7]!
const day = (offset: number) => addDays(sunday, offset)
const ahead = (offset: number) => addDays(localToday(), offset)
const FEEDS: Record<string, { property: string; platform?: string; stays: StayEvent[] }> = {
  '/airbnb/desert-rose.ics': {
    property: 'Desert Rose Villa',
    stays: [
      // From Wednesday to the next Monday: across the week's end.
      { uid: 'alexandra@airbnb.com', start: day(3), end: day(9), summary: 'Reserved - Alexandra Whitfield' },
      // Airbnb's bare "Reserved": a reservation whose guest the feed does not name.
      { uid: 'unnamed@airbnb.com', start: day(1), end: day(3), summary: 'Reserved' },
    ],
  },
  '/airbnb/palm-loft.ics': {
    property: 'Palm Loft',
    stays: [
      { uid: 'closed@airbnb.com', start: day(2), end: day(4), summary: 'Airbnb (Not available)' },
      // Sarah's stay has its preparation night on each side, as Rami's below: a reservation still
      // ahead with a free night beside it would prove Airbnb's preparation time none, and Rami's
      // closed nights the host's (src/domain/airbnbRules.ts), on the days Sarah's is still ahead.
      { uid: 'sarah-before@airbnb.com', start: day(9), end: day(10), summary: 'Airbnb (Not available)' },
      { uid: 'sarah@airbnb.com', start: day(10), end: day(13), summary: 'Reserved - Sarah Johnson' },
      { uid: 'sarah-after@airbnb.com', start: day(13), end: day(14), summary: 'Airbnb (Not available)' },
      // A month ahead, one night closed on each side of a reservation and the nights around them
      // free: Airbnb's preparation time (its rules are read from today on), its booking window
      // closing the export's end.
      { uid: 'before@airbnb.com', start: ahead(30), end: ahead(31), summary: 'Airbnb (Not available)' },
      { uid: 'rami@airbnb.com', start: ahead(31), end: ahead(34), summary: 'Reserved - Rami Aziz' },
      { uid: 'after@airbnb.com', start: ahead(34), end: ahead(35), summary: 'Airbnb (Not available)' },
      {
        uid: 'window@airbnb.com',
        start: monthsAfter(localToday(), 9),
        end: monthsAfter(localToday(), 24),
        summary: 'Airbnb (Not available)',
      },
    ],
  },
  // Vrbo sells two of Sarah's nights again: a double booking.
  '/vrbo/palm-loft.ics': {
    property: 'Palm Loft',
    platform: 'Vrbo',
    stays: [{ uid: 'omar@vrbo.com', start: day(11), end: day(13), summary: 'Reserved - Omar Khalid' }],
  },
  '/airbnb/corniche-flat.ics': {
    property: 'Corniche Flat',
    stays: [
      { uid: 'hala@airbnb.com', start: day(3), end: day(6), summary: 'Reserved - هالة سعيد' },
      // There before the double booking on the same days: it must not hide either side.
      { uid: 'lucas@airbnb.com', start: day(8), end: day(12), summary: 'Reserved - Lucas Martin' },
    ],
  },
}

let feeds: FeedServer
let server: RunningServer
let browser: Browser
let context: BrowserContext

beforeAll(async () => {
  feeds = await startFeedServer()
  server = await startServer({ SYNC_ALLOW_HOSTS: '127.0.0.1' })
  await registerAccount(server, HOST)
  browser = await launchBrowser()
  context = await browser.newContext({ viewport: { width: WIDTH, height: 860 } })
  const signIn = await context.request.post(`${server.url}/api/auth/login`, {
    data: HOST,
    headers: { origin: server.url },
  })
  expect(signIn.status()).toBe(200)
  for (const [route, { stays }] of Object.entries(FEEDS)) feeds.serve(route, calendarOf(stays))
  // Each property once, with a link to each of its feeds.
  for (const property of new Set(Object.values(FEEDS).map((feed) => feed.property))) {
    await addProperty(context, server.url, {
      name: property,
      city: 'Jeddah',
      address: 'Corniche Road',
      links: Object.entries(FEEDS)
        .filter(([, feed]) => feed.property === property)
        .map(([route, feed]) => ({ platformName: feed.platform ?? 'Airbnb', urlPath: feeds.url(route) })),
    })
  }
  await untilLinksRead(context, server.url)
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await server?.stop()
  await feeds?.close()
})

/** Tabs until focus is in the grid of `testId`: the grid's one Tab stop. */
const tabIntoGrid = (page: Page, testId: string) => tabTo(page, `[data-testid="${testId}"] [role="grid"] *`)

/** Days from `from` to `to`, negative when `to` is earlier. */
const signedNights = (from: string, to: string) =>
  to >= from ? nightsBetween(from, to) : -nightsBetween(to, from)

describe('the month grid at 1280 px', () => {
  it.each(['en', 'ar'] as const)(
    'fills the page, spans stays over their nights and names them, in %s',
    async (language) => {
      const { shots, page } = await signedInPage(browser, context, 'desktop', language)
      await page.setViewportSize({ width: WIDTH, height: 860 })
      await page.goto(`${server.url}/calendar`)
      const grid = page.getByTestId('calendar-grid')
      const bars = grid.getByTestId('event-bar')
      await bars.filter({ hasText: 'Sarah Johnson' }).waitFor()

      // The month takes the content's width; the stay lists go under it.
      const gridBox = (await grid.boundingBox())!
      const sidebar = (await page.getByTestId('sidebar').boundingBox())!
      expect(gridBox.width).toBeGreaterThan(WIDTH - sidebar.width - 100)
      const panel = (await page.getByTestId('current-stays').boundingBox())!
      expect(panel.y).toBeGreaterThan(gridBox.y + gridBox.height)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(WIDTH)

      // One bar a week row: Alexandra's stay goes on from the first row into the second.
      expect(await bars.filter({ hasText: 'Alexandra Whitfield' }).count()).toBe(2)
      // An unnamed Airbnb reservation is a reservation, the closed nights a block.
      const reservation = language === 'en' ? 'Reservation' : 'حجز'
      expect(await bars.filter({ hasText: reservation }).count()).toBe(1)
      expect(await page.locator('body').innerText()).not.toMatch(/Blocked \(Reserved\)|\(Reserved\)/)
      // Wednesday holds three stays: two bars, then "+ 1 more".
      const wednesday = grid.locator(`[data-day="${day(3)}"]`)
      expect(await wednesday.getByText(language === 'en' ? '+ 1 more' : '+ ١ آخر').isVisible()).toBe(true)

      // Both sides of the double booking show on the nights they clash, Lucas's stay yielding them;
      // each bar names its nights and its property.
      for (const clash of [day(11), day(12)]) {
        const over = await bars.evaluateAll(
          (all, night) =>
            all
              .filter((bar) => {
                const first = bar.closest<HTMLElement>('[data-day]')!.dataset.day!
                const span = Number((bar as HTMLElement).dataset.span)
                const last = new Date(Date.parse(first) + (span - 1) * 86_400_000).toISOString().slice(0, 10)
                return first <= night && night <= last
              })
              .map((bar) => (bar as HTMLElement).dataset.conflict ?? ''),
          clash,
        )
        expect(over).toEqual(['true', 'true'])
      }
      const sarah = bars.filter({ hasText: 'Sarah Johnson' }).first()
      expect(await sarah.getAttribute('title')).toMatch(
        language === 'en'
          ? /^Sarah Johnson · 3 nights · Palm Loft · Airbnb · .+ · Conflict$/
          : /^Sarah Johnson، ٣ ليالٍ، Palm Loft، /,
      )
      // A bar of two nights or more has room for its name: none is cut.
      const cut = await bars.evaluateAll((all) =>
        all
          .filter((bar) => Number((bar as HTMLElement).dataset.span) >= 2)
          .map((bar) => bar.querySelector<HTMLElement>('[dir="auto"]')!)
          .filter((text) => text.scrollWidth > text.clientWidth)
          .map((text) => text.textContent),
      )
      expect(cut).toEqual([])

      // The month from its title down, under the page's sticky header.
      await grid.evaluate((element) =>
        window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 80),
      )
      await screenshot(page, `calendar-month-desktop-${language}`)
      await shots.close()
    },
  )
})

describe('the month and the timeline on a phone', () => {
  it.each(['en', 'ar'] as const)(
    'marks a night sold twice, and a one-night rule stays readable, in %s',
    async (language) => {
      const { shots, page } = await signedInPage(browser, context, 'mobile', language)
      await page.goto(`${server.url}/calendar`)
      const month = page.getByTestId('month-calendar')
      const clash = month.locator(`[data-day="${day(11)}"]`)
      await clash.getByTestId('day-conflict').waitFor()
      expect(await clash.getAttribute('aria-label')).toMatch(
        language === 'en' ? /: 1 check-in · double booked$/ : /: وصول واحد، محجوز مرتين$/,
      )
      // Sarah's first night is hers alone.
      expect(
        await month
          .locator(`[data-day="${day(10)}"]`)
          .getByTestId('day-conflict')
          .count(),
      ).toBe(0)
      await month.evaluate((element) =>
        window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 80),
      )
      await screenshot(page, `calendar-month-mobile-${language}`)

      // The preparation night after Sarah's stay: one night's width, yet some of its name shows.
      await page.goto(
        `${server.url}/calendar?view=timeline&month=${ahead(30).slice(0, 7)}&start=${ahead(30)}`,
      )
      const rule = page.getByTestId('timeline-bar').and(page.locator('[data-shape="rule"]')).first()
      await rule.waitFor()
      expect(await rule.getAttribute('title')).toMatch(
        language === 'en'
          ? /^Airbnb preparation time · 1 night · Airbnb · .+ · Platform rule$/
          : /^وقت التحضير في Airbnb، ليلة واحدة، /,
      )
      const fit = await rule.evaluate((bar) => {
        const text = bar.querySelector<HTMLElement>('[dir="auto"]')!.getBoundingClientRect()
        const box = bar.getBoundingClientRect()
        return {
          inside: text.left >= box.left - 0.5 && text.right <= box.right + 0.5,
          overflow: bar.scrollWidth > bar.clientWidth,
          width: text.width,
        }
      })
      // Room for about three letters and the ellipsis ("Air…"), within the bar.
      expect(fit).toMatchObject({ inside: true, overflow: false })
      expect(fit.width).toBeGreaterThanOrEqual(20)
      await screenshot(page, `timeline-rule-mobile-${language}`)
      await shots.close()
    },
  )
})

describe('the timeline, one row per property', () => {
  const cases = [
    { device: 'desktop', width: WIDTH, days: 14 },
    { device: 'mobile', width: PHONE.width, days: 7 },
  ] as const
  for (const { device, width, days } of cases) {
    it.each(['en', 'ar'] as const)(
      `lays the stays out by property on a ${width} px screen, in %s`,
      async (language) => {
        const { shots, page } = await signedInPage(browser, context, device, language)
        await page.setViewportSize({ width, height: device === 'mobile' ? PHONE.height : 860 })
        await page.goto(`${server.url}/calendar?view=timeline&start=${sunday}`)
        const timeline = page.getByTestId('timeline')
        const rows = timeline.getByTestId('timeline-row')
        await expect.poll(() => rows.count()).toBe(3)
        await timeline.getByTestId('timeline-bar').first().waitFor()
        const names = await rows.evaluateAll((all) => all.map((row) => row.textContent ?? ''))
        for (const property of ['Desert Rose Villa', 'Palm Loft', 'Corniche Flat']) {
          expect(names.some((name) => name.includes(property))).toBe(true)
        }
        // The days shown, as many as the screen takes; nothing pushes the page sideways.
        expect(await page.getByTestId('timeline-length').isVisible()).toBe(device === 'desktop')
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)

        // The property's name holds the start edge: left in English, right in Arabic.
        const scroller = page.getByTestId('timeline-scroll')
        const area = (await scroller.boundingBox())!
        const firstName = (await rows.first().locator('[data-testid="timeline-property"]').boundingBox())!
        if (language === 'en') expect(Math.abs(firstName.x - area.x)).toBeLessThan(4)
        else expect(Math.abs(firstName.x + firstName.width - (area.x + area.width))).toBeLessThan(4)

        // A reload keeps the view, the window and the filters.
        await page.getByTestId('property-filter').selectOption({ label: 'Desert Rose Villa' })
        await expect.poll(() => page.url()).toContain('property=')
        await page.reload()
        await expect.poll(() => rows.count()).toBe(1)
        expect(new URL(page.url()).searchParams.get('view')).toBe('timeline')
        expect(new URL(page.url()).searchParams.get('days') ?? String(days)).toBe(String(days))

        // A click on a stay opens its details: nights, price and total.
        await rows
          .first()
          .getByTestId('timeline-bar')
          .filter({ hasText: 'Alexandra Whitfield' })
          .first()
          .click()
        const details = page.getByTestId('stay-details-dialog')
        await details.waitFor()
        expect(await details.getByTestId('stay-nights').textContent()).toMatch(language === 'en' ? /6/ : /٦/)
        await screenshot(page, `timeline-details-${device}-${language}`)
        await page.keyboard.press('Escape')
        await details.waitFor({ state: 'hidden' })

        await page.getByTestId('property-filter').selectOption({ index: 0 })
        await expect.poll(() => rows.count()).toBe(3)
        await timeline.evaluate((element) =>
          window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 80),
        )
        await screenshot(page, `timeline-${device}-${language}`)
        await shots.close()
      },
    )
  }

  it('scrolls sideways as the keyboard moves on in time, in either direction', async () => {
    for (const language of ['en', 'ar'] as const) {
      const { shots, page } = await signedInPage(browser, context, 'desktop', language)
      await page.setViewportSize({ width: 900, height: 860 })
      await page.goto(`${server.url}/calendar?view=timeline&days=60`)
      const scroller = page.getByTestId('timeline-scroll')
      await scroller.getByTestId('timeline-row').first().waitFor()
      const overflow = await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)
      expect(overflow).toBeGreaterThan(0)
      // The grid's Tab stop, then End: its last night, which the region scrolls to.
      await tabIntoGrid(page, 'timeline')
      await page.keyboard.press('End')
      // Later days lie to the right in English and to the left in Arabic (scrollLeft goes negative).
      await expect.poll(() => scroller.evaluate((element) => Math.abs(element.scrollLeft))).toBeGreaterThan(0)
      await shots.close()
    }
  })
})

describe('the calendar by keyboard alone', () => {
  const focused = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null
      // A bar's title is its whole name; a free night's cell is named by aria-label.
      return {
        item: element?.dataset.item ?? '',
        label: element?.getAttribute('aria-label') ?? element?.getAttribute('title') ?? '',
      }
    })
  /** "Check-in: 10/03/2026" → 2026-03-10. */
  const pickerDay = async (page: Page, testId: string) => {
    const label = (await page.getByTestId(testId).getByRole('button').getAttribute('aria-label')) ?? ''
    // In Arabic the date is written in Arabic-Indic digits.
    const latin = label.replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x660))
    const [, dd, mm, yyyy] = /(\d{2})\/(\d{2})\/(\d{4})$/.exec(latin) ?? []
    return `${yyyy}-${mm}-${dd}`
  }

  it('adds a stay by selecting nights on the month grid, then opens it, without a pointer', async () => {
    const { shots, page } = await signedInPage(browser, context, 'desktop', 'en')
    await page.setViewportSize({ width: WIDTH, height: 860 })
    await page.goto(`${server.url}/calendar`)
    const grid = page.getByTestId('calendar-grid')
    await grid.getByTestId('event-bar').first().waitFor()
    await tabIntoGrid(page, 'calendar-grid')
    // One Tab stop: a day (today's), then the arrows to the fourth row's Monday, a free night.
    const stop = (await focused(page)).item
    expect(stop).toMatch(/^day:/)
    const target = day(15)
    const gap = signedNights(stop.slice('day:'.length), target)
    for (let step = 0; step < Math.abs(gap); step++)
      await page.keyboard.press(gap > 0 ? 'ArrowRight' : 'ArrowLeft')
    expect((await focused(page)).item).toBe(`day:${target}`)
    await page.keyboard.press('Shift+ArrowRight')
    await page.keyboard.press('Shift+ArrowRight')
    expect(await page.getByTestId('selection-hint').innerText()).toMatch(/^3 nights selected/)
    await page.keyboard.press('Enter')
    const dialog = page.getByTestId('manual-stay-dialog')
    await dialog.waitFor()
    expect([await pickerDay(page, 'stay-start'), await pickerDay(page, 'stay-end')]).toEqual([
      target,
      addDays(target, 3),
    ])
    for (let presses = 0; presses < 20; presses++) {
      if (await page.evaluate(() => document.activeElement?.id === 'stay-guest')) break
      await page.keyboard.press('Tab')
    }
    await page.keyboard.type('Keyboard Guest')
    await page.keyboard.press('Enter')
    await page.getByText('Stay added').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await grid.getByTestId('event-bar').filter({ hasText: 'Keyboard Guest' }).waitFor()

    // Back in the grid (its Tab stop is where the selection ended), down to the new stay's bar.
    if (!(await page.evaluate(() => document.activeElement?.closest('[role="grid"]') != null)))
      await tabIntoGrid(page, 'calendar-grid')
    expect((await focused(page)).item).toBe(`day:${addDays(target, 2)}`)
    await page.keyboard.press('ArrowDown')
    const bar = await focused(page)
    expect(bar.label).toMatch(/^Keyboard Guest · .+ · Manual · /)
    // The focus ring: a thick outline, unlike a conflict's thin red ring.
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineWidth)
    expect(outline).toBe('3px')
    await screenshot(page, 'calendar-keyboard-focus-desktop-en')
    await page.keyboard.press('Enter')
    const details = page.getByTestId('stay-details-dialog')
    await details.waitFor()
    expect(await details.innerText()).toContain('Keyboard Guest')
    expect(await details.innerText()).not.toMatch(/#[0-9A-F]{6}/i)
    await page.keyboard.press('Escape')
    await details.waitFor({ state: 'hidden' })
    await shots.close()
  })

  it.each(['en', 'ar'] as const)('shows the month with its legend and marks, in %s', async (language) => {
    const { shots, page } = await signedInPage(browser, context, 'desktop', language)
    await page.setViewportSize({ width: WIDTH, height: 1000 })
    await page.goto(`${server.url}/calendar`)
    const grid = page.getByTestId('calendar-grid')
    await grid.getByTestId('event-bar').first().waitFor()
    const legend = grid.getByTestId('calendar-legend')
    // Two platforms, six kinds of stay, and a conflict.
    expect(await legend.getByRole('listitem').count()).toBe(9)
    // The block is hatched grey; the manual stay carries its pencil.
    const block = grid.locator('[data-testid="event-bar"][data-kind="block"]').first()
    expect(await block.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain('gradient')
    await grid.evaluate((element) =>
      window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 16),
    )
    await screenshot(page, `calendar-month-legend-desktop-${language}`)
    await shots.close()
  })

  for (const { device, width } of [
    { device: 'desktop', width: WIDTH },
    { device: 'mobile', width: PHONE.width },
  ] as const) {
    it.each(['en', 'ar'] as const)(
      `selects free nights on the timeline at ${width} px, in %s`,
      async (language) => {
        const { shots, page } = await signedInPage(browser, context, device, language)
        await page.setViewportSize({ width, height: device === 'mobile' ? PHONE.height : 860 })
        await page.goto(`${server.url}/calendar?view=timeline&start=${sunday}`)
        const timeline = page.getByTestId('timeline')
        await timeline.getByTestId('timeline-bar').first().waitFor()
        await tabIntoGrid(page, 'timeline')
        await page.keyboard.press('Home')
        for (let row = 0; row < 3 && !(await focused(page)).label.startsWith('Corniche Flat'); row++)
          await page.keyboard.press('ArrowDown')
        expect((await focused(page)).label).toMatch(/^Corniche Flat/)
        await page.keyboard.press(language === 'en' ? 'Shift+ArrowRight' : 'Shift+ArrowLeft')
        await page.keyboard.press(language === 'en' ? 'Shift+ArrowRight' : 'Shift+ArrowLeft')
        await timeline.getByTestId('timeline-selection').waitFor()
        await timeline.evaluate((element) =>
          window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 16),
        )
        await screenshot(page, `timeline-selection-${device}-${language}`)
        // Enter adds a stay on Corniche Flat for those three nights.
        await page.keyboard.press('Enter')
        const dialog = page.getByTestId('manual-stay-dialog')
        await dialog.waitFor()
        expect(await dialog.locator('#stay-property option:checked').innerText()).toBe('Corniche Flat')
        expect([await pickerDay(page, 'stay-start'), await pickerDay(page, 'stay-end')]).toEqual([
          sunday,
          addDays(sunday, 3),
        ])
        await page.keyboard.press('Escape')
        await dialog.waitFor({ state: 'detached' })
        await shots.close()
      },
    )
  }

  it.each(['en', 'ar'] as const)(
    'picks a check-in with the arrows and Enter in the Add stay dialog, in %s',
    async (language) => {
      const { shots, page } = await signedInPage(browser, context, 'desktop', language)
      await page.setViewportSize({ width: WIDTH, height: 860 })
      await page.goto(`${server.url}/calendar`)
      await page.getByTestId('calendar-grid').getByTestId('event-bar').first().waitFor()
      await tabTo(page, '[data-testid="add-stay"]')
      await page.keyboard.press('Enter')
      const dialog = page.getByTestId('manual-stay-dialog')
      await dialog.waitFor()
      await tabTo(page, '[data-testid="stay-start"] button')
      const opening = await pickerDay(page, 'stay-start')
      await page.keyboard.press('Enter')
      // The month opens as a dialog with the focus on the field's day, named in full.
      const picker = page.getByRole('dialog', { name: language === 'en' ? 'Check-in' : 'الوصول' })
      await picker.waitFor()
      const fullName = (date: string) =>
        new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'ar-SA-u-ca-gregory', {
          dateStyle: 'full',
          timeZone: 'UTC',
        }).format(new Date(`${date}T00:00:00Z`))
      await expect.poll(async () => (await focused(page)).label).toBe(fullName(opening))
      // Two days later on the screen's reading side, and a week down.
      const later = language === 'en' ? 'ArrowRight' : 'ArrowLeft'
      await page.keyboard.press(later)
      await page.keyboard.press(later)
      await page.keyboard.press('ArrowDown')
      const target = addDays(opening, 9)
      expect((await focused(page)).label).toBe(fullName(target))
      // One Tab stop among the days.
      expect(await picker.locator('[role="gridcell"][tabindex="0"]').count()).toBe(1)
      await screenshot(page, `stay-date-picker-keyboard-desktop-${language}`)
      await page.keyboard.press('Enter')
      await picker.waitFor({ state: 'detached' })
      expect(await pickerDay(page, 'stay-start')).toBe(target)
      // The focus is back on the field, which Escape also leaves it on. Space opens it too, on
      // the picked day, and the key's release there picks nothing.
      expect(
        await page.evaluate(() => document.activeElement?.closest('[data-testid="stay-start"]') != null),
      ).toBe(true)
      await page.keyboard.press('Space')
      await picker.waitFor()
      await expect.poll(async () => (await focused(page)).label).toBe(fullName(target))
      expect(await picker.isVisible()).toBe(true)
      await page.keyboard.press('Escape')
      await picker.waitFor({ state: 'detached' })
      expect(await pickerDay(page, 'stay-start')).toBe(target)
      await dialog.waitFor()
      await shots.close()
    },
  )

  it.each(['en', 'ar'] as const)(
    'shows the side month whole on the calendar and the dashboard, one Tab stop, in %s',
    async (language) => {
      const { shots, page } = await signedInPage(browser, context, 'desktop', language)
      const month = page.getByTestId('month-calendar')
      const grid = month.getByRole('grid')
      // All seven days of the week show: the grid never overflows its box (it scrolled sideways,
      // cut after Thursday, beside the timeline at 1280 px).
      const overflows: string[] = []
      const screens = {
        timeline: `/calendar?view=timeline&start=${sunday}`,
        month: '/calendar',
        dashboard: '/dashboard',
      }
      for (const [name, address] of Object.entries(screens))
        for (const width of [1024, WIDTH, 1600]) {
          await page.setViewportSize({ width, height: 860 })
          await page.goto(`${server.url}${address}`)
          await grid.waitFor()
          const overflow = await grid.evaluate(
            (element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth,
          )
          if (overflow > 0) overflows.push(`${name} at ${width} px: ${overflow} px`)
        }
      expect(overflows).toEqual([])
      await page.setViewportSize({ width: WIDTH, height: 860 })
      await page.goto(`${server.url}/calendar?view=timeline&start=${sunday}`)
      await page.getByTestId('timeline').getByTestId('timeline-bar').first().waitFor()
      const box = (await month.boundingBox())!
      for (const header of await grid.getByRole('columnheader').all()) {
        const place = (await header.boundingBox())!
        expect(place.x).toBeGreaterThanOrEqual(box.x)
        expect(place.x + place.width).toBeLessThanOrEqual(box.x + box.width)
      }
      expect(await grid.locator('[data-day][tabindex="0"]').count()).toBe(1)
      await tabIntoGrid(page, 'month-calendar')
      const stop = (await page.evaluate(() => (document.activeElement as HTMLElement).dataset.day)) ?? ''
      await page.keyboard.press(language === 'en' ? 'ArrowRight' : 'ArrowLeft')
      expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.day)).toBe(
        addDays(stop, 1),
      )
      // The next Tab leaves the month.
      await page.keyboard.press('Tab')
      expect(
        await page.evaluate(() => document.activeElement?.closest('[data-testid="month-calendar"]') == null),
      ).toBe(true)
      await month.evaluate((element) =>
        window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 80),
      )
      await screenshot(page, `timeline-side-month-desktop-${language}`)
      await shots.close()
    },
  )
})
