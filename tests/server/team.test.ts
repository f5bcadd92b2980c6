import { afterAll, expect, it } from 'vitest'
import type { AcceptedInvitation, TeamMember } from '../../contract/team.ts'
import type { Property } from '../../contract/property.ts'
import { auditEntryMessage } from '../../server/audit/messages.ts'
import { redactUrl } from '../../server/logging.ts'
import { post } from './accounts.ts'
import { aPropertyRow, aUser, signIn, uniqueEmail } from './builders.ts'
import { describeEachDatabase } from './harness.ts'
import { linkIn, startMailbox, type ReceivedMail } from './mailbox.ts'

const mailbox = await startMailbox()
afterAll(() => mailbox.stop())

const START = new Date('2030-05-01T12:00:00Z')
const DAY_MS = 24 * 60 * 60_000
let elapsedMs = 0

type Language = 'en' | 'ar'
type Account = { id: string; email: string; cookie: string }

/** The secret of an invitation's mail, read as its reader would: the link's last segment. */
const tokenOf = (mail: ReceivedMail) => {
  const url = new URL(linkIn(mail))
  expect(url.pathname).toMatch(/^\/team\/invitation\/[A-Za-z0-9_-]{43}$/)
  return url.pathname.split('/').at(-1)!
}

describeEachDatabase(
  'a host’s team',
  (ctx) => {
    async function anAccount(options: { name?: string; language?: Language } = {}) {
      const user = await aUser(ctx.db, { name: options.name })
      const cookie = await signIn(ctx.app, user.email)
      // After signing in, which keeps the language the browser asks in.
      if (options.language)
        await ctx.db
          .updateTable('users')
          .set({ language: options.language })
          .where('id', '=', user.id)
          .execute()
      return { id: user.id, email: user.email, cookie }
    }

    async function anOwner(language: Language = 'en') {
      const owner = await anAccount({ name: 'Nora Al-Saud', language })
      const { id } = await aPropertyRow(ctx.db, owner.id, { name: 'Palm Loft' })
      return { ...owner, property: id }
    }

    const call = (
      method: 'GET' | 'PATCH' | 'DELETE' | 'POST',
      url: string,
      who?: { cookie: string },
      payload?: object,
      language?: Language,
    ) =>
      ctx.app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        headers: {
          ...(who ? { cookie: who.cookie } : {}),
          ...(language ? { 'accept-language': language } : {}),
        },
      })

    const invite = (
      owner: Account & { property: string },
      email: string,
      role = 'cleaner',
      language?: Language,
    ) =>
      post(
        ctx.app,
        `/api/property/${owner.property}/team`,
        { email, role },
        { cookie: owner.cookie, language },
      )
    const accept = (who: Account | undefined, token: string, language?: Language) =>
      post(ctx.app, `/api/team/invitation/${token}/accept`, {}, { cookie: who?.cookie, language })
    const team = async (owner: Account & { property: string }) => {
      const response = await call('GET', `/api/property/${owner.property}/team`, owner)
      expect(response.statusCode).toBe(200)
      return response.json<TeamMember[]>()
    }
    const memberUrl = (owner: { property: string }, id: string) =>
      `/api/property/${owner.property}/team/${id}`

    /** Invites `email` and reads the mail it was sent: the invitation's id and secret. */
    async function invited(owner: Account & { property: string }, email: string, role = 'cleaner') {
      const response = await invite(owner, email, role)
      expect(response.statusCode, response.body).toBe(201)
      const mail = await mailbox.waitForMail(email)
      return { id: response.json<{ id: string }>().id, token: tokenOf(mail), mail }
    }

    const auditOf = (propertyId: string) =>
      ctx.db
        .selectFrom('audit_log')
        .select(['kind', 'message', 'message_template', 'actor_id', 'data'])
        .where('data', 'like', `%${propertyId}%`)
        .orderBy('id')
        .execute()

    it('invites an address: the answer, the mail in the owner’s language, the pending member', async () => {
      const owner = await anOwner()
      const email = uniqueEmail('cleaner')
      const response = await invite(owner, email.toUpperCase(), 'cleaner')
      expect(response.statusCode).toBe(201)
      const answer = response.json<Record<string, unknown>>()
      expect(answer).toEqual({ id: expect.any(String), email, role: 'cleaner', status: 'invited' })
      const mail = await mailbox.waitForMail(email)
      expect(mail.subject).toBe("Nora Al-Saud invites you to a property's team on Manzil")
      expect(mail.text).toContain('join the team of the property “Palm Loft” on Manzil, as a cleaner.')
      expect(mail.text).toContain(`for the Manzil account with the address ${email}`)
      expect(mail.html).toContain('dir="ltr"')
      tokenOf(mail)
      expect(await team(owner)).toEqual([
        {
          id: answer.id,
          email,
          role: 'cleaner',
          status: 'invited',
          name: null,
          invitedAt: new Date(START.getTime() + elapsedMs).toISOString(),
          acceptedAt: null,
        },
      ])
      const [entry] = await auditOf(owner.property)
      expect(entry).toMatchObject({
        kind: 'team.invited',
        actor_id: owner.id,
        message: `${owner.email} invited ${email} as cleaner to the property "Palm Loft"`,
      })
      // An admin reading the log in Arabic reads it in Arabic, the addresses isolated.
      expect(auditEntryMessage(entry!, 'ar')).toBe(
        `دعا \u2068${owner.email}\u2069 العنوان \u2068${email}\u2069 بصفة عامل تنظيف إلى العقار "\u2068Palm Loft\u2069"`,
      )
      // The secret is kept only as its hash.
      const row = await ctx.db
        .selectFrom('property_members')
        .select('token_hash')
        .where('id', '=', answer.id as string)
        .executeTakeFirstOrThrow()
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/)
    })

    it('keeps the invitation’s secret out of the logs, on the page and on the API', () => {
      expect(redactUrl('/team/invitation/abcDEF123')).toBe('/team/invitation/[redacted]')
      expect(redactUrl('/api/team/invitation/abcDEF123/accept')).toBe(
        '/api/team/invitation/[redacted]/accept',
      )
    })

    it('mails in the invitee’s language when an account has the address, else in the owner’s', async () => {
      const englishOwner = await anOwner('en')
      const arabicInvitee = await anAccount({ language: 'ar' })
      const toArabic = await invited(englishOwner, arabicInvitee.email, 'cohost')
      expect(toArabic.mail.subject).toBe('يدعوك Nora Al-Saud إلى فريق عقار على منزل')
      expect(toArabic.mail.text).toContain('بصفة مضيف مشارك')
      expect(toArabic.mail.html).toContain('dir="rtl"')

      const arabicOwner = await anOwner('ar')
      const unknown = uniqueEmail('stranger')
      const toStranger = await invited(arabicOwner, unknown)
      expect(toStranger.mail.subject).toBe('يدعوك Nora Al-Saud إلى فريق عقار على منزل')
      expect(toStranger.mail.text).toContain('بصفة عامل تنظيف')
      const englishInvitee = await anAccount({ language: 'en' })
      const toEnglish = await invited(arabicOwner, englishInvitee.email, 'cohost')
      expect(toEnglish.mail.text).toContain('as a co-host')
    })

    it('refuses an owner whose address became the invited one: the property is theirs already', async () => {
      const owner = await anOwner()
      const address = uniqueEmail('later-owner')
      const { token } = await invited(owner, address, 'cohost')
      await ctx.db.updateTable('users').set({ email: address }).where('id', '=', owner.id).execute()
      const refused = await accept(owner, token)
      expect(refused.statusCode).toBe(409)
      expect(refused.json()).toEqual({
        message: 'You own this property: its team is yours to manage, not to join.',
      })
      expect((await team(owner)).map((member) => member.status)).toEqual(['invited'])
    })

    it('accepts for the invited account only, once; anyone else is refused in their language', async () => {
      const owner = await anOwner()
      const invitee = await anAccount({ name: 'Sara Haddad' })
      const { id, token } = await invited(owner, invitee.email, 'cohost')

      const stranger = await anAccount()
      const refused = await accept(stranger, token)
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toEqual({
        message:
          'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
      })
      expect((await accept(stranger, token, 'ar')).json()).toEqual({
        message: 'أُرسلت هذه الدعوة إلى عنوان بريد آخر. سجّل الدخول بذلك العنوان لقبولها.',
      })
      expect((await accept(owner, token)).statusCode).toBe(403)
      expect((await accept(undefined, token)).statusCode).toBe(401)

      const accepted = await accept(invitee, token)
      expect(accepted.statusCode).toBe(200)
      expect(accepted.json<AcceptedInvitation>()).toEqual({ propertyId: owner.property, role: 'cohost' })
      const [member] = await team(owner)
      expect(member).toMatchObject({ id, status: 'active', name: 'Sara Haddad', role: 'cohost' })
      expect(member?.acceptedAt).toBe(new Date(START.getTime() + elapsedMs).toISOString())

      const again = await accept(invitee, token)
      expect(again.statusCode).toBe(404)
      expect(again.json<{ message: string }>().message).toMatch(/^This invitation no longer works/)
      expect((await accept(stranger, token)).statusCode).toBe(404)
      const kinds = (await auditOf(owner.property)).map((entry) => entry.kind)
      expect(kinds).toEqual(['team.invited', 'team.accepted'])
      expect((await auditOf(owner.property))[1]?.message).toBe(
        `${invitee.email} joined the property "Palm Loft" as co-host`,
      )
    })

    it('refuses unknown, expired and revoked invitations with a 404 in the reader’s language', async () => {
      const owner = await anOwner()
      const invitee = await anAccount()
      expect((await accept(invitee, 'no-such-invitation')).statusCode).toBe(404)
      const expiring = await invited(owner, invitee.email)
      elapsedMs += 7 * DAY_MS + 1
      const expired = await accept(invitee, expiring.token, 'ar')
      expect(expired.statusCode).toBe(404)
      expect(expired.json<{ message: string }>().message).toMatch(/^لم تعد هذه الدعوة صالحة/)
      expect((await call('DELETE', memberUrl(owner, expiring.id), owner)).statusCode).toBe(204)

      const revoked = await invited(owner, invitee.email)
      expect((await call('DELETE', memberUrl(owner, revoked.id), owner)).statusCode).toBe(204)
      expect((await accept(invitee, revoked.token)).statusCode).toBe(404)
      expect(await team(owner)).toEqual([])
    })

    it('refuses inviting oneself, an address already on the team, and another’s property', async () => {
      const owner = await anOwner()
      const self = await invite(owner, owner.email)
      expect(self.statusCode).toBe(400)
      expect(self.json()).toMatchObject({
        fields: { email: "You own this property: invite someone else's address." },
      })
      expect((await invite(owner, owner.email, 'cleaner', 'ar')).json<{ message: string }>().message).toBe(
        'أنت مالك هذا العقار: ادعُ عنوان شخص آخر.',
      )

      const invitee = await anAccount()
      const { token } = await invited(owner, invitee.email)
      const twice = await invite(owner, invitee.email, 'cohost')
      expect(twice.statusCode).toBe(409)
      expect(twice.json<{ message: string }>().message).toBe(
        "This address is already on the property's team or invited to it.",
      )
      expect((await accept(invitee, token)).statusCode).toBe(200)
      const member = await invite(owner, invitee.email, 'cohost', 'ar')
      expect(member.statusCode).toBe(409)
      expect(member.json<{ message: string }>().message).toBe(
        'هذا العنوان عضو في فريق العقار أو مدعوّ إليه بالفعل.',
      )

      const other = await anAccount()
      const [{ id }] = (await team(owner)) as [TeamMember]
      for (const response of [
        await invite({ ...other, property: owner.property }, uniqueEmail()),
        await call('GET', `/api/property/${owner.property}/team`, other),
        await call('PATCH', memberUrl(owner, id), other, { role: 'cohost' }),
        await call('DELETE', memberUrl(owner, id), other),
        await call('POST', `${memberUrl(owner, id)}/resend`, other),
        // A member is not the owner: they neither list nor change the team.
        await call('GET', `/api/property/${owner.property}/team`, invitee),
        await call('PATCH', memberUrl(owner, id), invitee, { role: 'cohost' }),
      ])
        expect(response.statusCode).toBe(404)
      expect(await team(owner)).toHaveLength(1)
    })

    it('holds at most 20 members a property, invitations included', async () => {
      const owner = await anOwner()
      for (let i = 0; i < 20; i++) expect((await invite(owner, uniqueEmail(`m${i}`))).statusCode).toBe(201)
      const full = await invite(owner, uniqueEmail())
      expect(full.statusCode).toBe(409)
      expect(full.json()).toEqual({
        message:
          'A property can have at most 20 team members, invitations included. Remove one to invite another.',
      })
      expect((await invite(owner, uniqueEmail(), 'cleaner', 'ar')).json()).toEqual({
        message: 'لا يمكن أن يضم فريق العقار أكثر من ٢٠ عضوًا، مع الدعوات. احذف عضوًا لتدعو غيره.',
      })
      const [first] = await team(owner)
      expect((await call('DELETE', memberUrl(owner, first!.id), owner)).statusCode).toBe(204)
      expect((await invite(owner, uniqueEmail())).statusCode).toBe(201)
    })

    it('sends at most 50 invitations a day an account, resent ones included, then again the next day', async () => {
      const owner = await anOwner()
      const second = (await aPropertyRow(ctx.db, owner.id, { name: 'Second' })).id
      const third = (await aPropertyRow(ctx.db, owner.id, { name: 'Third' })).id
      for (let i = 0; i < 20; i++) expect((await invite(owner, uniqueEmail(`a${i}`))).statusCode).toBe(201)
      for (let i = 0; i < 20; i++)
        expect((await invite({ ...owner, property: second }, uniqueEmail(`b${i}`))).statusCode).toBe(201)
      const last = await invite({ ...owner, property: third }, uniqueEmail('c'))
      expect(last.statusCode).toBe(201)
      for (let i = 0; i < 9; i++)
        expect(
          (
            await call(
              'POST',
              `${memberUrl({ property: third }, last.json<{ id: string }>().id)}/resend`,
              owner,
            )
          ).statusCode,
        ).toBe(200)
      const over = await invite({ ...owner, property: third }, uniqueEmail('d'))
      expect(over.statusCode).toBe(429)
      // Until the day that began with the first invitation is over.
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(23 * 3600)
      expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(24 * 3600)
      expect(over.json()).toEqual({
        message: 'An account can send at most 50 team invitations a day. Try again tomorrow.',
      })
      expect((await invite({ ...owner, property: third }, uniqueEmail('d'), 'cleaner', 'ar')).json()).toEqual(
        {
          message: 'يمكن للحساب أن يرسل ٥٠ دعوة فريق في اليوم على الأكثر. حاول مجددًا غدًا.',
        },
      )
      // A revoked invitation still counted.
      expect(
        (await call('DELETE', memberUrl({ property: third }, last.json<{ id: string }>().id), owner))
          .statusCode,
      ).toBe(204)
      expect((await invite({ ...owner, property: third }, uniqueEmail('e'))).statusCode).toBe(429)
      elapsedMs += DAY_MS
      expect((await invite({ ...owner, property: third }, uniqueEmail('f'))).statusCode).toBe(201)
    })

    it('takes each invitation’s mail from the account’s hour of mail', async () => {
      const owner = await anOwner()
      const now = new Date(START.getTime() + elapsedMs).toISOString()
      await ctx.db
        .updateTable('users')
        .set({ notice_mails_sent: 1000, notice_mails_since: now })
        .where('id', '=', owner.id)
        .execute()
      const refused = await invite(owner, uniqueEmail())
      expect(refused.statusCode).toBe(429)
      // The hour began now: its whole length to wait.
      expect(refused.headers['retry-after']).toBe('3600')
      expect(refused.json<{ message: string }>().message).toMatch(/^Manzil has sent this account’s e-mails/)
      expect(await team(owner)).toEqual([])
    })

    it('changes a role, and a resend mails a new secret that kills the old one', async () => {
      const owner = await anOwner()
      const invitee = await anAccount()
      const first = await invited(owner, invitee.email, 'cleaner')
      const changed = await call('PATCH', memberUrl(owner, first.id), owner, { role: 'cohost' })
      expect(changed.statusCode).toBe(200)
      expect(changed.json<TeamMember>()).toMatchObject({ id: first.id, role: 'cohost', status: 'invited' })
      expect(
        (await call('PATCH', memberUrl(owner, 'no-such-member'), owner, { role: 'cohost' })).statusCode,
      ).toBe(404)

      const resent = await call('POST', `${memberUrl(owner, first.id)}/resend`, owner)
      expect(resent.statusCode).toBe(200)
      expect(resent.json<TeamMember>()).toMatchObject({ id: first.id, role: 'cohost', status: 'invited' })
      const again = tokenOf(await mailbox.waitForMail(invitee.email))
      expect(again).not.toBe(first.token)
      expect((await accept(invitee, first.token)).statusCode).toBe(404)
      expect((await accept(invitee, again)).json()).toEqual({ propertyId: owner.property, role: 'cohost' })
      const active = await call('POST', `${memberUrl(owner, first.id)}/resend`, owner, undefined, 'ar')
      expect(active.statusCode).toBe(409)
      expect(active.json<{ message: string }>().message).toBe(
        'انضم هذا الشخص إلى الفريق بالفعل: لا توجد دعوة لإرسالها مجددًا.',
      )
      const kinds = (await auditOf(owner.property)).map((entry) => entry.kind)
      expect(kinds).toEqual(['team.invited', 'team.role-changed', 'team.invited', 'team.accepted'])
    })

    it('lets the owner remove anyone and a member leave, no one else', async () => {
      const owner = await anOwner()
      const cohost = await anAccount()
      const cleaner = await anAccount()
      const pending = await anAccount()
      const a = await invited(owner, cohost.email, 'cohost')
      const b = await invited(owner, cleaner.email, 'cleaner')
      const c = await invited(owner, pending.email, 'cleaner')
      await accept(cohost, a.token)
      await accept(cleaner, b.token)
      // The co-host reads its membership on the property it shares, which is what leaving names.
      const shared = await call('GET', `/api/property/${owner.property}`, cohost)
      expect(shared.json<Property>().sharedBy).toMatchObject({ role: 'cohost', memberId: a.id })

      // A member removes no one else, and an invitee cannot leave what they have not joined.
      expect((await call('DELETE', memberUrl(owner, b.id), cohost)).statusCode).toBe(404)
      expect((await call('DELETE', memberUrl(owner, c.id), pending)).statusCode).toBe(404)
      expect((await call('DELETE', memberUrl(owner, a.id), cohost)).statusCode).toBe(204)
      expect((await call('DELETE', memberUrl(owner, b.id), owner)).statusCode).toBe(204)
      expect((await call('DELETE', memberUrl(owner, b.id), owner)).statusCode).toBe(404)
      expect((await team(owner)).map((member) => member.id)).toEqual([c.id])
      const entries = await auditOf(owner.property)
      expect(entries.slice(-2).map((entry) => [entry.kind, entry.message])).toEqual([
        ['team.left', `${cohost.email} left the team of the property "Palm Loft"`],
        ['team.removed', `${owner.email} removed ${cleaner.email} from the team of the property "Palm Loft"`],
      ])
    })

    it('keeps the team consistent when an invitation is accepted while it is being revoked', async () => {
      const owner = await anOwner()
      for (let round = 0; round < 16; round++) {
        const invitee = await anAccount()
        const { id, token } = await invited(owner, invitee.email)
        // Each fired first in turn, so that both orders meet the database.
        const racers = [() => accept(invitee, token), () => call('DELETE', memberUrl(owner, id), owner)]
        const [accepted, revoked] = await (round % 2 === 0
          ? Promise.all(racers.map((race) => race()))
          : Promise.all(racers.toReversed().map((race) => race())).then((answers) => answers.toReversed()))
        expect([200, 404]).toContain(accepted!.statusCode)
        expect(revoked!.statusCode).toBe(204)
        const removal = (await auditOf(owner.property)).find(
          (entry) => entry.kind === 'team.removed' && entry.data?.includes(id),
        )
        const removedStatus = (JSON.parse(removal?.data ?? '{}') as { status?: string }).status
        // Either the member was active when removed, or the acceptance found nothing.
        expect(removedStatus).toBe(accepted!.statusCode === 200 ? 'active' : 'invited')
        expect(await team(owner)).toEqual([])
        expect((await accept(invitee, token)).statusCode).toBe(404)
      }
    })
  },
  {
    clock: () => new Date(START.getTime() + elapsedMs),
    env: { SMTP_URL: mailbox.smtpUrl, MAIL_NOTICES_PER_HOUR: '1000' },
  },
)
