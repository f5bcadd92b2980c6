import { useEffect, useMemo } from 'react'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useActorRef } from '@xstate/react'
import { api, type AppNotification } from '../actors/api.ts'
import { parseFeed } from '../actors/calendarFeed.ts'
import { eventSourceConnection } from '../actors/notificationStream.ts'
import { notificationStreamMachine, type StreamNotification } from '../machines/notificationStream.ts'
import type { NotificationItem } from '../ui/shell/NotificationList.tsx'
import { BOOKINGS_KEY } from './bookingKeys.ts'

export const NOTIFICATIONS_KEY = ['notifications'] as const

const fromStream = (notification: StreamNotification): AppNotification => ({
  id: notification.id,
  title: notification.title ?? null,
  data: {
    ical: notification.ical,
    platformName: notification.platformName,
    propertyName: notification.propertyName,
  },
  readAt: null,
  createdAt: notification.createdAt,
})

/** A live notification joins the history (newest first) and the calendars reload. */
function deliver(queryClient: QueryClient, notification: StreamNotification) {
  const history = queryClient.getQueryData<AppNotification[]>(NOTIFICATIONS_KEY)
  if (history) {
    queryClient.setQueryData<AppNotification[]>(NOTIFICATIONS_KEY, [
      fromStream(notification),
      ...history.filter((known) => known.id !== notification.id),
    ])
  } else {
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY })
  }
  void queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY })
}

/** The stream, open for as long as the component that calls this is mounted. */
export function useNotificationStream() {
  const queryClient = useQueryClient()
  useActorRef(
    notificationStreamMachine.provide({
      actors: { connect: eventSourceConnection },
      actions: { deliver: (_, notification) => deliver(queryClient, notification) },
    }),
  )
}

/** SPEC 8: notification calendar text that does not parse is logged and gives no events. */
function toItem(notification: AppNotification): NotificationItem[] {
  let events: ReturnType<typeof parseFeed> = []
  try {
    events = parseFeed(notification.data.ical)
  } catch (failure) {
    console.error(`Unreadable calendar in notification ${notification.id}`, failure)
  }
  // SPEC 2: notifications without events are skipped.
  if (events.length === 0) return []
  return [
    {
      id: notification.id,
      platformName: notification.data.platformName,
      propertyName: notification.data.propertyName,
      createdAt: notification.createdAt,
      unread: notification.readAt === null,
      events: events.map(({ uid, summary, start, end }) => ({ uid, summary, start, end })),
    },
  ]
}

const newestFirst = (a: AppNotification, b: AppNotification) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0

/** SPEC 3: the list is kept newest first; only notifications with events are shown. */
export const notificationItems = (history: readonly AppNotification[]) =>
  [...history].sort(newestFirst).flatMap(toItem)

/** The history shown in the panel; what is unread becomes read while the panel is open. */
export function useNotifications(panelOpen: boolean) {
  const queryClient = useQueryClient()
  const history = useQuery({ queryKey: NOTIFICATIONS_KEY, queryFn: api.notification.list })
  const items = useMemo(() => notificationItems(history.data ?? []), [history.data])
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
  return { items, unreadCount: unreadIds.length }
}
