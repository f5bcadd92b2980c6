import { afterAll, expect, it } from 'vitest'
import { patchProfile, post, profileWith, sessionCookieOf } from '../server/accounts.ts'
import { aUser, signIn, STRONG_PASSWORD, uniqueEmail } from '../server/builders.ts'
import { describeEachDatabase } from '../server/harness.ts'
import { codeIn, linkIn, startMailbox } from '../server/mailbox.ts'

/**
 * A stolen session must not become a stolen account. A new e-mail address needs
 * the current password; the old address is told at once, in the owner's language, with a link
 * that takes the change back and signs every session out.
 */

const mailbox = await startMailbox()
afterAll(() => mailbox.stop())

describeEachDatabase(
  'changing the e-mail address',
  (ctx) => {
    const patch = (cookie: string, payload: object, language?: 'ar') =>
      patchProfile(ctx.app, cookie, payload, language)
    const confirm = (cookie: string, code: string) =>
      post(ctx.app, '/api/user/email/confirm', { code }, { cookie })
    const cancel = (token: string, language?: 'ar') =>
      post(ctx.app, '/api/auth/email-change/cancel', { token }, language ? { language } : {})
    /** The secret at the end of the notice's link, as the cancel page reads it from its address. */
    const tokenIn = (link: string) => {
      const match = /\/cancel-email-change\/([A-Za-z0-9_-]+)$/.exec(link)
      if (!match?.[1]) throw new Error(`not a cancel link: ${link}`)
      return match[1]
    }

    it('refuses a new address without the current password, or with a wrong one, and mails nothing', async () => {
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      const newEmail = uniqueEmail('thief')
      const missing = await patch(cookie, { name: 'Not saved', email: newEmail })
      expect(missing.statusCode).toBe(400)
      expect(missing.json()).toEqual({
        message: 'Wrong password',
        fields: { currentPassword: 'Wrong password' },
      })
      const wrong = await patch(cookie, { email: newEmail, currentPassword: 'Guess-1234!' }, 'ar')
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json()).toEqual({
        message: 'كلمة المرور غير صحيحة',
        fields: { currentPassword: 'كلمة المرور غير صحيحة' },
      })
      expect((await profileWith(ctx.app, cookie)).json()).toMatchObject({ name: null, email: user.email })
      // A later mail proves nothing else was queued before it.
      await patch(cookie, { email: uniqueEmail('later'), currentPassword: STRONG_PASSWORD })
      await mailbox.waitForMail(user.email)
      expect(mailbox.unread(newEmail)).toBe(0)
      expect(mailbox.unread(user.email)).toBe(0)
    })

    it('tells the old address at once, in the owner’s language, naming the new one', async () => {
      const user = await aUser(ctx.db)
      // The owner signs in in Arabic; a thief with that session's cookie asks in English.
      const stolen = sessionCookieOf(
        await post(
          ctx.app,
          '/api/auth/login',
          { email: user.email, password: STRONG_PASSWORD },
          { language: 'ar' },
        ),
      )
      const newEmail = uniqueEmail('thief')
      const saved = await patch(stolen, { email: newEmail, currentPassword: STRONG_PASSWORD })
      expect(saved.statusCode).toBe(200)
      const notice = await mailbox.waitForMail(user.email)
      expect(notice.subject).toBe('يجري تغيير بريدك الإلكتروني في منزل')
      expect(notice.text).toContain(newEmail)
      expect(notice.text).toContain(user.email)
      expect(notice.html).toContain('dir="rtl"')
      expect(linkIn(notice)).toMatch(
        new RegExp(`^${ctx.config.publicUrl}/cancel-email-change/[A-Za-z0-9_-]{43}$`),
      )
      // The code goes to the new address in the language of whoever asked.
      expect((await mailbox.waitForMail(newEmail)).subject).toBe('Confirm your new Manzil e-mail address')
    })

    it('takes a confirmed change back with the old address’s link and signs every session out', async () => {
      const user = await aUser(ctx.db)
      const owners = await signIn(ctx.app, user.email)
      const thiefs = await signIn(ctx.app, user.email)
      const newEmail = uniqueEmail('thief')
      await patch(thiefs, { email: newEmail, currentPassword: STRONG_PASSWORD })
      const code = codeIn(await mailbox.waitForMail(newEmail))
      expect((await confirm(thiefs, code)).json().email).toBe(newEmail)
      // The thief asks for a reset link at the new address meanwhile.
      await post(ctx.app, '/api/auth/forgot-password/send-link', { email: newEmail })
      const resetLink = linkIn(await mailbox.waitForMail(newEmail))

      const token = tokenIn(linkIn(await mailbox.waitForMail(user.email)))
      const cancelled = await cancel(token)
      expect(cancelled.statusCode, cancelled.body).toBe(200)
      expect(cancelled.json()).toEqual({
        message:
          'The change of e-mail address was cancelled and every session was signed out. Choose a new password now.',
      })
      for (const cookie of [owners, thiefs]) expect((await profileWith(ctx.app, cookie)).statusCode).toBe(401)
      const account = await ctx.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', user.id)
        .executeTakeFirst()
      expect(account?.email).toBe(user.email)
      const resetToken = resetLink.split('/reset-password/')[1] ?? ''
      const reset = await post(ctx.app, `/api/auth/forgot-password/change/${resetToken}`, {
        password: 'Stolen-Account-9!',
      })
      expect(reset.statusCode).toBe(400)
      await signIn(ctx.app, user.email)
      // Single use.
      const again = await cancel(token, 'ar')
      expect(again.statusCode).toBe(400)
      expect(again.json()).toEqual({ message: 'هذا الرابط غير صالح أو انتهت صلاحيته أو سبق استخدامه' })
    })

    it('drops a change not yet confirmed: its code no longer works', async () => {
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      const newEmail = uniqueEmail('thief')
      await patch(cookie, { email: newEmail, currentPassword: STRONG_PASSWORD })
      const code = codeIn(await mailbox.waitForMail(newEmail))
      expect((await cancel(tokenIn(linkIn(await mailbox.waitForMail(user.email))))).statusCode).toBe(200)
      const thief = await signIn(ctx.app, user.email)
      expect((await confirm(thief, code)).json()).toEqual({
        message: 'There is no code waiting; request a new one',
      })
      expect((await profileWith(ctx.app, thief)).json().email).toBe(user.email)
    })

    it('refuses an unknown or expired link', async () => {
      expect((await cancel('no-such-link')).statusCode).toBe(400)
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      await patch(cookie, { email: uniqueEmail('late'), currentPassword: STRONG_PASSWORD })
      const token = tokenIn(linkIn(await mailbox.waitForMail(user.email)))
      await ctx.db
        .updateTable('email_change_cancels')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', user.id)
        .execute()
      expect((await cancel(token)).statusCode).toBe(400)
      expect((await profileWith(ctx.app, cookie)).statusCode).toBe(200)
    })
  },
  { env: { SMTP_URL: mailbox.smtpUrl } },
)
