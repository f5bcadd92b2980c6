/**
 * What an import alarm tells (docs/product.md §3.6): nights sold or closed elsewhere that a
 * platform has still not imported long after it usually would, a platform that stopped importing
 * its link, or a link no platform fetched a day after it was shown.
 */
export const IMPORT_ALARM_KINDS = ['at-risk', 'silent', 'never-imported'] as const
export type ImportAlarmKind = (typeof IMPORT_ALARM_KINDS)[number]

/**
 * What a notification tells (docs/product.md §3.6): a new stay, a change, a cancellation, a
 * double booking, a link whose feed keeps changing, whose changes are no longer told one by
 * one, or an import alarm. The API's schema, the stored rows and the words all read this list.
 */
export const NOTICE_KINDS = [
  'new',
  'changed',
  'cancelled',
  'conflict',
  'unstable',
  ...IMPORT_ALARM_KINDS,
] as const
export type NoticeKind = (typeof NOTICE_KINDS)[number]

/** Whether a notice is an import alarm rather than news of the stays. */
export const isImportAlarm = (kind: NoticeKind | null | undefined): kind is ImportAlarmKind =>
  (IMPORT_ALARM_KINDS as readonly (NoticeKind | null | undefined)[]).includes(kind)
