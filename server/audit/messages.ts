import type { Language } from '../../src/domain/translator.ts'
import { translatorFor } from '../i18n.ts'
import type { AuditKind } from '../../contract/admin.ts'

/**
 * A log line as its locale key under `logs.messages` and its values. Values that are themselves
 * locale keys (`translated`; a list of keys reads as a list) are put in the reader's language too.
 */
export type AuditMessage = {
  key: string
  values?: Record<string, string>
  translated?: Record<string, string | string[]>
}

export type AuditEntry = {
  kind: AuditKind
  message: AuditMessage
  actorId?: string | null
  subjectId?: string | null
  data?: Record<string, unknown>
  ip?: string | null
}

/**
 * In Arabic each value is a bidi isolate (FSI … PDI): an e-mail address or a reason typed in
 * English would otherwise pull the punctuation around it out of place.
 */
const isolated = (values: Record<string, string>, language: Language) =>
  language === 'ar'
    ? Object.fromEntries(Object.entries(values).map(([name, value]) => [name, `\u2068${value}\u2069`]))
    : values

const listFormats: Record<Language, Intl.ListFormat> = {
  en: new Intl.ListFormat('en', { type: 'conjunction' }),
  ar: new Intl.ListFormat('ar', { type: 'conjunction' }),
}

/** The message in this language. */
export function renderAuditMessage(message: AuditMessage, language: Language): string {
  const t = translatorFor(language)
  const list = listFormats[language]
  const translated = Object.entries(message.translated ?? {}).map(([name, keys]) => [
    name,
    Array.isArray(keys) ? list.format(keys.map((key) => t(key))) : t(keys),
  ])
  return t(`logs.messages.${message.key}`, {
    ...isolated(message.values ?? {}, language),
    ...Object.fromEntries(translated),
  })
}

/** The message an entry keeps (migration 0003); null for an entry from before it. */
function auditMessageOf(template: string | null): AuditMessage | null {
  if (template === null) return null
  try {
    const message: unknown = JSON.parse(template)
    return typeof message === 'object' && message !== null && 'key' in message
      ? (message as AuditMessage)
      : null
  } catch {
    return null
  }
}

/** A stored entry's message in the reader's language; one from before 0003 as it was kept. */
export function auditEntryMessage(
  entry: { message: string; message_template: string | null },
  language: Language,
): string {
  const message = auditMessageOf(entry.message_template)
  return message ? renderAuditMessage(message, language) : entry.message
}
