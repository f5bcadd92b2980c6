import type { EmailCodePurpose } from '../db/schema.ts'
import { translatorFor } from '../i18n.ts'
import { singleLine } from '../../src/domain/plainText.ts'
import {
  directionOf,
  type Language,
  type Translate,
  type TranslationParams,
} from '../../src/domain/translator.ts'
import type { Mail } from './mailer.ts'

export type MailContent =
  | { kind: 'code'; purpose: EmailCodePurpose; code: string }
  | { kind: 'reset-link'; link: string }
  /** To the old address when the address changes, with the link that cancels it. */
  | { kind: 'email-change-notice'; newEmail: string; link: string }
  /** To a cleaner's address, which gets no change mail until its owner follows the link. */
  | { kind: 'cleaner-confirm'; link: string; host: string; name: string }
  /** To an address asked to join a property's team, with the link that accepts. */
  | { kind: 'team-invitation'; link: string; host: string; property: string; role: 'cohost' | 'cleaner' }

const CODE_TEXTS: Record<EmailCodePurpose, string> = {
  register: 'mail.registerCode',
  login: 'mail.loginCode',
  'tfa-enable': 'mail.tfaCode',
  'email-change': 'mail.emailChangeCode',
}

const oneLineValues = (params: TranslationParams): TranslationParams =>
  Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string' ? singleLine(value) : value,
    ]),
  )

/**
 * The reader's translator for a mail: every value it puts into a text is one line without
 * control characters, so a name can start neither a line of the mail nor a header of its own.
 */
export function mailTranslator(language: Language): Translate {
  const t = translatorFor(language)
  return (key, params) => t(key, params && oneLineValues(params))
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

type Body = {
  subject: string
  intro: string
  highlight: string
  /** The highlight is this link, shown under `action`. */
  href?: string
  action?: string
  expiry: string
  /** The line for a reader who did not ask for the mail. */
  ignore: string
}

function bodyOf(t: Translate, to: string, content: MailContent): Body {
  if (content.kind === 'reset-link') {
    return {
      subject: t('mail.resetLink.subject'),
      intro: t('mail.resetLink.intro'),
      highlight: content.link,
      href: content.link,
      action: t('mail.resetLink.action'),
      expiry: t('mail.resetLink.expiry'),
      ignore: t('mail.ignore'),
    }
  }
  if (content.kind === 'email-change-notice') {
    return {
      subject: t('mail.emailChangeNotice.subject'),
      intro: t('mail.emailChangeNotice.intro', { email: to, newEmail: content.newEmail }),
      highlight: content.link,
      href: content.link,
      action: t('mail.emailChangeNotice.action'),
      expiry: t('mail.emailChangeNotice.expiry'),
      ignore: t('mail.emailChangeNotice.ifYou'),
    }
  }
  if (content.kind === 'cleaner-confirm') {
    return {
      subject: t('mail.cleanerConfirm.subject'),
      intro: t('mail.cleanerConfirm.intro', { host: content.host, email: to, name: content.name }),
      highlight: content.link,
      href: content.link,
      action: t('mail.cleanerConfirm.action'),
      expiry: t('mail.cleanerConfirm.expiry'),
      ignore: t('mail.cleanerConfirm.ignore'),
    }
  }
  if (content.kind === 'team-invitation') {
    const role = t(`mail.teamInvitation.roles.${content.role}`)
    return {
      subject: t('mail.teamInvitation.subject', { host: content.host }),
      intro: t('mail.teamInvitation.intro', { host: content.host, property: content.property, role }),
      highlight: content.link,
      href: content.link,
      action: t('mail.teamInvitation.action'),
      expiry: t('mail.teamInvitation.expiry', { email: to }),
      ignore: t('mail.teamInvitation.ignore'),
    }
  }
  const texts = CODE_TEXTS[content.purpose]
  return {
    subject: t(`${texts}.subject`),
    intro: t(`${texts}.intro`, { email: to }),
    highlight: content.code,
    expiry: t('mail.codeExpiry'),
    ignore: t('mail.ignore'),
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
    ? `<p dir="ltr"><a href="${escapeHtml(body.href)}">${escapeHtml(body.action ?? body.href)}</a><br>${escapeHtml(body.highlight)}</p>`
    : `<p dir="ltr" style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(body.highlight)}</p>`
  return htmlPage(language, body.subject, [
    paragraph(t('mail.greeting')),
    paragraph(body.intro),
    highlight,
    paragraph(body.expiry),
    paragraph(body.ignore),
    paragraph(t('mail.signature')),
  ])
}

/** One mail in the reader's language, as plain text and as simple HTML. */
export function composeMail(language: Language, to: string, content: MailContent): Mail {
  const t = mailTranslator(language)
  const body = bodyOf(t, to, content)
  const text = [
    t('mail.greeting'),
    '',
    body.intro,
    '',
    body.highlight,
    '',
    body.expiry,
    body.ignore,
    '',
    t('mail.signature'),
  ].join('\n')
  return { to, subject: body.subject, text, html: htmlOf(t, language, body) }
}
