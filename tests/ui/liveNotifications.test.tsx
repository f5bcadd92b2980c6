import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import toast, { Toaster } from 'react-hot-toast'
import { api, type AppNotification } from '../../src/actors/api.ts'
import { NOTIFICATION_STREAM_URL } from '../../src/features/notifications/notificationStream.ts'
import type { StreamNotification } from '../../src/machines/notifications/notificationStream.ts'
import { AppShell } from '../../src/frame/AppShell.tsx'
import { useNotificationStream } from '../../src/features/notifications/notifications.ts'
import { aProfile } from '../machines/settingsFixtures.ts'
import { renderRoute } from './render.tsx'

/**
 * A stand-in for the browser's EventSource: the test plays the server's side of the stream, as
 * tests/machines/notificationStream.test.ts does for the machine, but here the real connection
 * actor, the machine, the history cache and the panel all take part.
 */
class FakeEventSource {
  static opened: FakeEventSource[] = []
  onopen: (() => void) | null = null
  onerror: (() => void) | null = null
  closed = false
  private listeners = new Map<string, ((message: MessageEvent<string>) => void)[]>()
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this)
  }
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  close() {
    this.closed = true
  }
  /** The server sends `event: <type>` with `data: <JSON>`. */
  send(type: string, data: unknown) {
    const message = new MessageEvent(type, { data: JSON.stringify(data) })
    for (const listener of this.listeners.get(type) ?? []) listener(message)
  }
}

const now = new Date().toISOString()

const EARLIER: AppNotification = {
  id: 'earlier',
  title: null,
  data: {
    ical: [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:a@manzil',
      'DTSTART;VALUE=DATE:20990301',
      'DTEND;VALUE=DATE:20990304',
      'SUMMARY:Reserved - Lina',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n'),
    platformName: 'Airbnb',
    propertyName: 'Palm Villa',
  },
  readAt: now,
  createdAt: now,
}

/** What the server streams when a sync finds a night sold on two platforms. */
const CONFLICT: StreamNotification = {
  id: 'live-conflict',
  title: 'Double booking at Palm Villa',
  kind: 'conflict',
  ical: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR',
  platformName: 'Booking.com',
  propertyName: 'Palm Villa',
  propertyId: 'property-1',
  conflict: true,
  stay: {
    guestName: 'Blocked',
    start: '2099-12-07',
    end: '2099-12-09',
    platform: 'Booking.com',
    kind: 'booking',
  },
  other: {
    guestName: 'Sarah M',
    start: '2099-12-05',
    end: '2099-12-09',
    platform: 'Airbnb',
    kind: 'booking',
  },
  nights: { start: '2099-12-07', end: '2099-12-09' },
  createdAt: now,
}

/** What the server streams when a sync finds a new sale. */
const NEW_BOOKING: StreamNotification = {
  id: 'live-new',
  title: null,
  kind: 'new',
  ical: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR',
  platformName: 'Airbnb',
  propertyName: 'Dunes Villa',
  propertyId: 'property-1',
  conflict: false,
  stay: {
    id: 'stay-lucas',
    guestName: 'Lucas Martin',
    start: '2099-12-12',
    end: '2099-12-15',
    platform: 'Airbnb',
    kind: 'booking',
    status: 'Confirmed',
  },
  createdAt: now,
}

/** The signed-in frame with the live stream and the toasts, as App.tsx puts them together. */
function SignedInFrame() {
  useNotificationStream()
  return (
    <AppShell profile={aProfile()}>
      <input aria-label="Search the page" />
      <Toaster />
    </AppShell>
  )
}

afterEach(() => {
  toast.remove()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  FakeEventSource.opened = []
})

describe('a live notification', () => {
  it('shows a double booking from the stream at once, first and under its own heading', async () => {
    vi.stubGlobal('EventSource', FakeEventSource)
    const list = vi.spyOn(api.notification, 'list').mockResolvedValue([EARLIER])
    const markRead = vi.spyOn(api.notification, 'markRead').mockResolvedValue(EARLIER)
    await renderRoute(<SignedInFrame />, { path: '/dashboard' })
    const user = userEvent.setup()
    await user.click(screen.getAllByTestId('bell')[0]!)
    // The panel is a chunk of its own: the first opening waits for its code.
    const panel = within(await screen.findByTestId('notifications-panel', {}, { timeout: 5000 }))
    await panel.findByText('New booking: Lina, 3 nights from 1 Mar 2099 · Airbnb · Palm Villa')
    expect(panel.queryByTestId('conflict-nights')).toBeNull()

    const [source] = FakeEventSource.opened
    expect(source!.url).toBe(NOTIFICATION_STREAM_URL)
    act(() => {
      source!.onopen?.()
      source!.send('notification', CONFLICT)
    })

    // react-query tells its observers on the next tick; nothing is fetched in between.
    await panel.findByText(/^Double booking: Palm Villa · 7\s–\s8 Dec 2099$/)
    const [first] = screen.getAllByTestId('notification-group')
    expect(first!.dataset.group).toBe('conflicts')
    const conflict = within(first!)
    expect(conflict.getByText('Double bookings')).toBeTruthy()
    const [item] = conflict.getAllByTestId('notification')
    expect(item!.dataset.kind).toBe('conflict')
    expect(within(item!).getByTestId('conflict-platforms').textContent).toBe(
      'Booked on Booking.com and Airbnb',
    )
    expect(within(item!).getByTestId('conflict-nights').textContent).toBe(
      'Nights sold twice: 7 Dec 2099 – 9 Dec 2099 (2 nights)',
    )
    // Straight from the stream into the history: no second fetch of the list was needed.
    expect(list).toHaveBeenCalledOnce()
    // The panel is open, so the new one is marked read.
    await vi.waitFor(() => expect(markRead.mock.calls.map(([id]) => id)).toEqual(['live-conflict']))
  })

  it('announces a new booking once, politely, in the stay’s words, and opens its stay without taking the focus', async () => {
    vi.stubGlobal('EventSource', FakeEventSource)
    // The history has not loaded yet: what was told is known to the announcer alone.
    vi.spyOn(api.notification, 'list').mockReturnValue(new Promise(() => {}))
    const { currentPath } = await renderRoute(<SignedInFrame />, { path: '/dashboard' })
    const search = screen.getByRole('textbox', { name: 'Search the page' })
    search.focus()
    const [source] = FakeEventSource.opened
    act(() => {
      source!.onopen?.()
      source!.send('notification', NEW_BOOKING)
    })
    const words = 'New booking: Lucas Martin, 3 nights from 12 Dec 2099 · Airbnb · Dunes Villa'
    const told = () => screen.queryAllByRole('status').filter((status) => status.textContent?.includes(words))
    await vi.waitFor(() => expect(told()).toHaveLength(1))
    const [status] = told()
    expect(status!.getAttribute('aria-live')).toBe('polite')
    expect(document.activeElement).toBe(search)

    // Sent again (a reconnection replays it) and drawn again: still told once.
    act(() => source!.send('notification', NEW_BOOKING))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(told()).toHaveLength(1)
    expect(document.activeElement).toBe(search)

    // Its link opens the stay, as the notification in the panel does, and the toast goes.
    const open = within(status!).getByRole('link', { name: 'Open stay' })
    expect(open.getAttribute('href')).toBe('/calendar?stay=stay-lucas')
    await userEvent.setup().click(open)
    expect(currentPath()).toBe('/calendar?stay=stay-lucas')
    await vi.waitFor(
      () => expect(status!.isConnected && status!.textContent?.includes(words)).not.toBe(true),
      {
        timeout: 3000,
      },
    )
    // Once gone, the same notice sent again does not come back.
    act(() => source!.send('notification', NEW_BOOKING))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(told()).toHaveLength(0)
  })

  it('does not announce a notice the history already holds', async () => {
    vi.stubGlobal('EventSource', FakeEventSource)
    // Another notice than the test above's: the page remembers what it told.
    const known = { ...NEW_BOOKING, id: 'live-known' }
    const { id, title: _title, createdAt, ...data } = known
    const stored: AppNotification = { id, title: null, data, readAt: null, createdAt }
    const list = vi.spyOn(api.notification, 'list').mockResolvedValue([stored])
    await renderRoute(<SignedInFrame />, { path: '/dashboard' })
    await vi.waitFor(() => expect(list).toHaveBeenCalled())
    await new Promise((resolve) => setTimeout(resolve, 50))
    const [source] = FakeEventSource.opened
    act(() => source!.send('notification', known))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryAllByTestId('news-toast')).toEqual([])
  })
})
