import type { FastifyBaseLogger } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { createMailer } from '../../server/mail/mailer.ts'
import { composeMail } from '../../server/mail/messages.ts'
import { startMailbox } from './mailbox.ts'

const config = { mailFrom: 'Manzil <no-reply@localhost>' }

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
