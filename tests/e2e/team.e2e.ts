import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { codeIn, linkIn, startMailbox, type Mailbox } from '../server/mailbox.ts'
import { launchBrowser, overflows, PHONE, screenshot, violations, WIDE } from './browser.ts'
import { addProperty } from './hostData.ts'
import { addDays } from '../../src/domain/dates.ts'
import { todayIn } from '../../src/domain/timeZones.ts'
import { registerAccount, startServer, type RunningServer } from './server.ts'

// The owner invites a co-host from the property's Team tab; the invitee opens the mailed link
// signed out, registers from it (the code from the mail), comes back to the invitation's page and
// accepts. Both screens at 1280 and 390 px, in both languages, with axe on each.
const OWNER = { email: 'noura.owner@example.com', password: 'Noura-Pass-2026!' }
const INVITEE = { email: 'sara.cohost@example.com', password: 'Sara-Pass-2026!' }
const WIDTHS = { desktop: WIDE, mobile: PHONE } as const
const PROPERTY = 'Villa Nakheel'
const GUEST = 'Amal Saeed'

let mailbox: Mailbox
let server: RunningServer
let browser: Browser
let owner: BrowserContext

beforeAll(async () => {
  mailbox = await startMailbox()
  server = await startServer({ SMTP_URL: mailbox.smtpUrl })
  await registerAccount(server, OWNER, mailbox)
  browser = await launchBrowser()
  owner = await browser.newContext({ viewport: WIDE })
  const login = await owner.request.post(`${server.url}/api/auth/login`, {
    data: OWNER,
    headers: { origin: server.url },
  })
  expect(login.status()).toBe(200)
  await addProperty(owner, server.url, { name: PROPERTY })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await mailbox?.stop()
})

async function ownerPage(width: keyof typeof WIDTHS, language: 'en' | 'ar'): Promise<Page> {
  const context = await browser.newContext({
    viewport: WIDTHS[width],
    storageState: await owner.storageState(),
  })
  await context.addInitScript((lang) => localStorage.setItem('manzil.language', lang), language)
  return context.newPage()
}

/** The property's Team tab, opened from its card on the Properties screen. */
async function openTeamTab(page: Page) {
  await page.goto(`${server.url}/properties`)
  await page.getByTestId('property-card').first().getByRole('button').first().click()
  const modal = page.getByTestId('property-modal')
  await modal.getByTestId('tab-team').click()
  await modal.getByTestId('team-invite').waitFor()
  return modal
}

let invitation = ''

describe('a property’s team', () => {
  it('is invited from the Team tab, and the invitee registers from the mail and accepts', async () => {
    const page = await ownerPage('desktop', 'en')
    const modal = await openTeamTab(page)
    expect(await modal.getByTestId('team-empty').innerText()).toContain('No one else')
    const form = modal.getByTestId('team-invite')
    // A slip of the keyboard shows at the field, and nothing is sent.
    await form.getByLabel('E-mail address').fill('sara@')
    await form.getByLabel('E-mail address').press('Enter')
    await form.getByText('Enter a valid e-mail address.').waitFor()
    await form.getByLabel('E-mail address').fill(INVITEE.email)
    await form.getByLabel('Role').selectOption('cohost')
    await form.getByRole('button', { name: 'Send invitation' }).click()
    await modal.getByTestId('team-invite-sent').waitFor()
    const member = modal.getByTestId('team-member')
    await member.getByText('Invited').waitFor()
    expect(await member.innerText()).toContain(INVITEE.email)

    const mail = await mailbox.waitForMail(INVITEE.email)
    invitation = linkIn(mail)
    expect(invitation).toContain('/team/invitation/')

    // The invitee, signed out: the page offers to sign in or register, both coming back.
    const visitor = await browser.newContext({ viewport: PHONE })
    const invitee = await visitor.newPage()
    await invitee.goto(invitation)
    await invitee.getByTestId('invitation-signed-out').waitFor()
    await invitee.getByRole('link', { name: 'Create an account' }).click()
    await invitee.waitForURL(/\/registration\?next=/)
    const registration = invitee.getByTestId('registration-form')
    await registration.getByLabel('E-mail').fill(INVITEE.email)
    await registration.getByLabel('Password', { exact: true }).fill(INVITEE.password)
    await registration.getByLabel('Confirm password').fill(INVITEE.password)
    await registration.getByRole('button', { name: 'Create account' }).click()
    const codeForm = invitee.getByTestId('registration-code-form')
    await codeForm.waitFor()
    const code = codeIn(await mailbox.waitForMail(INVITEE.email))
    await codeForm.getByTestId('code-digit-0').click()
    await invitee.keyboard.type(code)
    await codeForm.locator('button[type="submit"]').click()

    // Registered, back on the invitation: opening it accepted nothing; the button does.
    await invitee.waitForURL(/\/team\/invitation\//, { timeout: 10_000 })
    const accept = invitee.getByRole('button', { name: 'Accept' })
    await accept.waitFor()
    await accept.click()
    const accepted = invitee.getByTestId('invitation-accepted')
    await accepted.waitFor()
    expect(await accepted.innerText()).toContain('You are now a co-host of')
    expect(await accepted.getByRole('link', { name: 'Open Properties' }).getAttribute('href')).toBe(
      '/properties',
    )

    // The property is now on the co-host's list too, marked as shared by its owner.
    await accepted.getByRole('link', { name: 'Open Properties' }).click()
    const shared = invitee
      .getByTestId('property-card')
      .filter({ has: invitee.getByRole('heading', { name: PROPERTY, exact: true }) })
    await shared.waitFor()
    expect(await shared.getByTestId('shared-mark').innerText()).toMatch(/^Shared with you by /)

    // The owner's list now says the member is active.
    await page.reload()
    const again = await openTeamTab(page)
    await again.getByTestId('team-member').getByText('Active').waitFor()
    await visitor.close()
    await page.context().close()
  }, 120_000)

  for (const language of ['en', 'ar'] as const) {
    for (const width of ['desktop', 'mobile'] as const) {
      it(`draws the Team tab and the invitation's page at ${WIDTHS[width].width} px in ${language}`, async () => {
        const page = await ownerPage(width, language)
        const modal = await openTeamTab(page)
        await modal.getByTestId('team-member').waitFor()
        expect(await overflows(page)).toBe(false)
        await screenshot(page, `team-tab-${language}-${WIDTHS[width].width}`)
        expect(await violations(page)).toEqual([])
        await page.context().close()

        const visitor = await browser.newContext({ viewport: WIDTHS[width] })
        await visitor.addInitScript((lang) => localStorage.setItem('manzil.language', lang), language)
        const invitee = await visitor.newPage()
        await invitee.goto(invitation)
        await invitee.getByTestId('invitation-signed-out').waitFor()
        expect(await overflows(invitee)).toBe(false)
        await screenshot(invitee, `team-invitation-${language}-${WIDTHS[width].width}`)
        expect(await violations(invitee)).toEqual([])
        await visitor.close()
      }, 60_000)
    }
  }

  /** A signed-in window of `account`, at the phone's width. */
  async function signedIn(account: { email: string; password: string }) {
    const context = await browser.newContext({ viewport: PHONE })
    const login = await context.request.post(`${server.url}/api/auth/login`, {
      data: account,
      headers: { origin: server.url },
    })
    expect(login.status()).toBe(200)
    return context
  }

  it('lets a co-host leave the property, which then leaves their list', async () => {
    const context = await signedIn(INVITEE)
    const page = await context.newPage()
    await page.goto(`${server.url}/properties`)
    await page.getByTestId('property-card').first().getByRole('button').first().click()
    const modal = page.getByTestId('property-modal')
    await modal.getByTestId('mode-edit').click()
    await modal.getByTestId('leave-property').click()
    const dialog = page.getByTestId('leave-property-dialog')
    expect(await dialog.innerText()).toContain(`Leave ${PROPERTY}?`)
    await page.getByTestId('confirm-leave-property').click()
    await modal.waitFor({ state: 'detached' })
    await page.getByText('You left the property').waitFor()
    await expect.poll(() => page.getByTestId('property-card').count()).toBe(0)
    const team = await owner.request.get(`${server.url}/api/property/${await propertyId()}/team`)
    expect(await team.json()).toEqual([])
    await context.close()
  })

  it('lands a cleaner on Turnovers, with only what a cleaner may open in the menu', async () => {
    const CLEANER = { email: 'hala.cleaner@example.com', password: 'Hala-Pass-2026!' }
    await registerAccount(server, CLEANER, mailbox)
    const invite = await owner.request.post(`${server.url}/api/property/${await propertyId()}/team`, {
      data: { email: CLEANER.email, role: 'cleaner' },
      headers: { origin: server.url },
    })
    expect(invite.status()).toBe(201)
    // A guest leaves today where the property is, and the next arrives the same day.
    const id = await propertyId()
    const property = (await (await owner.request.get(`${server.url}/api/property/${id}`)).json()) as {
      timeZone: string
      checkInTime: string
      checkOutTime: string
    }
    const today = todayIn(property.timeZone)
    for (const [start, end, guestName] of [
      [addDays(today, -2), today, GUEST],
      [today, addDays(today, 3), 'Khalid Nasser'],
    ]) {
      const added = await owner.request.post(`${server.url}/api/property/${id}/stay`, {
        data: { start, end, kind: 'booking', guestName },
        headers: { origin: server.url },
      })
      expect(added.status()).toBe(201)
    }
    const token = new URL(linkIn(await mailbox.waitForMail(CLEANER.email))).pathname.split('/').at(-1)!
    const context = await signedIn(CLEANER)
    const accepted = await context.request.post(`${server.url}/api/team/invitation/${token}/accept`, {
      headers: { origin: server.url },
    })
    expect(accepted.status()).toBe(200)
    const page = await context.newPage()
    await page.goto(`${server.url}/`)
    await page.waitForURL(/\/turnovers$/)
    await page.getByTestId('hamburger').click()
    const links = page.getByTestId('drawer').getByRole('link')
    await expect
      .poll(async () => (await links.allInnerTexts()).map((text) => text.trim()))
      .toEqual(['Turnovers'])
    await page.keyboard.press('Escape')

    // The shared property's cleanings of its own today: where, when, and who comes next, as text.
    const card = page.locator('[data-testid="turnover-card"]:visible')
    await card.first().waitFor()
    expect(await card.count()).toBe(1)
    const text = await card.first().innerText()
    for (const shown of [
      PROPERTY,
      'Al Malqa 12',
      property.checkOutTime,
      property.checkInTime,
      'Same-day turnover',
    ])
      expect(text).toContain(shown)
    expect(text).not.toContain(GUEST)
    expect(await card.first().getByRole('link').count()).toBe(0)
    expect(await page.getByTestId('turnover-property').locator('option', { hasText: PROPERTY }).count()).toBe(
      1,
    )
    expect(await page.getByTestId('cleaner-links').count()).toBe(0)

    // The settings' own address opens them over the cleaner's Turnovers, not a host's dashboard,
    // and closing them stays there.
    await page.goto(`${server.url}/settings`)
    const settings = page.getByTestId('settings-modal')
    await settings.waitFor()
    await page.locator('[data-testid="turnover-card"]').first().waitFor({ state: 'attached' })
    expect(await page.getByTestId('dashboard-exposure').count()).toBe(0)
    await settings.getByRole('button', { name: 'Close' }).click()
    await page.waitForURL(/\/turnovers$/)
    await card.first().waitFor()
    await context.close()
  })
})

/** The owner's one property. */
async function propertyId(): Promise<string> {
  const list = await owner.request.get(`${server.url}/api/property/list`)
  return ((await list.json()) as { id: string }[])[0]!.id
}
