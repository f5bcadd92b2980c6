import { intlLocale, type Language } from '../../src/domain/translator.ts'
import { CLEANER_CHANGE_DAYS } from '../../contract/turnover.ts'
import type { CleaningChange, ToldCleaning } from '../turnover/cleaningChanges.ts'
import type { Mail } from './mailer.ts'
import { escapeHtml, htmlPage, mailTranslator, paragraph } from './messages.ts'

/** What a cleaner's change mail tells: the link's name, its page, and the changes by date. */
export type CleaningChangesMail = { name: string; url: string; changes: readonly CleaningChange[] }

/**
 * A cleaner's mail of the changes to their cleanings (docs/product.md §7.11), in the link's
 * language: each cleaning by its place, day and check-out time, before → after; nothing of who
 * stays there.
 */
export function composeCleaningChangesMail(language: Language, to: string, mail: CleaningChangesMail): Mail {
  const t = mailTranslator(language)
  const day = new Intl.DateTimeFormat(intlLocale(language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })
  const when = (cleaning: ToldCleaning) => ({
    property: cleaning.propertyName,
    date: day.format(new Date(`${cleaning.date}T00:00:00Z`)),
    time: cleaning.checkOutTime,
  })
  const lines = mail.changes.map((change) =>
    change.kind === 'moved'
      ? t('mail.cleanings.moved', {
          ...when(change.after),
          beforeDate: when(change.before).date,
          beforeTime: change.before.checkOutTime,
        })
      : t(`mail.cleanings.${change.kind}`, when(change.kind === 'added' ? change.after : change.before)),
  )
  const subject = t('mail.cleanings.subject', { count: mail.changes.length, name: mail.name })
  const intro = t('mail.cleanings.intro', { name: mail.name, days: CLEANER_CHANGE_DAYS })
  const text = [
    t('mail.greeting'),
    '',
    intro,
    '',
    ...lines.map((line) => `- ${line}`),
    '',
    `${t('mail.cleanings.action')}: ${mail.url}`,
    '',
    t('mail.cleanings.why'),
    '',
    t('mail.signature'),
  ].join('\n')
  const html = htmlPage(language, subject, [
    paragraph(t('mail.greeting')),
    paragraph(intro),
    `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    `<p><a href="${escapeHtml(mail.url)}">${escapeHtml(t('mail.cleanings.action'))}</a></p>`,
    paragraph(t('mail.cleanings.why')),
    paragraph(t('mail.signature')),
  ])
  return { to, subject, text, html }
}
