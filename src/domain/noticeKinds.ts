/**
 * What a notification tells (docs/product.md §3.6): a new stay, a change, a cancellation, a
 * double booking, or a link whose feed keeps changing, whose changes are no longer told one by
 * one. The API's schema, the stored rows and the words all read this list.
 */
export const NOTICE_KINDS = ['new', 'changed', 'cancelled', 'conflict', 'unstable'] as const
export type NoticeKind = (typeof NOTICE_KINDS)[number]
