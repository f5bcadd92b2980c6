import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { translatorFor } from '../../server/i18n.ts'
import type { Language, Translate } from '../../src/domain/translator.ts'
import { codeIn, linkIn, startMailbox, type Mailbox } from '../server/mailbox.ts'
import { DESKTOP, errorAt, launchBrowser, PHONE, screenshot } from './browser.ts'
import { logMailbox, startServer, type Account, type RunningServer } from './server.ts'

type Inbox = Pick<Mailbox, 'waitForMail'>

/** One person's browser on one server, in one language and window size. */
type Visit = {
  server: RunningServer
  inbox: Inbox
  context: BrowserContext
  page: Page
  language: Language
  device: 'desktop' | 'mobile'
  t: Translate
}

let mailbox: Mailbox
let browser: Browser
const servers: RunningServer[] = []
const visits: Visit[] = []

beforeAll(async () => {
  mailbox = await startMailbox()
  browser = await launchBrowser()
})

afterAll(async () => {
  for (const visit of visits) await visit.context.close()
  await browser?.close()
  for (const server of servers) await server.stop()
  await mailbox?.stop()
})

/**
 * Each language gets its own server: the /auth routes allow 30 requests a minute from one
 * address (docs/product.md §13.2), and every browser here is 127.0.0.1.
 */
async function serverWith(env: Record<string, string>) {
  const server = await startServer(env)
  servers.push(server)
  return server
}

async function visit(server: RunningServer, inbox: Inbox, language: Language, device: Visit['device']) {
  const context = await browser.newContext({
    viewport: device === 'desktop' ? DESKTOP : PHONE,
    locale: language === 'ar' ? 'ar-SA' : 'en-GB',
  })
  // The interface language as the language menu leaves it; the server mails in the same one.
  await context.addInitScript((lang) => localStorage.setItem('manzil.language', lang), language)
  const page = await context.newPage()
  const opened: Visit = { server, inbox, context, page, language, device, t: translatorFor(language) }
  visits.push(opened)
  return opened
}

const shot = (v: Visit, screen: string) => screenshot(v.page, `${screen}-${v.device}-${v.language}`)

const codeFor = async (v: Visit, email: string) => codeIn(await v.inbox.waitForMail(email))

/**
 * The toast that says `text` (older ones linger a moment). By CSS, not by role: an open dialog
 * hides the rest of the page, toasts included, from the accessibility tree.
 */
const toast = (v: Visit, text: string) => v.page.locator('[role="status"]', { hasText: text }).first()

/** A success splash, alone in the card: its title is the only heading of the page. */
async function splash(v: Visit, title: string) {
  await v.page.getByTestId('splash').waitFor()
  expect(await v.page.locator('h1').allInnerTexts()).toEqual([title])
}

async function typeCode(v: Visit, formTestId: string, code: string) {
  const form = v.page.getByTestId(formTestId)
  await form.getByTestId('code-digit-0').click()
  // Letters are dropped: the boxes take digits only.
  await v.page.keyboard.type(`${code.slice(0, 3)}x${code.slice(3)}`)
  await expect.poll(() => form.getByTestId('code-digit-5').inputValue()).toBe(code[5])
  await form.locator('button[type="submit"]').click()
}

async function pasteCode(v: Visit, formTestId: string, code: string) {
  const form = v.page.getByTestId(formTestId)
  await form.getByTestId('code-digit-0').evaluate((box, pasted) => {
    const data = new DataTransfer()
    data.setData('text', `code: ${pasted}`)
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, code)
  const boxes = await Promise.all(
    [0, 1, 2, 3, 4, 5].map((index) => form.getByTestId(`code-digit-${index}`).inputValue()),
  )
  expect(boxes.join('')).toBe(code)
  await form.locator('button[type="submit"]').click()
}

async function register(v: Visit, account: Account, enterCode: typeof typeCode) {
  const { page, t } = v
  await page.goto(`${v.server.url}/registration`)
  const form = page.getByTestId('registration-form')
  await form.getByLabel(t('auth.email')).fill(account.email)
  const password = form.getByLabel(t('auth.password'), { exact: true })
  await password.fill(account.password.slice(0, 6))
  // The requirements list while typing, ticking off what the password already has.
  const rules = page.getByTestId('password-requirements')
  expect(await rules.isVisible()).toBe(true)
  expect(await rules.locator('[data-rule="length"]').getAttribute('data-met')).toBe('false')
  await shot(v, 'registration-form')
  await password.fill(account.password)
  expect(await rules.locator('[data-met="false"]').count()).toBe(0)
  await form.getByLabel(t('auth.confirmPassword')).fill(account.password)
  await form.getByRole('button', { name: t('registration.submit') }).click()

  await page.getByTestId('registration-code-form').waitFor()
  expect(await page.locator('h1').innerText()).toBe(t('registration.codeTitle'))
  await toast(v, t('auth.codeSent')).waitFor()
  await shot(v, 'registration-code')
  // The mail speaks the language of the browser that asked for it.
  const mail = await v.inbox.waitForMail(account.email)
  expect(mail.subject).toBe(t('mail.registerCode.subject'))
  await enterCode(v, 'registration-code-form', codeIn(mail))

  await splash(v, t('registration.successTitle'))
  await toast(v, t('registration.confirmed')).waitFor()
  await shot(v, 'registration-success')
  // The dashboard after 2 s.
  await page.waitForURL(/\/dashboard$/, { timeout: 5000 })
}

async function openUserMenu(v: Visit) {
  if (v.device === 'desktop') {
    await v.page.getByTestId('user-menu').click()
    return v.page.getByRole('menu')
  }
  await v.page.getByTestId('mobile-user-button').click()
  return v.page.getByTestId('user-menu-sheet')
}

async function signOut(v: Visit) {
  const menu = await openUserMenu(v)
  await menu.getByText(v.t('header.logout')).click()
  // Plain /login: leaving on purpose is not a lost session that should return somewhere.
  await v.page.waitForURL(/\/login$/)
  // Signed out for real: a signed-in page sends the visitor back to /login.
  await v.page.goto(`${v.server.url}/calendar`)
  await v.page.waitForURL(/\/login\?/)
}

async function openSettings(v: Visit) {
  if (v.device === 'desktop') await v.page.getByTestId('settings-button').click()
  else await (await openUserMenu(v)).getByText(v.t('header.settings')).click()
  const modal = v.page.getByTestId('settings-modal')
  await modal.getByTestId('personal-info-form').waitFor()
  return modal
}

async function closeSettings(v: Visit) {
  const modal = v.page.getByTestId('settings-modal')
  await modal.getByRole('button', { name: v.t('app.close') }).click()
  await modal.waitFor({ state: 'detached' })
}

async function enableTwoFactor(v: Visit, email: string) {
  const { t } = v
  const modal = await openSettings(v)
  await shot(v, 'settings')
  const security = modal.getByTestId('settings-security')
  expect(await security.innerText()).toContain(t('settings.off'))
  await security.getByRole('button', { name: t('settings.enable') }).click()
  await security.getByTestId('twofactor-code-form').waitFor()
  await shot(v, 'settings-two-factor-code')
  await typeCode(v, 'twofactor-code-form', await codeFor(v, email))
  await toast(v, t('settings.tfaEnabled')).waitFor()
  await security.getByRole('button', { name: t('settings.disable') }).waitFor()
  expect(await security.innerText()).toContain(t('settings.on'))
  await closeSettings(v)
}

/** Sign in from /login; with two-factor the mailed code comes first. Ends on the dashboard. */
async function signIn(v: Visit, account: Account, twoFactor: boolean, screens = false) {
  const { page, t } = v
  if (!page.url().includes('/login')) await page.goto(`${v.server.url}/login`)
  const form = page.getByTestId('login-form')
  await form.getByLabel(t('auth.email')).fill(account.email)
  await form.getByLabel(t('auth.password'), { exact: true }).fill(account.password)
  if (screens) await shot(v, 'login-form')
  await form.getByRole('button', { name: t('auth.signIn') }).click()
  if (twoFactor) {
    await page.getByTestId('login-code-form').waitFor()
    expect(await page.locator('h1').innerText()).toBe(t('auth.codeTitle'))
    if (screens) await shot(v, 'login-code')
    await typeCode(v, 'login-code-form', await codeFor(v, account.email))
  }
  await splash(v, t('auth.welcomeTitle'))
  await toast(v, t('auth.loginSuccess')).waitFor()
  if (screens) await shot(v, 'login-welcome')
  // The dashboard after 3 s, back where the visitor was going.
  await page.waitForURL(/\/(dashboard|calendar)$/, { timeout: 6000 })
}

const formError = (v: Visit) => v.page.getByRole('alert')

/** Forgot password, the mailed link, the form's messages on the way, then the new password. */
async function resetPassword(v: Visit, account: Account, newPassword: string) {
  const { page, t } = v
  await page.goto(`${v.server.url}/login`)
  await page.getByRole('link', { name: t('auth.forgotPassword') }).click()
  const form = page.getByTestId('forgot-form')
  await form.waitFor()
  await form.getByRole('button', { name: t('forgot.submit') }).click()
  // Said at the field it is about.
  expect(await errorAt(form.getByLabel(t('auth.email')))).toBe(t('auth.enterEmail'))
  await shot(v, 'forgot-password-email')
  await form.getByLabel(t('auth.email')).fill(account.email)
  await form.getByRole('button', { name: t('forgot.submit') }).click()
  const sent = page.getByTestId('forgot-sent')
  await sent.waitFor()
  expect(await sent.innerText()).toContain(account.email)
  expect(await sent.getByRole('link', { name: t('auth.backToLogin') }).count()).toBe(1)
  await shot(v, 'forgot-password-sent')

  const link = linkIn(await v.inbox.waitForMail(account.email))
  expect(link.startsWith(`${v.server.url}/reset-password/`)).toBe(true)
  await page.goto(link)
  const reset = page.getByTestId('reset-form')
  const submit = () => reset.getByRole('button', { name: t('reset.submit') }).click()
  const fill = async (password: string, confirmation: string) => {
    await reset.getByLabel(t('auth.newPassword')).fill(password)
    await reset.getByLabel(t('auth.confirmPassword')).fill(confirmation)
  }
  await submit()
  expect(await formError(v).innerText()).toBe(t('auth.fillAllFields'))
  await fill(newPassword, `${newPassword}x`)
  await submit()
  expect(await errorAt(reset.getByLabel(t('auth.confirmPassword')))).toBe(t('auth.passwordsDoNotMatch'))
  await shot(v, 'reset-password-form')
  // A weak password: refused before any call, with the password rule's message.
  await fill('weakpass', 'weakpass')
  await submit()
  await expect
    .poll(() => errorAt(reset.getByLabel(t('auth.newPassword'))))
    .toBe(t('errors.auth.weakPassword'))
  // No answer from the server at all: the generic message.
  await page.route('**/api/auth/forgot-password/change/**', (route) => route.abort('connectionrefused'))
  await fill(newPassword, newPassword)
  await submit()
  await expect.poll(() => formError(v).innerText()).toBe(t('reset.changeFailed'))
  await page.unroute('**/api/auth/forgot-password/change/**')
  await fill(newPassword, newPassword)
  await submit()
  await splash(v, t('reset.changedTitle'))
  await shot(v, 'reset-password-done')
  // /login after 1.5 s.
  await page.waitForURL(/\/login$/, { timeout: 4000 })

  // The link works once; a link without its token never reaches the server.
  await page.goto(link)
  await fill(newPassword, newPassword)
  await submit()
  await expect.poll(() => formError(v).innerText()).toBe(t('errors.reset.usedToken'))
  await page.goto(`${v.server.url}/reset-password`)
  await fill(newPassword, newPassword)
  await submit()
  expect(await formError(v).innerText()).toBe(t('reset.invalidToken'))
  await page.goto(`${v.server.url}/login`)
}

/** Personal info saved, and a new e-mail address taking effect only with its mailed code. */
async function editProfile(v: Visit, account: Account, newEmail: string) {
  const { page, t } = v
  const modal = await openSettings(v)
  const personal = modal.getByTestId('personal-info-form')
  await personal.getByLabel(t('settings.name')).fill('Layla Haddad')
  await personal.getByLabel(t('settings.phone')).fill('+966 55 123 4567')
  await personal.getByLabel(t('settings.address')).fill('King Fahd Road 7, Riyadh')
  await personal.getByRole('button', { name: t('app.save') }).click()
  await toast(v, t('settings.saved')).waitFor()
  const profile = async () =>
    (await page.request.get(`${v.server.url}/api/user/profile`)).json() as Promise<{
      name: string
      phone: string
      email: string
      residentalAddress: string
    }>
  expect(await profile()).toMatchObject({
    name: 'Layla Haddad',
    phone: '+966 55 123 4567',
    residentalAddress: 'King Fahd Road 7, Riyadh',
    email: account.email,
  })

  await personal.getByLabel(t('settings.email')).fill(newEmail)
  // A new address needs the current password.
  await personal.getByLabel(t('settings.currentPassword')).fill(account.password)
  await personal.getByRole('button', { name: t('settings.verifyEmail') }).click()
  const codeForm = modal.getByTestId('email-code-form')
  await codeForm.waitFor()
  expect(await codeForm.innerText()).toContain(newEmail)
  // Not in effect before the code: the old address still signs in.
  expect((await profile()).email).toBe(account.email)
  await shot(v, 'settings-email-code')
  await typeCode(v, 'email-code-form', await codeFor(v, newEmail))
  await toast(v, t('settings.emailChanged')).waitFor()
  await codeForm.waitFor({ state: 'detached' })
  expect((await profile()).email).toBe(newEmail)
  await closeSettings(v)
  // The header shows the new address at once.
  const menu = await openUserMenu(v)
  expect(await menu.innerText()).toContain(newEmail)
  await v.page.keyboard.press('Escape')
  account.email = newEmail
}

describe('accounts in the browser, with mail from a real SMTP server', () => {
  it('registers, signs out and in, edits the profile, turns on two-factor and resets the password (desktop, English)', async () => {
    const server = await serverWith({ SMTP_URL: mailbox.smtpUrl })
    const v = await visit(server, mailbox, 'en', 'desktop')
    const account = { email: 'layla@example.com', password: 'Layla-Pass-2026!' }
    await register(v, account, typeCode)
    await signOut(v)
    // Without two-factor the code cannot be sent, so the client signs in directly.
    await signIn(v, account, false, true)
    await editProfile(v, account, 'layla.haddad@example.com')
    await enableTwoFactor(v, account.email)
    await signOut(v)
    // Signed out on /calendar: signing in goes back there.
    await signIn(v, account, true, true)
    expect(new URL(v.page.url()).pathname).toBe('/calendar')
    await signOut(v)
    const newPassword = 'Layla-New-2026?'
    await resetPassword(v, account, newPassword)
    // The old password is gone; the new one (and the code: two-factor stays on) signs in.
    await v.page.getByTestId('login-form').getByLabel(v.t('auth.email')).fill(account.email)
    await v.page
      .getByTestId('login-form')
      .getByLabel(v.t('auth.password'), { exact: true })
      .fill(account.password)
    await v.page.getByRole('button', { name: v.t('auth.signIn') }).click()
    await expect.poll(() => formError(v).innerText()).toBe(v.t('errors.auth.wrongCredentials'))
    await signIn(v, { ...account, password: newPassword }, true)
    expect(mailbox.unread(account.email)).toBe(0)
  })

  it('walks the same screens in Arabic, right to left (desktop)', async () => {
    const server = await serverWith({ SMTP_URL: mailbox.smtpUrl })
    const v = await visit(server, mailbox, 'ar', 'desktop')
    const account = { email: 'samir@example.com', password: 'Samir-Pass-2026!' }
    await register(v, account, pasteCode)
    expect(await v.page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    await enableTwoFactor(v, account.email)
    await signOut(v)
    await signIn(v, account, true, true)
    await signOut(v)
    await resetPassword(v, account, 'Samir-New-2026?')
  })
})

describe('accounts with no mail server, as after `npm start`', () => {
  let server: RunningServer
  let inbox: Inbox
  beforeAll(async () => {
    server = await serverWith({})
    inbox = logMailbox(server)
  })

  it('registers with the code from the log and signs in with two-factor on a phone, in Arabic', async () => {
    const v = await visit(server, inbox, 'ar', 'mobile')
    const account = { email: 'noura@example.com', password: 'Noura-Pass-2026!' }
    await register(v, account, typeCode)
    await enableTwoFactor(v, account.email)
    await signOut(v)
    await signIn(v, account, true, true)
    expect(await v.page.evaluate(() => document.documentElement.dir)).toBe('rtl')
  })

  it('resets a password from the link in the log on a phone, in English', async () => {
    const v = await visit(server, inbox, 'en', 'mobile')
    const account = { email: 'omar@example.com', password: 'Omar-Pass-2026!' }
    await register(v, account, pasteCode)
    await enableTwoFactor(v, account.email)
    await signOut(v)
    await resetPassword(v, account, 'Omar-New-2026?')
  })
})
