import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useActorRef } from '@xstate/react'
import { api, type AppNotification } from '../../actors/api.ts'
import { eventSourceConnection } from './notificationStream.ts'
import { fromStream, notificationItems, type ReadFeed } from './noticeItems.ts'
import { addDays, localToday, type DateOnly } from '../../domain/dates.ts'
import { useI18n } from '../../i18n.tsx'
import {
  notificationStreamMachine,
  type StreamNotification,
} from '../../machines/notifications/notificationStream.ts'
import type { NotificationGroup, NotificationItem } from '../../ui/shell/NotificationList.tsx'
import { BOOKINGS_KEY } from '../bookings/bookingsKey.ts'
import { DASHBOARD_STATISTICS_KEY } from '../statistics/statisticsKeys.ts'

export const NOTIFICATIONS_KEY = ['notifications'] as const

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
