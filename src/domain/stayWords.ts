import { CLOSURE_SALE_STATUS, DEFAULT_LABEL, type BookingKind, type Stay } from './bookings.ts'
import { addDays, nightsBetween, type DateOnly } from './dates.ts'
import { MANUAL_PLATFORM } from './manualStays.ts'
import type { PlatformRule } from './platformRules.ts'
import { guestLabel } from './stayLabels.ts'
import type { Translate } from './translator.ts'

/**
 * A stay in words, the same wherever it is named: its details' title, its notices in the panel
 * and their toasts, its mail. A module of its own, so that the signed-in frame (which names
 * guests in its search) loads none of it until a stay or a notice is shown.
 */

/**
 * Whether a stay is a Booking.com sale as its export writes it ("CLOSED - Not available"), as
 * Booking.com's adapter reads it: a booking with the closure's status and no guest. Its status must
 * not be shown beside the booking it is ("Not available" on a sale), nor its guest as someone
 * unknown.
 * A stay whose status is not known (a notice from before it was kept) is not one.
 */
export const isClosureSale = (stay: { kind: BookingKind; guestName: string; status?: string }): boolean =>
  stay.kind === 'booking' && stay.status === CLOSURE_SALE_STATUS && stay.guestName === DEFAULT_LABEL

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

/** The reader's dates: one day, and days from the first to the last, both included. */
export type DateWords = {
  date: (day: DateOnly) => string
  dateRange: (first: DateOnly, last: DateOnly) => string
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
    nights: t('notifications.nights', { count: nightsBetween(stay.start, stay.end) }),
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
  | { kind: 'silent' }
  | { kind: 'never-imported' }
  | { kind: 'at-risk'; atRisk: readonly AtRiskNights[] }
)

/** Nights an `at-risk` alarm names, and the platform that has not imported them. */
export type AtRiskNights = Stay & { platformName: string }

const WHAT: Record<NoticeFacts['kind'] | 'restored', string> = {
  new: 'notifications.newBooking',
  restored: 'notifications.restored',
  changed: 'notifications.datesChanged',
  cancelled: 'notifications.cancelled',
  conflict: 'notifications.doubleBooking',
  unstable: 'notifications.unstable',
  'at-risk': 'notifications.atRisk',
  silent: 'notifications.silent',
  'never-imported': 'notifications.neverImported',
}

/** The words of what a notice tells happened ("New booking", "Double booking"): a locale key. */
export const noticeWhat = (kind: NoticeFacts['kind'], restored?: boolean): string =>
  WHAT[kind === 'new' && restored ? 'restored' : kind]

/**
 * A notice's title, for its line in the panel and its toast when it arrives live: what happened,
 * to which stay, on which platform, at which property — "New booking: Lucas Martin, 3 nights
 * from 12 Dec 2026 · Airbnb · Dunes Villa". A Booking.com sale names its platform once.
 */
export function noticeTitle(t: Translate, format: DateWords, notice: NoticeFacts): string {
  const property = notice.propertyName.trim() || t('calendar.unknownProperty')
  const details =
    notice.kind === 'conflict'
      ? [property, format.dateRange(notice.nights.start, addDays(notice.nights.end, -1))]
      : notice.kind === 'at-risk'
        ? atRiskDetails(t, format, notice.atRisk, property)
        : notice.kind === 'unstable' || notice.kind === 'silent' || notice.kind === 'never-imported'
          ? [platformLabel(t, notice.platformName), property]
          : [
              stayPhrase(t, format, notice.stay),
              ...(isClosureSale(notice.stay)
                ? []
                : [platformLabel(t, notice.stay.platform || notice.platformName)]),
              property,
            ]
  const what = noticeWhat(notice.kind, notice.kind === 'new' && notice.restored)
  return t('stayWords.title', { what: t(what), details: details.join(t('app.separator')) })
}

/**
 * An `at-risk` alarm's details: the platforms that have not imported, the nights from the first
 * to the last, and the property — "Booking.com, Vrbo · 12–15 Dec 2026 · Dunes Villa".
 */
function atRiskDetails(t: Translate, format: DateWords, runs: readonly AtRiskNights[], property: string) {
  const platforms = [...new Set(runs.map((run) => platformLabel(t, run.platformName)))]
  const first = runs.reduce((earliest, run) => (run.start < earliest ? run.start : earliest), runs[0]!.start)
  const last = runs.reduce((latest, run) => (run.end > latest ? run.end : latest), runs[0]!.end)
  return [platforms.join(t('app.listSeparator')), format.dateRange(first, addDays(last, -1)), property]
}
