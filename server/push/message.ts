import { createHash } from 'node:crypto'
import { PATHS } from '../../src/domain/paths.ts'
import { stayLink } from '../../src/domain/stayLink.ts'
import { namesGuest } from '../../src/domain/stayLabels.ts'
import { noticeWhat } from '../../src/domain/stayWords.ts'
import type { Language, Translate } from '../../src/domain/translator.ts'
import type { NoticeStay, NotificationData } from '../../contract/notification.ts'
import { conflictText, noticeLine, type MailedNotice } from '../mail/notices.ts'
import { mailTranslator } from '../mail/messages.ts'

/** What a device shows: the JSON the service worker reads from the push (docs/product.md §12.6). */
export type PushPayload = { title: string; body: string; url: string; tag: string }

/** One push: its payload, and how the push service is to treat it. */
export type PushMessage = {
  payload: PushPayload
  /** RFC 8030's Urgency: a double booking wakes a phone at once. */
  urgency: 'high' | 'normal'
  /** RFC 8030's Topic (≤ 32 base64url characters): a newer push of the same replaces one not yet delivered. */
  topic: string
}

/** Notices pushed one by one from one claim; past them, one push tells how many more there are. */
export const PUSHED_ONE_BY_ONE = 5

/** A push is worth a day: a change older than that is read in the calendar, not on a lock screen. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60

/** The 32-character base64url digest of what a push is about, its Topic and its tag. */
const topicOf = (about: string) => createHash('sha256').update(about).digest('base64url').slice(0, 32)

/** A stay as an alert names it: its guest only when the owner allows names on the lock screen. */
const shown = (t: Translate, stay: NoticeStay | undefined, guestNames: boolean): NoticeStay | undefined =>
  stay && !guestNames && namesGuest(stay.guestName) ? { ...stay, guestName: t('push.aGuest') } : stay

/** One notice's push, in the owner's language; `guestNames` lets it name the guest. */
function noticePush(t: Translate, notice: MailedNotice, guestNames: boolean): PushMessage {
  const data: NotificationData = {
    ...notice.data,
    stay: shown(t, notice.data.stay, guestNames),
    other: shown(t, notice.data.other, guestNames),
  }
  const { kind } = notice
  const property = data.propertyName
  const title =
    kind === 'conflict'
      ? t('mail.notices.conflict.subject', { property })
      : t('push.title', { what: t(noticeWhat(kind, data.restored)), property })
  const body = kind === 'conflict' ? conflictText(t, data)[0]! : noticeLine(t, { kind, data })
  const stays = [data.stay?.id, data.other?.id].filter((id) => id !== undefined)
  const url = stayLink(stays, stays.length === 0 && data.propertyId ? { property: data.propertyId } : {})
  const topic = topicOf(`${kind}:${data.stay?.id ?? data.propertyId ?? property}:${data.platformName}`)
  return {
    payload: { title, body, url, tag: topic },
    urgency: kind === 'conflict' ? 'high' : 'normal',
    topic,
  }
}

/** The push of the notices past those pushed one by one: how many, and the calendar. */
function restPush(t: Translate, count: number, conflicts: boolean): PushMessage {
  const topic = topicOf('more')
  return {
    payload: {
      title: t(conflicts ? 'mail.notices.conflicts.subject' : 'mail.notices.digest.subject', { count }),
      body: t('mail.notices.open'),
      url: PATHS.calendar,
      tag: topic,
    },
    urgency: conflicts ? 'high' : 'normal',
    topic,
  }
}

/**
 * The pushes of a claim of notices, in the owner's language: double bookings first, each notice
 * its own push up to PUSHED_ONE_BY_ONE, then one push of how many more (a first import may bring
 * hundreds: a phone shows a handful, the calendar the rest).
 */
export function noticePushes(
  language: Language,
  guestNames: boolean,
  notices: readonly MailedNotice[],
): PushMessage[] {
  const t = mailTranslator(language)
  const ordered = [
    ...notices.filter((notice) => notice.kind === 'conflict'),
    ...notices.filter((notice) => notice.kind !== 'conflict'),
  ]
  const single = ordered.length <= PUSHED_ONE_BY_ONE ? ordered : ordered.slice(0, PUSHED_ONE_BY_ONE - 1)
  const rest = ordered.slice(single.length)
  return [
    ...single.map((notice) => noticePush(t, notice, guestNames)),
    ...(rest.length > 0
      ? [
          restPush(
            t,
            rest.length,
            rest.some((notice) => notice.kind === 'conflict'),
          ),
        ]
      : []),
  ]
}

/** The settings' "Send a test": a push that says it is one, and opens the settings. */
export function testPush(language: Language): PushMessage {
  const t = mailTranslator(language)
  const topic = topicOf('test')
  return {
    payload: { title: t('push.test.title'), body: t('push.test.body'), url: PATHS.settings, tag: topic },
    urgency: 'normal',
    topic,
  }
}
