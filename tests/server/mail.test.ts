import type { FastifyBaseLogger } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { createMailer } from '../../server/mail/mailer.ts'
import { composeMail } from '../../server/mail/messages.ts'
import { composeNoticeMail, type MailedNotice } from '../../server/mail/notices.ts'
import { startMailbox } from './mailbox.ts'

const config = { mailFrom: 'Manzil <no-reply@localhost>' }

// eslint-disable-next-line no-control-regex
const CONTROLS_BUT_LF = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/
/** A property name that would start lines, and a header, of its own. */
const HOSTILE_NAME = 'Villa Rawdah\r\nBcc: eve@example.com\u2028BEGIN:VEVENT\u0085Rawdah\u0007'
const HOSTILE_STAY = {
  guestName: 'Sara\rTo: eve@example.com\u2029',
  start: '2030-03-10',
  end: '2030-03-14',
  platform: 'Airbnb\u000b',
  kind: 'booking' as const,
}
const noticeOf = (kind: MailedNotice['kind']): MailedNotice => ({
  kind,
  data: {
    kind,
    ical: '',
    platformName: 'Airbnb',
    propertyName: HOSTILE_NAME,
    stay: HOSTILE_STAY,
    ...(kind === 'conflict'
      ? {
          other: { ...HOSTILE_STAY, platform: 'Booking.com' },
          nights: { start: '2030-03-12', end: '2030-03-14' },
        }
      : {}),
  },
})

describe('mail', () => {
  const mailbox = startMailbox()
  afterAll(async () => (await mailbox).stop())

  it('prints each mail in full to the log when SMTP_URL is unset', async () => {
    const lines: string[] = []
    const log = { info: (_: unknown, message: string) => void lines.push(message) } as FastifyBaseLogger
    const mailer = createMailer({ ...config, smtpUrl: undefined }, log)
    const mail = composeMail('en', 'sara@example.com', { kind: 'code', purpose: 'register', code: '004211' })
    await mailer.send(mail)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('To: sara@example.com')
    expect(lines[0]).toContain('Subject: Your Manzil registration code')
    expect(lines[0]).toContain(mail.text)
    expect(mail.text).toContain('\n004211\n')
  })

  it('delivers over SMTP_URL as text and HTML from MAIL_FROM', async () => {
    const inbox = await mailbox
    const log = { info: () => {} } as unknown as FastifyBaseLogger
    const mailer = createMailer({ ...config, smtpUrl: inbox.smtpUrl }, log)
    await mailer.send(
      composeMail('ar', 'omar@example.com', { kind: 'reset-link', link: 'http://x/reset-password/t' }),
    )
    const received = await inbox.waitForMail('omar@example.com')
    expect(received.from).toBe('no-reply@localhost')
    expect(received.subject).toBe('إعادة تعيين كلمة المرور في منزل')
    expect(received.text).toContain('http://x/reset-password/t')
    expect(received.html).toContain('<html lang="ar" dir="rtl">')
  })

  it("keeps a notice's subject and every line of its body whole, whatever the names hold", async () => {
    const inbox = await mailbox
    const log = { info: () => {} } as unknown as FastifyBaseLogger
    const mailer = createMailer({ ...config, smtpUrl: inbox.smtpUrl }, log)
    for (const notices of [[noticeOf('conflict')], [noticeOf('new'), noticeOf('cancelled')]]) {
      await mailer.send(composeNoticeMail('en', 'host@example.com', notices, 'http://x'))
      const received = await inbox.waitForMail('host@example.com')
      expect(received.subject).not.toMatch(/[\r\n]/)
      expect(received.subject).not.toMatch(CONTROLS_BUT_LF)
      if (notices.length === 1)
        expect(received.subject).toBe(
          'Double booking at Villa Rawdah Bcc: eve@example.com BEGIN:VEVENT Rawdah',
        )
      expect([...received.headers.keys()]).not.toContain('bcc')
      for (const body of [received.text, received.html]) {
        expect(body).not.toMatch(CONTROLS_BUT_LF)
        expect(body).toContain('Villa Rawdah Bcc: eve@example.com BEGIN:VEVENT Rawdah')
        expect(body).toContain('Sara To: eve@example.com')
        for (const line of body.split('\n')) expect(line).not.toMatch(/^(BEGIN:VEVENT|Bcc:|To:)/)
      }
    }
    expect(inbox.unread('eve@example.com')).toBe(0)
  })

  it('lists a link that keeps changing in the digest, in both languages', () => {
    const notices = [noticeOf('unstable'), noticeOf('new')].map((notice) => ({
      ...notice,
      data: { ...notice.data, propertyName: 'Villa Rawdah' },
    }))
    expect(composeNoticeMail('en', 'a@example.com', notices, 'http://x').text).toContain(
      "• Airbnb's calendar for Villa Rawdah keeps changing; Manzil stops announcing its changes one by one",
    )
    expect(composeNoticeMail('ar', 'a@example.com', notices, 'http://x').text).toContain(
      '• تقويم Airbnb للعقار Villa Rawdah يتغيّر باستمرار؛ لن يُعلن منزل عن تغييراته واحدًا واحدًا',
    )
  })

  it('escapes what it puts into HTML', () => {
    const mail = composeMail('en', 'a"<b>@example.com', {
      kind: 'code',
      purpose: 'email-change',
      code: '123456',
    })
    expect(mail.html).toContain('a&#34;&#60;b&#62;@example.com')
    expect(mail.html).not.toContain('<b>')
    const link = composeMail('en', 'a@example.com', { kind: 'reset-link', link: 'http://x/"><script>' })
    expect(link.html).not.toContain('<script>')
  })

  it('has every mail in both languages', () => {
    const contents = [
      ...(['register', 'login', 'tfa-enable', 'email-change'] as const).map((purpose) => ({
        kind: 'code' as const,
        purpose,
        code: '123456',
      })),
      { kind: 'reset-link' as const, link: 'http://x/reset-password/t' },
    ]
    for (const content of contents) {
      const english = composeMail('en', 'a@example.com', content)
      const arabic = composeMail('ar', 'a@example.com', content)
      expect(english.subject).not.toMatch(/^mail\./)
      expect(arabic.subject).toMatch(/[\u0600-\u06FF]/)
      expect(arabic.text).not.toContain('mail.')
      expect(english.html).toContain('dir="ltr"')
    }
  })
})
