import type { EmailCodePurpose } from '../db/schema.ts'
import { translatorFor } from '../i18n.ts'
import { directionOf, type Language, type Translate } from '../../src/domain/translator.ts'
import type { Mail } from './mailer.ts'

export type MailContent =
  { kind: 'code'; purpose: EmailCodePurpose; code: string } | { kind: 'reset-link'; link: string }

const CODE_TEXTS: Record<EmailCodePurpose, string> = {
  register: 'mail.registerCode',
  login: 'mail.loginCode',
  'tfa-enable': 'mail.tfaCode',
  'email-change': 'mail.emailChangeCode',
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

type Body = { subject: string; intro: string; highlight: string; href?: string; expiry: string }

function bodyOf(t: Translate, to: string, content: MailContent): Body {
  if (content.kind === 'reset-link') {
    return {
      subject: t('mail.resetLink.subject'),
      intro: t('mail.resetLink.intro'),
      highlight: content.link,
      href: content.link,
      expiry: t('mail.resetLink.expiry'),
    }
  }
  const texts = CODE_TEXTS[content.purpose]
  return {
    subject: t(`${texts}.subject`),
    intro: t(`${texts}.intro`, { email: to }),
    highlight: content.code,
    expiry: t('mail.codeExpiry'),
  }
}

export const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`

/** A mail's HTML document around its body's blocks, in the reader's language and direction. */
export const htmlPage = (language: Language, subject: string, blocks: string[]): string =>
  [
    '<!doctype html>',
    `<html lang="${language}" dir="${directionOf(language)}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.5">',
    ...blocks,
    '</body>',
    '</html>',
  ].join('\n')

function htmlOf(t: Translate, language: Language, body: Body): string {
  // The code and the link stay left-to-right inside an Arabic mail.
  const highlight = body.href
    ? `<p dir="ltr"><a href="${escapeHtml(body.href)}">${escapeHtml(t('mail.resetLink.action'))}</a><br>${escapeHtml(body.highlight)}</p>`
    : `<p dir="ltr" style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(body.highlight)}</p>`
  return htmlPage(language, body.subject, [
    paragraph(t('mail.greeting')),
    paragraph(body.intro),
    highlight,
    paragraph(body.expiry),
    paragraph(t('mail.ignore')),
    paragraph(t('mail.signature')),
  ])
}

/** One mail in the reader's language, as plain text and as simple HTML. */
export function composeMail(language: Language, to: string, content: MailContent): Mail {
  const t = translatorFor(language)
  const body = bodyOf(t, to, content)
  const text = [
    t('mail.greeting'),
    '',
    body.intro,
    '',
    body.highlight,
    '',
    body.expiry,
    t('mail.ignore'),
    '',
    t('mail.signature'),
  ].join('\n')
  return { to, subject: body.subject, text, html: htmlOf(t, language, body) }
}
