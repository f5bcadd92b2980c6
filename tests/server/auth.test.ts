import { afterAll, describe, expect, it } from 'vitest'
import { Code } from '../../contract/auth.ts'
import type { Db } from '../../server/db/database.ts'
import { describeEachDatabase } from './harness.ts'
import { aUser, signIn, STRONG_PASSWORD, uniqueEmail } from './builders.ts'
import { codeIn, linkIn, startMailbox } from './mailbox.ts'
import { post, profileWith, registerByMail, sessionCookieOf, toggleTwofactor } from './accounts.ts'

const mailbox = await startMailbox()
afterAll(() => mailbox.stop())
const env = { SMTP_URL: mailbox.smtpUrl }

const WEAK_PASSWORD_MESSAGE = 'Use 8+ characters with upper, lower, number & symbol'
const WEAK_PASSWORD_MESSAGE_AR = 'استخدم ٨ أحرف أو أكثر تتضمن حرفًا كبيرًا وحرفًا صغيرًا ورقمًا ورمزًا'
/** A refusal that blames the password field: the form shows it there. */
const atPassword = (message: string) => ({ message, fields: { password: message } })

const expireCodesOf = (db: Db, email: string) =>
  db
    .updateTable('email_codes')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('email', '=', email)
    .execute()

const auditKindsOf = async (db: Db, where: { actorId?: string; email?: string }) => {
  const rows = await db.selectFrom('audit_log').selectAll().orderBy('created_at').execute()
  return rows
    .filter((row) =>
      where.actorId ? row.actor_id === where.actorId : (row.data ?? '').includes(`"${where.email}"`),
    )
    .map((row) => row.kind)
}

describe('e-mailed code schema', () => {
  it('pads a code that arrived as a number back to six digits', () => {
    expect(Code.parse(4211)).toBe('004211')
    expect(Code.parse('004211')).toBe('004211')
    expect(Code.safeParse(1_000_000).success).toBe(false)
    expect(Code.safeParse('12a456').success).toBe(false)
  })
})

describeEachDatabase(
  'registration',
  (ctx) => {
    it('registers with the mailed code and signs the new account in', async () => {
      const email = uniqueEmail('new')
      const sent = await post(ctx.app, '/api/auth/register/send-code', { email: ` ${email.toUpperCase()} ` })
      expect(sent.statusCode).toBe(200)
      expect(sent.json()).toEqual({ message: 'Code sent successfully' })
      const mail = await mailbox.waitForMail(email)
      expect(mail.subject).toBe('Your Manzil registration code')
      expect(mail.html).toContain(`>${codeIn(mail)}<`)

      const registered = await post(ctx.app, '/api/auth/register', {
        email,
        password: STRONG_PASSWORD,
        code: Number(codeIn(mail)),
      })
      expect(registered.statusCode).toBe(200)
      expect(registered.json().user).toMatchObject({
        email,
        name: null,
        isAdmin: false,
        accountState: 'active',
        settings: { notifications: true, twofactorMode: false },
      })
      const profile = await profileWith(ctx.app, sessionCookieOf(registered))
      expect(profile.json().email).toBe(email)
    })

    it('refuses a code for an address that already has an account (409)', async () => {
      const user = await aUser(ctx.db)
      const response = await post(ctx.app, '/api/auth/register/send-code', { email: user.email })
      expect(response.statusCode).toBe(409)
      const taken = 'An account with this e-mail address already exists'
      expect(response.json()).toEqual({ message: taken, fields: { email: taken } })
      expect(mailbox.unread(user.email)).toBe(0)
    })

    it('refuses to register an address taken after the code was sent (409)', async () => {
      const email = uniqueEmail()
      await post(ctx.app, '/api/auth/register/send-code', { email })
      const code = codeIn(await mailbox.waitForMail(email))
      await aUser(ctx.db, { email })
      const response = await post(ctx.app, '/api/auth/register', { email, password: STRONG_PASSWORD, code })
      expect(response.statusCode).toBe(409)
    })

    it("refuses a weak password with the password rule's message, in English and Arabic", async () => {
      const email = uniqueEmail()
      await post(ctx.app, '/api/auth/register/send-code', { email })
      const code = codeIn(await mailbox.waitForMail(email))
      for (const password of ['Sh0rt!a', 'no-digits-Here', 'NO-LOWER-1', 'no-upper-1', 'NoSymbol12', '']) {
        const response = await post(ctx.app, '/api/auth/register', { email, password, code })
        expect(response.statusCode, password).toBe(400)
        expect(response.json()).toEqual(atPassword(WEAK_PASSWORD_MESSAGE))
      }
      const arabic = await post(
        ctx.app,
        '/api/auth/register',
        { email, password: 'weak', code },
        { language: 'ar' },
      )
      expect(arabic.json()).toEqual(atPassword(WEAK_PASSWORD_MESSAGE_AR))
      // A weak password costs no try: the code still works.
      const response = await post(ctx.app, '/api/auth/register', { email, password: STRONG_PASSWORD, code })
      expect(response.statusCode).toBe(200)
    })

    it('refuses a malformed address or code with a sentence at the field, in the reader’s language', async () => {
      const bad = await post(ctx.app, '/api/auth/register/send-code', { email: 'not-an-address' })
      expect(bad.statusCode).toBe(400)
      const badAddress = 'Enter a valid e-mail address, such as name@example.com.'
      expect(bad.json()).toEqual({ message: badAddress, fields: { email: badAddress } })
      const badCode = await post(ctx.app, '/api/auth/register', {
        email: uniqueEmail(),
        password: STRONG_PASSWORD,
        code: 'abc',
      })
      expect(badCode.statusCode).toBe(400)
      const badCodeText = 'Enter the six-digit code from your e-mail.'
      expect(badCode.json()).toEqual({ message: badCodeText, fields: { code: badCodeText } })
      const arabic = await post(ctx.app, '/api/auth/register/send-code', { email: 'x' }, { language: 'ar' })
      expect(arabic.json()).toEqual({
        message: 'أدخل عنوان بريد إلكتروني صحيحًا، مثل name@example.com.',
        fields: { email: 'أدخل عنوان بريد إلكتروني صحيحًا، مثل name@example.com.' },
      })
    })

    it('refuses a wrong code, and burns the code at the fifth wrong try', async () => {
      const email = uniqueEmail()
      await post(ctx.app, '/api/auth/register/send-code', { email })
      const code = codeIn(await mailbox.waitForMail(email))
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
      const attempt = (tryCode: string) =>
        post(ctx.app, '/api/auth/register', { email, password: STRONG_PASSWORD, code: tryCode })
      for (let i = 1; i <= 4; i++) {
        const response = await attempt(wrong)
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({ message: 'Wrong code' })
      }
      const fifth = await attempt(wrong)
      expect(fifth.json()).toEqual({ message: 'Too many wrong codes; request a new one' })
      // Burnt: the right code gets no try either, until a new code replaces it.
      const right = await attempt(code)
      expect(right.statusCode).toBe(400)
      expect(right.json()).toEqual({ message: 'Too many wrong codes; request a new one' })
    })

    it('refuses an expired code', async () => {
      const email = uniqueEmail()
      await post(ctx.app, '/api/auth/register/send-code', { email })
      const code = codeIn(await mailbox.waitForMail(email))
      await expireCodesOf(ctx.db, email)
      const response = await post(ctx.app, '/api/auth/register', { email, password: STRONG_PASSWORD, code })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message: 'This code has expired; request a new one' })
    })

    it('replaces the earlier code when a new one is sent', async () => {
      const email = uniqueEmail()
      await post(ctx.app, '/api/auth/register/send-code', { email })
      const first = codeIn(await mailbox.waitForMail(email))
      await post(ctx.app, '/api/auth/register/send-code', { email })
      const second = codeIn(await mailbox.waitForMail(email))
      const rows = await ctx.db.selectFrom('email_codes').select('id').where('email', '=', email).execute()
      expect(rows).toHaveLength(1)
      if (first !== second) {
        const stale = await post(ctx.app, '/api/auth/register', {
          email,
          password: STRONG_PASSWORD,
          code: first,
        })
        expect(stale.statusCode).toBe(400)
      }
      const fresh = await post(ctx.app, '/api/auth/register', {
        email,
        password: STRONG_PASSWORD,
        code: second,
      })
      expect(fresh.statusCode).toBe(200)
    })

    it('mails the code in Arabic, right to left, when the browser speaks Arabic', async () => {
      const email = uniqueEmail()
      await post(ctx.app, '/api/auth/register/send-code', { email }, { language: 'ar' })
      const mail = await mailbox.waitForMail(email)
      expect(mail.subject).toBe('رمز التسجيل في منزل')
      expect(mail.text).toContain('أدخل هذا الرمز لتأكيد حسابك الجديد في منزل')
      expect(mail.html).toContain('<html lang="ar" dir="rtl">')
      expect(codeIn(mail)).toMatch(/^\d{6}$/)
    })
  },
  { env },
)

describeEachDatabase(
  'sign-in',
  (ctx) => {
    it('signs in without a code when two-factor is off, and says so when a code is asked for', async () => {
      const user = await aUser(ctx.db)
      const send = await post(ctx.app, '/api/auth/tfa/send-code', {
        email: user.email,
        password: user.password,
      })
      expect(send.statusCode).toBe(409)
      const login = await post(ctx.app, '/api/auth/login', { email: user.email, password: user.password })
      expect(login.statusCode).toBe(200)
      expect(login.json().user.email).toBe(user.email)
      expect(await auditKindsOf(ctx.db, { actorId: user.id })).toEqual(['auth.sign-in'])
    })

    it('signs a two-factor account in with the mailed code, sent as a number', async () => {
      const user = await aUser(ctx.db, { twofactor: true })
      const send = await post(ctx.app, '/api/auth/tfa/send-code', {
        email: user.email,
        password: user.password,
      })
      expect(send.statusCode).toBe(200)
      expect(send.json()).toEqual({ message: 'Code sent successfully' })
      const mail = await mailbox.waitForMail(user.email)
      expect(mail.subject).toBe('Your Manzil sign-in code')
      const login = await post(ctx.app, '/api/auth/login', {
        email: user.email,
        password: user.password,
        tfaCode: Number(codeIn(mail)),
      })
      expect(login.statusCode).toBe(200)
      expect(login.json().user.settings.twofactorMode).toBe(true)
      await profileWith(ctx.app, sessionCookieOf(login)).then((r) => expect(r.statusCode).toBe(200))
      // The code was spent.
      const again = await post(ctx.app, '/api/auth/login', {
        email: user.email,
        password: user.password,
        tfaCode: codeIn(mail),
      })
      expect(again.statusCode).toBe(400)
    })

    it('cannot be bypassed: no code, a wrong code or a code of another purpose', async () => {
      const user = await aUser(ctx.db)
      // A settings code, requested while two-factor is still off.
      const cookie = await signIn(ctx.app, user.email)
      await post(ctx.app, '/api/user/tfa/send-code', undefined, { cookie })
      const settingsCode = codeIn(await mailbox.waitForMail(user.email))
      await ctx.db.updateTable('users').set({ twofactor_enabled: 1 }).where('id', '=', user.id).execute()

      const credentials = { email: user.email, password: user.password }
      const noCode = await post(ctx.app, '/api/auth/login', credentials)
      expect(noCode.statusCode).toBe(400)
      expect(noCode.json()).toEqual({ message: 'Enter the code from your email' })
      expect(noCode.cookies).toHaveLength(0)

      const otherPurpose = await post(ctx.app, '/api/auth/login', { ...credentials, tfaCode: settingsCode })
      expect(otherPurpose.statusCode).toBe(400)

      await post(ctx.app, '/api/auth/tfa/send-code', credentials)
      const code = codeIn(await mailbox.waitForMail(user.email))
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
      const wrongCode = await post(ctx.app, '/api/auth/login', { ...credentials, tfaCode: wrong })
      expect(wrongCode.statusCode).toBe(400)
      expect(wrongCode.json()).toEqual({ message: 'Wrong code' })

      const wrongPassword = await post(ctx.app, '/api/auth/login', {
        email: user.email,
        password: 'Wrong-Pass-1',
        tfaCode: code,
      })
      expect(wrongPassword.statusCode).toBe(400)
      const right = await post(ctx.app, '/api/auth/login', { ...credentials, tfaCode: code })
      expect(right.statusCode).toBe(200)
      expect(await auditKindsOf(ctx.db, { email: user.email })).toEqual([
        'auth.sign-in-failed',
        'auth.sign-in-failed',
        'auth.sign-in-failed',
        'auth.sign-in-failed',
      ])
    })

    it('sends a login code only for the right password of a two-factor account', async () => {
      const user = await aUser(ctx.db, { twofactor: true })
      const wrong = await post(ctx.app, '/api/auth/tfa/send-code', {
        email: user.email,
        password: 'Nope-1234!',
      })
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json()).toEqual({ message: 'Wrong e-mail or password' })
      const unknown = await post(ctx.app, '/api/auth/tfa/send-code', {
        email: uniqueEmail('nobody'),
        password: user.password,
      })
      expect(unknown.statusCode).toBe(400)
      expect(unknown.json()).toEqual(wrong.json())
      const missing = await post(ctx.app, '/api/auth/tfa/send-code', { email: user.email })
      expect(missing.statusCode).toBe(400)
      expect(mailbox.unread(user.email)).toBe(0)
    })

    it('mails the login code in Arabic when asked in Arabic', async () => {
      const user = await aUser(ctx.db, { twofactor: true })
      await post(
        ctx.app,
        '/api/auth/tfa/send-code',
        { email: user.email, password: user.password },
        { language: 'ar' },
      )
      const mail = await mailbox.waitForMail(user.email)
      expect(mail.subject).toBe('رمز تسجيل الدخول إلى منزل')
      expect(mail.html).toContain('dir="rtl"')
    })

    it('refuses a deactivated account (403) everywhere and ends its sessions', async () => {
      const user = await aUser(ctx.db, { twofactor: true })
      await post(ctx.app, '/api/auth/tfa/send-code', { email: user.email, password: user.password })
      const code = codeIn(await mailbox.waitForMail(user.email))
      const login = await post(ctx.app, '/api/auth/login', {
        email: user.email,
        password: user.password,
        tfaCode: code,
      })
      const cookie = sessionCookieOf(login)

      await ctx.db
        .updateTable('users')
        .set({ account_state: 'deactivated' })
        .where('id', '=', user.id)
        .execute()
      expect((await profileWith(ctx.app, cookie)).statusCode).toBe(401)
      const send = await post(ctx.app, '/api/auth/tfa/send-code', {
        email: user.email,
        password: user.password,
      })
      expect(send.statusCode).toBe(403)
      expect(send.json()).toEqual({ message: 'This account has been deactivated' })
      const again = await post(ctx.app, '/api/auth/login', { email: user.email, password: user.password })
      expect(again.statusCode).toBe(403)
      const forgot = await post(ctx.app, '/api/auth/forgot-password/send-link', { email: user.email })
      expect(forgot.statusCode).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(mailbox.unread(user.email)).toBe(0)
      // A wrong password learns nothing about the account's state.
      const wrong = await post(ctx.app, '/api/auth/login', { email: user.email, password: 'Wrong-Pass-1' })
      expect(wrong.statusCode).toBe(400)
    })

    it('replaces the session a browser signs in with', async () => {
      const user = await aUser(ctx.db)
      const before = await signIn(ctx.app, user.email)
      const after = await post(
        ctx.app,
        '/api/auth/login',
        { email: user.email, password: user.password },
        { cookie: before },
      )
      expect(sessionCookieOf(after)).not.toBe(before)
      expect((await profileWith(ctx.app, before)).statusCode).toBe(401)
      expect((await profileWith(ctx.app, sessionCookieOf(after))).statusCode).toBe(200)
    })

    it('signs out', async () => {
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      const response = await post(ctx.app, '/api/auth/logout', undefined, { cookie })
      expect(response.json()).toEqual({ message: 'Signed out' })
      expect((await profileWith(ctx.app, cookie)).statusCode).toBe(401)
    })
  },
  { env },
)

describeEachDatabase(
  'password reset',
  (ctx) => {
    const requestLink = (email: string, language?: 'ar') =>
      post(ctx.app, '/api/auth/forgot-password/send-link', { email }, { language })
    const change = (token: string, password: string) =>
      post(ctx.app, `/api/auth/forgot-password/change/${encodeURIComponent(token)}`, { password })
    const tokenOf = (link: string) => {
      const prefix = `${ctx.config.publicUrl}/reset-password/`
      expect(link.startsWith(prefix)).toBe(true)
      return link.slice(prefix.length)
    }

    it('answers the same for a known and an unknown address, and mails only the known one', async () => {
      const user = await aUser(ctx.db)
      const unknown = uniqueEmail('nobody')
      const known = await requestLink(user.email)
      const other = await requestLink(unknown)
      expect(known.statusCode).toBe(200)
      expect(other.statusCode).toBe(known.statusCode)
      expect(other.body).toBe(known.body)
      expect(Object.keys(known.headers).sort()).toEqual(Object.keys(other.headers).sort())
      expect(known.json()).toEqual({
        message: 'If an account uses this address, a link to reset its password is on its way',
      })
      const mail = await mailbox.waitForMail(user.email)
      expect(mail.subject).toBe('Reset your Manzil password')
      expect(tokenOf(linkIn(mail))).toMatch(/^[\w-]{40,}$/)
      expect(mail.html).toContain(`href="${linkIn(mail)}"`)
      expect(mailbox.unread(unknown)).toBe(0)
    })

    it('resets the password once, ends every session and records it', async () => {
      const user = await aUser(ctx.db)
      const phone = await signIn(ctx.app, user.email)
      const laptop = await signIn(ctx.app, user.email)
      await requestLink(user.email)
      const token = tokenOf(linkIn(await mailbox.waitForMail(user.email)))

      const weak = await change(token, 'password')
      expect(weak.statusCode).toBe(400)
      expect(weak.json()).toEqual(atPassword(WEAK_PASSWORD_MESSAGE))

      const done = await change(token, 'New-Sunny-Day-7')
      expect(done.statusCode).toBe(200)
      expect(done.json()).toEqual({ message: 'Your password has been changed; sign in with the new one' })
      expect((await profileWith(ctx.app, phone)).statusCode).toBe(401)
      expect((await profileWith(ctx.app, laptop)).statusCode).toBe(401)
      const old = await post(ctx.app, '/api/auth/login', { email: user.email, password: user.password })
      expect(old.statusCode).toBe(400)
      await signIn(ctx.app, user.email, 'New-Sunny-Day-7')
      expect(await auditKindsOf(ctx.db, { actorId: user.id })).toContain('auth.password-reset')

      const reused = await change(token, 'Another-Day-8')
      expect(reused.statusCode).toBe(400)
      expect(reused.json()).toEqual({ message: 'This reset link has already been used; request a new one' })
    })

    it('refuses an expired or unknown link', async () => {
      const user = await aUser(ctx.db)
      await requestLink(user.email)
      const token = tokenOf(linkIn(await mailbox.waitForMail(user.email)))
      await ctx.db
        .updateTable('reset_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', user.id)
        .execute()
      const expired = await change(token, 'New-Sunny-Day-7')
      expect(expired.statusCode).toBe(400)
      expect(expired.json()).toEqual({ message: 'This reset link has expired; request a new one' })
      const unknown = await change('no-such-token', 'New-Sunny-Day-7')
      expect(unknown.statusCode).toBe(400)
      expect(unknown.json()).toEqual({ message: 'This reset link is not valid' })
      await signIn(ctx.app, user.email)
    })

    it('mails the link in Arabic when asked in Arabic', async () => {
      const user = await aUser(ctx.db)
      await requestLink(user.email, 'ar')
      const mail = await mailbox.waitForMail(user.email)
      expect(mail.subject).toBe('إعادة تعيين كلمة المرور في منزل')
      expect(mail.html).toContain('<html lang="ar" dir="rtl">')
      expect(linkIn(mail)).toContain('/reset-password/')
    })
  },
  { env },
)

describeEachDatabase(
  'rate limits',
  (ctx) => {
    let ipCounter = 0
    // Each test comes from its own address, so only the limit under test can refuse it.
    const freshIp = () => `10.0.0.${++ipCounter}`

    it('answers 429 {message} once an address asked for too many codes', async () => {
      const email = uniqueEmail()
      const ip = freshIp()
      for (let i = 0; i < 2; i++)
        expect((await post(ctx.app, '/api/auth/register/send-code', { email }, { ip })).statusCode).toBe(200)
      const refused = await post(ctx.app, '/api/auth/register/send-code', { email }, { ip })
      expect(refused.statusCode).toBe(429)
      expect(refused.json()).toEqual({ message: 'Too many attempts, please wait a moment and try again' })
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      // Another address is not affected.
      const other = await post(ctx.app, '/api/auth/register/send-code', { email: uniqueEmail() }, { ip })
      expect(other.statusCode).toBe(200)
    })

    it('limits password guesses per address from addresses it never signed in from, whatever the IP', async () => {
      const user = await aUser(ctx.db)
      const guess = () =>
        post(ctx.app, '/api/auth/login', { email: user.email, password: 'Guess-1234!' }, { ip: freshIp() })
      for (let i = 0; i < 3; i++) expect((await guess()).statusCode).toBe(400)
      expect((await guess()).statusCode).toBe(429)
    })

    it('limits the forgot-password route without telling known from unknown addresses', async () => {
      const user = await aUser(ctx.db)
      const statuses = async (email: string) => {
        const ip = freshIp()
        const answers = []
        for (let i = 0; i < 3; i++)
          answers.push(
            (await post(ctx.app, '/api/auth/forgot-password/send-link', { email }, { ip })).statusCode,
          )
        return answers
      }
      expect(await statuses(user.email)).toEqual([200, 200, 429])
      expect(await statuses(uniqueEmail('nobody'))).toEqual([200, 200, 429])
    })

    it('limits every /auth request per IP', async () => {
      const ip = freshIp()
      const answers = []
      for (let i = 0; i < 9; i++)
        answers.push((await post(ctx.app, '/api/auth/logout', undefined, { ip })).statusCode)
      expect(answers).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429])
      expect((await post(ctx.app, '/api/auth/logout', undefined, { ip: freshIp() })).statusCode).toBe(200)
    })

    it('limits the two-factor codes a signed-in account can ask for', async () => {
      const user = await aUser(ctx.db)
      const login = await post(
        ctx.app,
        '/api/auth/login',
        { email: user.email, password: user.password },
        { ip: freshIp() },
      )
      const cookie = sessionCookieOf(login)
      const answers = []
      for (let i = 0; i < 3; i++)
        answers.push((await post(ctx.app, '/api/user/tfa/send-code', undefined, { cookie })).statusCode)
      expect(answers).toEqual([200, 200, 429])
    })
  },
  {
    env,
    rateLimits: {
      perIp: { max: 8, windowMs: 60_000 },
      mailPerAddress: { max: 2, windowMs: 60_000 },
      signInPerAddress: { max: 3, windowMs: 60_000 },
      registrationCodes: { max: 100, windowMs: 60_000 },
      signIn: {
        perAccountAndIp: { max: 3, windowMs: 60_000 },
        perAccount: { max: 3, windowMs: 60_000 },
        delay: { freeFailures: 100, baseMs: 0, maxMs: 0 },
      },
    },
  },
)

describeEachDatabase(
  'two-factor from the settings',
  (ctx) => {
    it('turns two-factor on and off with mailed codes, and sign-in follows', async () => {
      const email = uniqueEmail()
      const cookie = await registerByMail(ctx.app, mailbox, email)
      const on = await toggleTwofactor(ctx.app, mailbox, cookie, email)
      expect(on.statusCode).toBe(200)
      expect(on.json()).toEqual({ twofactorMode: true, message: 'Two-factor authentication enabled!' })
      const noCode = await post(ctx.app, '/api/auth/login', { email, password: STRONG_PASSWORD })
      expect(noCode.statusCode).toBe(400)

      const off = await toggleTwofactor(ctx.app, mailbox, cookie, email)
      expect(off.json()).toEqual({ twofactorMode: false, message: 'Two-factor authentication disabled' })
      expect((await post(ctx.app, '/api/auth/login', { email, password: STRONG_PASSWORD })).statusCode).toBe(
        200,
      )
    })

    it('refuses a wrong, expired or missing settings code', async () => {
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      const missing = await post(ctx.app, '/api/user/tfa/toggle', { code: 123456 }, { cookie })
      expect(missing.statusCode).toBe(400)

      await post(ctx.app, '/api/user/tfa/send-code', undefined, { cookie })
      const mail = await mailbox.waitForMail(user.email)
      expect(mail.subject).toBe('Your Manzil two-factor code')
      const code = Number(codeIn(mail))
      const wrong = await post(ctx.app, '/api/user/tfa/toggle', { code: (code + 1) % 1_000_000 }, { cookie })
      expect(wrong.statusCode).toBe(400)
      await expireCodesOf(ctx.db, user.email)
      const expired = await post(ctx.app, '/api/user/tfa/toggle', { code }, { cookie })
      expect(expired.json()).toEqual({ message: 'This code has expired; request a new one' })
      const empty = await post(ctx.app, '/api/user/tfa/toggle', {}, { cookie })
      expect(empty.statusCode).toBe(400)
      const profile = await profileWith(ctx.app, cookie)
      expect(profile.json().settings.twofactorMode).toBe(false)
    })

    it('needs a session (401)', async () => {
      expect((await post(ctx.app, '/api/user/tfa/send-code')).statusCode).toBe(401)
      expect((await post(ctx.app, '/api/user/tfa/toggle', { code: 1 })).statusCode).toBe(401)
    })
  },
  { env },
)
