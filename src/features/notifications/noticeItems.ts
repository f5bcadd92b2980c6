import type { AppNotification } from '../../actors/api.ts'
import { classifySummary, stayIdOfUid } from '../../domain/bookings.ts'
import { NOTICE_KINDS } from '../../domain/noticeKinds.ts'
import { stayLink } from '../../domain/stayLink.ts'
import type { StreamNotification } from '../../machines/notifications/notificationStream.ts'
import type { NotificationItem, NoticeStayView, StayDates } from '../../ui/shell/NotificationList.tsx'
import type { FeedEvent } from '../calendar/calendarFeed.ts'

/*
 * What the notification panel and the live toast say of each notification, apart from the hooks
 * that fetch and stream them (notifications.ts), so that the toast's lazily loaded code reads it
 * without importing the module that loads it.
 */

/** A live notification as the history holds it: every field of its data kept. */
export const fromStream = ({ id, title, createdAt, ...data }: StreamNotification): AppNotification => ({
  id,
  title: title ?? null,
  data,
  readAt: null,
  createdAt,
})

/** The iCalendar reader (src/features/calendar/calendarFeed.ts's `parseFeed`). */
export type ReadFeed = (text: string) => FeedEvent[]

/**
 * Notification calendar text that does not parse is logged and gives no events. An alarm's
 * (a silent or never-imported platform) has none to read: a portfolio's hundreds of them are
 * neither parsed nor logged.
 */
function eventsOf(notification: AppNotification, readFeed: ReadFeed): FeedEvent[] {
  if (!notification.data.ical) return []
  try {
    return readFeed(notification.data.ical)
  } catch (failure) {
    console.error(`Unreadable calendar in notification ${notification.id}`, failure)
    return []
  }
}

/** A stay named by one of the notification's events, for data that lacks its `stay` or `other`. */
const stayOfEvent = (event: FeedEvent, platformName: string): NoticeStayView => {
  const classified = classifySummary(event.summary)
  return {
    guestName: event.guestName ?? classified.guestName,
    start: event.start,
    end: event.end,
    platform: event.platform ?? platformName,
    kind: event.kind ?? classified.kind,
    status: event.status ?? classified.status,
  }
}

/** The nights two stays share: from the later check-in to the earlier check-out. */
const sharedNights = (first: StayDates, second: StayDates): StayDates => ({
  start: first.start > second.start ? first.start : second.start,
  end: first.end < second.end ? first.end : second.end,
})

/**
 * What the panel says of one notification (docs/product.md §2.20): its `kind` (absent on older notifications,
 * which announced new bookings). Each kind names its stay, read from the calendar text when the
 * data does not carry it (an older new booking may name several), and is skipped when neither
 * does. A kind this client does not know is skipped rather than shown as something it is not.
 */
export function toItem(notification: AppNotification, readFeed: ReadFeed): NotificationItem[] {
  const { data } = notification
  const kind = data.kind ?? 'new'
  if (!NOTICE_KINDS.includes(kind)) return []
  // Parsed only when needed: a notification that says it all never reads its calendar text.
  let parsed: FeedEvent[] | null = null
  const events = () => (parsed ??= eventsOf(notification, readFeed))
  const eventStay = (index: number) => {
    const event = events()[index]
    return event && stayOfEvent(event, data.platformName)
  }
  // The stays it names, by the ids the data carries, else (older notices) their calendar UIDs.
  const stayIds = [data.stay, data.other].flatMap((stay, index) => {
    if (index === 1 && kind !== 'conflict') return []
    const event = stay?.id === undefined ? events()[index] : undefined
    return stay?.id ?? (event ? (stayIdOfUid(event.uid) ?? []) : [])
  })
  const common = {
    id: notification.id,
    platformName: data.platformName,
    propertyName: data.propertyName,
    createdAt: notification.createdAt,
    unread: notification.readAt === null,
    // Each opens its stays on the calendar; a cancelled stay, gone from it, where it was.
    link: stayLink(stayIds, {
      month:
        kind === 'cancelled'
          ? data.stay?.start.slice(0, 7)
          : kind === 'at-risk'
            ? data.atRisk?.[0]?.start.slice(0, 7)
            : undefined,
      property: stayIds.length === 0 ? data.propertyId : undefined,
    }),
  }
  switch (kind) {
    case 'new': {
      const [stay, ...more] = data.stay
        ? [data.stay]
        : events().map((event) => stayOfEvent(event, data.platformName))
      if (!stay) return []
      return [
        {
          ...common,
          kind,
          stay,
          more,
          restored: data.restored ?? false,
          overPreparation: data.overPreparation ?? null,
        },
      ]
    }
    case 'changed': {
      const stay = data.stay ?? eventStay(0)
      return stay ? [{ ...common, kind, stay, previous: data.previous ?? null }] : []
    }
    case 'cancelled': {
      const stay = data.stay ?? eventStay(0)
      return stay ? [{ ...common, kind, stay }] : []
    }
    case 'conflict': {
      const stay = data.stay ?? eventStay(0)
      const other = data.other ?? eventStay(1)
      if (!stay || !other) return []
      return [{ ...common, kind, stay, other, nights: data.nights ?? sharedNights(stay, other) }]
    }
    case 'unstable':
    case 'silent':
    case 'never-imported':
      return [{ ...common, kind, lastFetchedAt: data.lastFetchedAt ?? null }]
    case 'at-risk':
      return data.atRisk && data.atRisk.length > 0 ? [{ ...common, kind, atRisk: data.atRisk }] : []
  }
}

const newestFirst = (a: AppNotification, b: AppNotification) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0

/** The list is kept newest first; only notifications with something to say are shown. */
export const notificationItems = (history: readonly AppNotification[], readFeed: ReadFeed) =>
  [...history].sort(newestFirst).flatMap((notification) => toItem(notification, readFeed))
