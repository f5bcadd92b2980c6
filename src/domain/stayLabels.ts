import { DEFAULT_LABEL, isClosureSale, type BookingKind, type Stay } from './bookings.ts'
import { addDays, nightsBetween, type DateOnly } from './dates.ts'
import { MANUAL_PLATFORM } from './manualStays.ts'
import type { PlatformRule } from './platformRules.ts'
import type { Translate } from './translator.ts'

/**
 * Whether a feed named the guest. The summary rule's "Blocked" default is kept in the data (statistics and
 * conflicts read it), so it is not a name: Airbnb's bare "Reserved" carries it too.
 */
export function namesGuest(guestName: string): boolean {
  const name = guestName.trim()
  return name !== '' && name !== DEFAULT_LABEL
}

/**
 * Who a stay is for, wherever it is shown (calendar, dashboard, notifications, e-mails): the name
 * the feed gives, else "Blocked" for a block and "Unknown guest" for a sale. An unnamed
 * reservation must never read "Blocked", which would make it look like a closed night.
 */
export function guestLabel(t: Translate, stay: { guestName: string; kind: BookingKind }): string {
  if (namesGuest(stay.guestName)) return stay.guestName.trim()
  return stay.kind === 'block' ? t('calendar.blocked') : t('calendar.unknownGuest')
}

/** A stay entered by hand is no platform: its platform reads "Manual" in the reader's language. */
export const isManualPlatform = (platform: string) => platform.trim() === '' || platform === MANUAL_PLATFORM

export const platformLabel = (t: Translate, platform: string) =>
  isManualPlatform(platform) ? t('calendar.manual') : platform.trim()

/** A stay as the words name it; `status` and `rule` are absent where they are not known. */
export type WordedStay = Stay & {
  guestName: string
  kind: BookingKind
  platform: string
  status?: string
  rule?: PlatformRule
}

/** The reader's dates: one day, and days from the first to the last, both included. */
export type DateWords = {
  date: (day: DateOnly) => string
  dateRange: (first: DateOnly, last: DateOnly) => string
}

/**
 * What a stay is called in its details and in what announces it: a platform's rule by the rule
 * ("Airbnb notice period": it has no guest), a Booking.com sale written as a closure as that
 * platform's reservation, any other stay by its guest (`guestLabel`).
 */
export function stayName(t: Translate, stay: Omit<WordedStay, keyof Stay>): string {
  const platform = platformLabel(t, stay.platform)
  if (stay.rule) return t(`calendar.platformRules.${stay.rule}`, { platform })
  if (isClosureSale(stay)) return t('stayWords.closureSale', { platform })
  return guestLabel(t, stay)
}

/**
 * A stay in a sentence: "Lucas Martin, 3 nights from 12 Dec 2026"; a Booking.com sale as the
 * closure its platform wrote, "Booking.com closed 12–14 Dec 2026" (its nights, first to last).
 */
export function stayPhrase(t: Translate, format: DateWords, stay: WordedStay): string {
  if (isClosureSale(stay))
    return t('stayWords.closed', {
      platform: platformLabel(t, stay.platform),
      range: format.dateRange(stay.start, addDays(stay.end, -1)),
    })
  return t('stayWords.stay', {
    name: stayName(t, stay),
    nights: t('stayWords.nights', { count: nightsBetween(stay.start, stay.end) }),
    start: format.date(stay.start),
  })
}

/** A notice's facts, as stored with it: the words are made where it is read, in the reader's language. */
export type NoticeFacts = {
  platformName: string
  propertyName: string
} & (
  | { kind: 'new'; stay: WordedStay; restored?: boolean }
  | { kind: 'changed' | 'cancelled'; stay: WordedStay }
  | { kind: 'conflict'; nights: Stay }
  | { kind: 'unstable' }
)

/**
 * A notice's title, for its line in the panel and its toast when it arrives live: what happened,
 * to which stay, on which platform, at which property — "New booking: Lucas Martin, 3 nights
 * from 12 Dec 2026 · Airbnb · Dunes Villa". A Booking.com sale names its platform once.
 */
export function noticeTitle(t: Translate, format: DateWords, notice: NoticeFacts): string {
  const property = notice.propertyName.trim() || t('calendar.unknownProperty')
  switch (notice.kind) {
    case 'conflict':
      return t('stayWords.titles.conflict', {
        property,
        range: format.dateRange(notice.nights.start, addDays(notice.nights.end, -1)),
      })
    case 'unstable':
      return t('stayWords.titles.unstable', { platform: platformLabel(t, notice.platformName), property })
    default: {
      const { stay } = notice
      const where = [
        ...(isClosureSale(stay) ? [] : [platformLabel(t, stay.platform || notice.platformName)]),
        property,
      ].join(t('app.separator'))
      const what = notice.kind === 'new' && notice.restored ? 'restored' : notice.kind
      return t(`stayWords.titles.${what}`, { stay: stayPhrase(t, format, stay), where })
    }
  }
}
