import { isImportAlarm, type NoticeKind } from '../../src/domain/noticeKinds.ts'
import type { NotificationData, NoticeStay } from '../../contract/notification.ts'
import { isClosureSale, stayName } from '../../src/domain/stayWords.ts'
import { stayLink } from '../../src/domain/stayLink.ts'
import type { Language, Translate } from '../../src/domain/translator.ts'
import type { Mail } from './mailer.ts'
import { escapeHtml, htmlPage, mailTranslator, paragraph } from './messages.ts'

/** A change notice as its mail tells it. */
export type MailedNotice = { kind: NoticeKind; data: NotificationData }

/** A stay as a mail names it; Booking.com's sale as the closed nights its export writes. */
const stayLine = (t: Translate, stay: NoticeStay) =>
  t(isClosureSale(stay) ? 'mail.notices.closureSale' : 'mail.notices.stay', {
    guest: stayName(t, stay),
    platform: stay.platform,
    start: stay.start,
    end: stay.end,
  })

/** One line of a digest (and a push alert's text): what happened, where, and to which stay. */
export function noticeLine(t: Translate, { kind, data }: MailedNotice): string {
  const values = {
    property: data.propertyName,
    platform: data.platformName,
    stay: data.stay ? stayLine(t, data.stay) : '',
  }
  if (kind === 'changed' && data.previous)
    return t('mail.notices.lines.changed', {
      ...values,
      previousStart: data.previous.start,
      previousEnd: data.previous.end,
    })
  if (kind === 'at-risk' && data.atRisk)
    return t('mail.notices.lines.at-risk', {
      ...values,
      nights: data.atRisk
        .map((run) =>
          t('mail.notices.notYetOn', { platform: run.platformName, start: run.start, end: run.end }),
        )
        .join('; '),
    })
  if (kind === 'silent' && data.lastFetchedAt)
    return t('mail.notices.lines.silent', {
      ...values,
      lastFetchedAt: data.lastFetchedAt.slice(0, 16).replace('T', ' '),
    })
  if (kind === 'new' && data.overPreparation)
    return t('mail.notices.lines.newOverPreparation', {
      ...values,
      ruleOf: data.overPreparation.platform,
      start: data.overPreparation.start,
      end: data.overPreparation.end,
    })
  return t(`mail.notices.lines.${data.restored ? 'restored' : kind}`, values)
}

/** The text of a conflict: both platforms, the property, and the nights they share. */
export function conflictText(t: Translate, data: NotificationData): string[] {
  const [stay, other] = [data.stay, data.other]
  return [
    t('mail.notices.conflict.intro', {
      property: data.propertyName,
      first: stay?.platform ?? data.platformName,
      second: other?.platform ?? '',
      start: data.nights?.start ?? '',
      end: data.nights?.end ?? '',
    }),
    ...[stay, other].flatMap((each) => (each ? [stayLine(t, each)] : [])),
    t('mail.notices.conflict.action'),
  ]
}

/** A mail lists this many changes; the calendar shows the rest (a feed can bring 2,000 at once). */
const MAX_LISTED = 20

/**
 * The mail of a sync round's conflicts, the digest of its other changes, or one mail of both (the
 * last an hour's budget allows), each one mail however many, in the reader's language; `appUrl`
 * leads to the calendar (to the stays of a mail of one notice). A mail that lists a conflict says that one of its stays has to go.
 */
export function composeNoticeMail(
  language: Language,
  to: string,
  notices: readonly MailedNotice[],
  appUrl: string,
): Mail {
  const t = mailTranslator(language)
  const only = notices.length === 1 ? notices[0] : undefined
  const conflicts = notices.every((notice) => notice.kind === 'conflict')
  // A mail only of import alarms tells of no booking change.
  const digest = notices.every((notice) => isImportAlarm(notice.kind)) ? 'alarms' : 'digest'
  const subject =
    only?.kind === 'conflict'
      ? t('mail.notices.conflict.subject', { property: only.data.propertyName })
      : t(conflicts ? 'mail.notices.conflicts.subject' : `mail.notices.${digest}.subject`, {
          count: notices.length,
        })
  const listed = notices.slice(0, MAX_LISTED).map((notice) => `• ${noticeLine(t, notice)}`)
  const unlisted = notices.length - listed.length
  const lines =
    only?.kind === 'conflict'
      ? conflictText(t, only.data)
      : [
          t(conflicts ? 'mail.notices.conflicts.intro' : `mail.notices.${digest}.intro`),
          ...listed,
          ...(unlisted > 0 ? [t('mail.notices.more', { count: unlisted })] : []),
          ...(notices.some((notice) => notice.kind === 'conflict')
            ? [t('mail.notices.conflict.action')]
            : []),
        ]
  // One notice opens its stays (a double booking's two); several, the calendar.
  const stays = only ? [only.data.stay?.id, only.data.other?.id].filter((id) => id !== undefined) : []
  const link = `${appUrl.replace(/\/$/, '')}${stayLink(stays)}`
  const text = [
    t('mail.greeting'),
    '',
    ...lines,
    '',
    `${t('mail.notices.open')}: ${link}`,
    '',
    t('mail.notices.why'),
    t('mail.signature'),
  ].join('\n')
  const html = htmlPage(language, subject, [
    paragraph(t('mail.greeting')),
    ...lines.map(paragraph),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t('mail.notices.open'))}</a></p>`,
    paragraph(t('mail.notices.why')),
    paragraph(t('mail.signature')),
  ])
  return { to, subject, text, html }
}
