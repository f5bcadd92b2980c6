import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import type { Property } from '../../contract/property.ts'
import { describeEachDatabase } from './harness.ts'
import { aUser, signIn, STRONG_PASSWORD, uniqueEmail } from './builders.ts'
import { codeIn, startMailbox } from './mailbox.ts'
import { patchProfile, post, profileWith } from './accounts.ts'
import { aJpeg, aPng, aProperty, uploadedFiles } from './multipart.ts'

const mailbox = await startMailbox()
afterAll(() => mailbox.stop())

describeEachDatabase(
  'profile',
  (ctx) => {
    const patch = (cookie: string, payload: object, language?: 'ar') =>
      patchProfile(ctx.app, cookie, payload, language)
    const confirm = (cookie: string, code: string | number) =>
      post(ctx.app, '/api/user/email/confirm', { code }, { cookie })

    it('needs a session (401)', async () => {
      for (const method of ['GET', 'PATCH', 'DELETE'] as const)
        expect((await ctx.app.inject({ method, url: '/api/user/profile' })).statusCode).toBe(401)
      expect((await post(ctx.app, '/api/user/email/confirm', { code: 1 })).statusCode).toBe(401)
      expect((await post(ctx.app, '/api/user/toggle-notifications', { enabled: true })).statusCode).toBe(401)
    })

    it('saves name, phone and address, and clears a blank one', async () => {
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      const saved = await patch(cookie, {
        name: '  Sara Al-Harbi ',
        phone: '+966 55 123 4567',
        email: user.email,
        residentalAddress: 'Saudi Riyadh Olaya Street 5',
      })
      expect(saved.statusCode).toBe(200)
      expect(saved.json()).toEqual({
        id: user.id,
        name: 'Sara Al-Harbi',
        email: user.email,
        phone: '+966 55 123 4567',
        residentalAddress: 'Saudi Riyadh Olaya Street 5',
        isAdmin: false,
        accountState: 'active',
        settings: { notifications: true, twofactorMode: false, pushGuestNames: false },
        workspace: 'host',
      })
      const cleared = await patch(cookie, { phone: '', residentalAddress: null })
      expect(cleared.json()).toMatchObject({ name: 'Sara Al-Harbi', phone: null, residentalAddress: null })
      expect((await profileWith(ctx.app, cookie)).json()).toEqual(cleared.json())
      expect(mailbox.unread(user.email)).toBe(0)
    })

    it('refuses fields that are too long or malformed with a sentence at the field', async () => {
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      const name = 'Write the name in at most 100 characters.'
      const phone = 'Write the phone number with digits, spaces and + ( ) . - only, at most 32 characters.'
      const cases: [object, string, string][] = [
        [{ name: 'x'.repeat(101) }, 'name', name],
        [{ phone: 'call me maybe' }, 'phone', phone],
        [{ phone: '1'.repeat(33) }, 'phone', phone],
        [
          { residentalAddress: 'x'.repeat(301) },
          'residentalAddress',
          'Write the address in at most 300 characters.',
        ],
        [{ email: 'not-an-address' }, 'email', 'Enter a valid e-mail address, such as name@example.com.'],
        [{ name: 42 }, 'name', name],
      ]
      for (const [payload, field, message] of cases) {
        const response = await patch(cookie, payload)
        expect(response.statusCode, JSON.stringify(payload)).toBe(400)
        expect(response.json()).toEqual({ message, fields: { [field]: message } })
      }
      const both = await patch(cookie, { name: 42, phone: 'call me maybe' })
      expect(both.json()).toEqual({ message: name, fields: { name, phone } })
    })

    it('changes the e-mail address only after the code mailed to the new one', async () => {
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      const newEmail = uniqueEmail('moved')
      const saved = await patch(cookie, {
        name: 'Omar',
        email: newEmail.toUpperCase(),
        currentPassword: user.password,
      })
      expect(saved.statusCode).toBe(200)
      expect(saved.json()).toMatchObject({ name: 'Omar', email: user.email, pendingEmail: newEmail })
      expect((await profileWith(ctx.app, cookie)).json().email).toBe(user.email)

      const mail = await mailbox.waitForMail(newEmail)
      expect(mail.subject).toBe('Confirm your new Manzil e-mail address')
      expect(mail.text).toContain(newEmail)
      // The old address is told, and gets no code.
      const notice = await mailbox.waitForMail(user.email)
      expect(notice.subject).toBe('Your Manzil e-mail address is being changed')
      expect(mailbox.unread(user.email)).toBe(0)

      const wrong = await confirm(cookie, (Number(codeIn(mail)) + 1) % 1_000_000)
      expect(wrong.statusCode).toBe(400)
      const confirmed = await confirm(cookie, Number(codeIn(mail)))
      expect(confirmed.statusCode).toBe(200)
      expect(confirmed.json()).toMatchObject({ id: user.id, email: newEmail, name: 'Omar' })
      expect(
        (await post(ctx.app, '/api/auth/login', { email: user.email, password: user.password })).statusCode,
      ).toBe(400)
      await signIn(ctx.app, newEmail)
      // The code was spent.
      expect((await confirm(cookie, codeIn(mail))).statusCode).toBe(400)
    })

    it('mails no code to an address another account has, answering as for any other; 409 if taken by the time of confirming', async () => {
      const user = await aUser(ctx.db)
      const other = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      // Only register/send-code tells which addresses have accounts.
      const taken = await patch(cookie, { name: 'Saved', email: other.email, currentPassword: user.password })
      expect(taken.statusCode).toBe(200)
      expect(taken.json()).toMatchObject({ name: 'Saved', email: user.email, pendingEmail: other.email })
      await mailbox.waitForMail(user.email)
      expect((await confirm(cookie, 123456)).json()).toEqual({
        message: 'There is no code waiting; request a new one',
      })

      const newEmail = uniqueEmail('raced')
      await patch(cookie, { email: newEmail, currentPassword: user.password })
      const code = codeIn(await mailbox.waitForMail(newEmail))
      await mailbox.waitForMail(user.email)
      // The taken address's change sent nothing there; the free one's code came after it.
      expect(mailbox.unread(other.email)).toBe(0)
      await aUser(ctx.db, { email: newEmail })
      const late = await confirm(cookie, code)
      expect(late.statusCode).toBe(409)
      expect((await profileWith(ctx.app, cookie)).json().email).toBe(user.email)
    })

    it('refuses to confirm without a pending change', async () => {
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      const response = await confirm(cookie, 123456)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message: 'There is no code waiting; request a new one' })
    })

    it('mails the confirmation code in Arabic when asked in Arabic', async () => {
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      const newEmail = uniqueEmail('arabic')
      await patch(cookie, { email: newEmail, currentPassword: user.password }, 'ar')
      const mail = await mailbox.waitForMail(newEmail)
      expect(mail.subject).toBe('أكّد بريدك الإلكتروني الجديد في منزل')
      expect(mail.html).toContain('dir="rtl"')
    })

    it('sets the notifications flag to the value sent', async () => {
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      const off = await post(ctx.app, '/api/user/toggle-notifications', { enabled: false }, { cookie })
      expect(off.json()).toEqual({ enabled: false, pushGuestNames: false })
      expect((await profileWith(ctx.app, cookie)).json().settings.notifications).toBe(false)
      const on = await post(ctx.app, '/api/user/toggle-notifications', { enabled: true }, { cookie })
      expect(on.json()).toEqual({ enabled: true, pushGuestNames: false })
      const bad = await post(ctx.app, '/api/user/toggle-notifications', { enabled: 'yes' }, { cookie })
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toEqual({ message: 'Choose on or off.', fields: { enabled: 'Choose on or off.' } })
    })

    it('deletes one’s own account and signs out', async () => {
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      const other = await signIn(ctx.app, user.email)
      const response = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/user/profile',
        headers: { cookie },
      })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ message: 'Your account has been deleted' })
      const cleared = response.cookies.find((c) => c.name === 'manzil_session')
      expect(cleared?.value).toBe('')
      expect((await profileWith(ctx.app, other)).statusCode).toBe(401)
      expect(
        await ctx.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst(),
      ).toBeUndefined()
      expect(
        await ctx.db.selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute(),
      ).toEqual([])
      const login = await post(ctx.app, '/api/auth/login', { email: user.email, password: STRONG_PASSWORD })
      expect(login.statusCode).toBe(400)
    })

    it('deletes one’s own properties with their photo files', async () => {
      const user = await aUser(ctx.db)
      const cookie = await signIn(ctx.app, user.email)
      const neighbour = await signIn(ctx.app, (await aUser(ctx.db)).email)
      const kept = await aProperty(ctx.app, neighbour, {}, [await aJpeg()])
      const properties = [
        await aProperty(ctx.app, cookie, {}, [await aJpeg(), await aPng()]),
        await aProperty(ctx.app, cookie, { name: 'Second flat' }, [await aJpeg()]),
      ]
      const filesOf = (property: Property) =>
        property.images.flatMap((image) => [image.url, image.thumbnailUrl].map((url) => path.basename(url)))
      const files = properties.flatMap(filesOf)
      expect(uploadedFiles(ctx.config.dataDir)).toEqual(expect.arrayContaining([...files, ...filesOf(kept)]))

      const response = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/user/profile',
        headers: { cookie },
      })
      expect(response.statusCode).toBe(200)
      const left = uploadedFiles(ctx.config.dataDir)
      for (const file of files) expect(left).not.toContain(file)
      expect(left).toEqual(expect.arrayContaining(filesOf(kept)))
      const rows = await ctx.db
        .selectFrom('properties')
        .select('id')
        .where('owner_id', '=', user.id)
        .execute()
      expect(rows).toEqual([])
    })

    it('keeps the last administrator', async () => {
      await ctx.db.updateTable('users').set({ is_admin: 0 }).execute()
      const admin = await aUser(ctx.db, { isAdmin: true })
      const cookie = await signIn(ctx.app, admin.email)
      const refused = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/user/profile',
        headers: { cookie },
      })
      expect(refused.statusCode).toBe(409)
      await aUser(ctx.db, { isAdmin: true })
      const done = await ctx.app.inject({ method: 'DELETE', url: '/api/user/profile', headers: { cookie } })
      expect(done.statusCode).toBe(200)
    })
  },
  { env: { SMTP_URL: mailbox.smtpUrl } },
)
