import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useActorRef } from '@xstate/react'
import { api, type AppNotification, type NoticeKind } from '../../actors/api.ts'
import type { FeedEvent } from '../calendar/calendarFeed.ts'
import { eventSourceConnection } from './notificationStream.ts'
import { classifySummary, stayIdOfUid } from '../../domain/bookings.ts'
import { addDays, localToday, type DateOnly } from '../../domain/dates.ts'
import { stayLink } from '../../domain/stayLink.ts'
import { useI18n } from '../../i18n.tsx'
import { notificationStreamMachine, type StreamNotification } from '../../machines/notificationStream.ts'
import type {
  NotificationGroup,
  NotificationItem,
  NoticeStayView,
  StayDates,
} from '../../ui/shell/NotificationList.tsx'
import { BOOKINGS_KEY } from '../bookings/bookingKeys.ts'
import { DASHBOARD_STATISTICS_KEY } from '../statistics/statisticsKeys.ts'

export const NOTIFICATIONS_KEY = ['notifications'] as const

/** A live notification as the history holds it: every field of its data kept. */
export const fromStream = ({ id, title, createdAt, ...data }: StreamNotification): AppNotification => ({
  id,
  title: title ?? null,
  data,
  readAt: null,
  createdAt,
})

/**
 * A live notification joins the history (newest first); the calendars and the figures reload.
 * Whether the history already held it (a notice sent again).
 */
function deliver(queryClient: QueryClient, notification: StreamNotification): boolean {
  const history = queryClient.getQueryData<AppNotification[]>(NOTIFICATIONS_KEY)
  const known = history?.some((each) => each.id === notification.id) ?? false
  if (history) {
    queryClient.setQueryData<AppNotification[]>(NOTIFICATIONS_KEY, [
      fromStream(notification),
      ...history.filter((known) => known.id !== notification.id),
    ])
  } else {
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY })
  }
  void queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY })
  void queryClient.invalidateQueries({ queryKey: DASHBOARD_STATISTICS_KEY })
  return known
}

/**
 * Tells live news in a toast (src/features/news/announceNews.tsx, loaded with the first), in
 * the reader's words as they are when it comes: the stream's machine keeps its first actions.
 */
function useNewsAnnouncer() {
  const i18n = useI18n()
  const reader = useRef(i18n)
  useEffect(() => {
    reader.current = i18n
  })
  return useCallback((notification: StreamNotification) => {
    import('../news/announceNews.tsx')
      .then(({ announceNews }) => announceNews(reader.current, notification))
      .catch((failure: unknown) => console.error('The news toast did not load', failure))
  }, [])
}

/** The stream, open for as long as the component that calls this is mounted. */
export function useNotificationStream() {
  const queryClient = useQueryClient()
  const announce = useNewsAnnouncer()
  useActorRef(
    notificationStreamMachine({
      actors: { connect: eventSourceConnection },
      actions: {
        deliver: (_, notification) => {
          if (!deliver(queryClient, notification)) announce(notification)
        },
      },
    }),
  )
}

/** The iCalendar reader (src/features/calendar/calendarFeed.ts's `parseFeed`). */
export type ReadFeed = (text: string) => FeedEvent[]

/** Notification calendar text that does not parse is logged and gives no events. */
function eventsOf(notification: AppNotification, readFeed: ReadFeed): FeedEvent[] {
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

const KINDS: readonly NoticeKind[] = ['new', 'changed', 'cancelled', 'conflict', 'unstable']

/**
 * What the panel says of one notification (docs/product.md §2.20): its `kind` (absent on older notifications,
 * which announced new bookings). Each kind names its stay, read from the calendar text when the
 * data does not carry it (an older new booking may name several), and is skipped when neither
 * does. A kind this client does not know is skipped rather than shown as something it is not.
 */
export function toItem(notification: AppNotification, readFeed: ReadFeed): NotificationItem[] {
  const { data } = notification
  const kind = data.kind ?? 'new'
  if (!KINDS.includes(kind)) return []
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
      month: kind === 'cancelled' ? data.stay?.start.slice(0, 7) : undefined,
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
      return [{ ...common, kind }]
  }
}

const newestFirst = (a: AppNotification, b: AppNotification) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0

/** The list is kept newest first; only notifications with something to say are shown. */
export const notificationItems = (history: readonly AppNotification[], readFeed: ReadFeed) =>
  [...history].sort(newestFirst).flatMap((notification) => toItem(notification, readFeed))

/**
 * The iCalendar reader, loaded after the frame's first paint rather than with it; null
 * until then, and if it cannot load (the failure is logged).
 */
function useFeedReader(): ReadFeed | null {
  const [readFeed, setReadFeed] = useState<ReadFeed | null>(null)
  useEffect(() => {
    let mounted = true
    import('../calendar/calendarFeed.ts')
      .then((module) => mounted && setReadFeed(() => module.parseFeed))
      .catch((failure: unknown) => console.error('The calendar reader did not load', failure))
    return () => {
      mounted = false
    }
  }, [])
  return readFeed
}

/** The reader's own calendar day of a moment. */
const dayOf = (iso: string): DateOnly => localToday(new Date(iso))

/**
 * docs/decisions.md, "Notification panel": double bookings whose shared nights are not
 * all past come first under their own heading (the host must act on them); everything else,
 * past double bookings included, follows by the reader's day it arrived: today, yesterday, then
 * each earlier date, newest first. `items` are newest first already.
 */
export function notificationGroups(items: readonly NotificationItem[], today: DateOnly): NotificationGroup[] {
  const needsAction = (item: NotificationItem) => item.kind === 'conflict' && item.nights.end > today
  const pinned = items.filter(needsAction)
  const groups: NotificationGroup[] = pinned.length ? [{ heading: 'conflicts', items: pinned }] : []
  const yesterday = addDays(today, -1)
  const byDay = new Map<DateOnly, NotificationItem[]>()
  for (const item of items) {
    if (needsAction(item)) continue
    const day = dayOf(item.createdAt)
    const list = byDay.get(day)
    if (list) list.push(item)
    else byDay.set(day, [item])
  }
  const days = [...byDay.keys()].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))
  for (const day of days) {
    const heading = day === today ? 'today' : day === yesterday ? 'yesterday' : 'day'
    groups.push({ heading, day, items: byDay.get(day)! })
  }
  return groups
}

/** The history shown in the panel; what is unread becomes read while the panel is open. */
export function useNotifications(panelOpen: boolean) {
  const queryClient = useQueryClient()
  const history = useQuery({ queryKey: NOTIFICATIONS_KEY, queryFn: api.notification.list })
  const readFeed = useFeedReader()
  // Until the reader is there, nothing is shown rather than items it would have skipped.
  const items = useMemo(
    () => (readFeed ? notificationItems(history.data ?? [], readFeed) : []),
    [history.data, readFeed],
  )
  const today = localToday()
  const groups = useMemo(() => notificationGroups(items, today), [items, today])
  const unreadIds = items.filter((item) => item.unread).map((item) => item.id)
  const markRead = useMutation({
    mutationFn: (ids: string[]) => Promise.all(ids.map(api.notification.markRead)),
    onMutate: (ids) => {
      const readAt = new Date().toISOString()
      queryClient.setQueryData<AppNotification[]>(NOTIFICATIONS_KEY, (current) =>
        current?.map((notification) =>
          ids.includes(notification.id) ? { ...notification, readAt } : notification,
        ),
      )
    },
    onError: (failure) => {
      console.error('Marking notifications read failed', failure)
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY })
    },
  })
  const unreadKey = unreadIds.join(',')
  const { mutate } = markRead
  useEffect(() => {
    if (panelOpen && unreadKey) mutate(unreadKey.split(','))
  }, [panelOpen, unreadKey, mutate])
  return { items, groups, unreadCount: unreadIds.length }
}
