import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { api, type AppNotification } from '../../src/actors/api.ts'
import { NOTIFICATION_STREAM_URL } from '../../src/features/notifications/notificationStream.ts'
import type { StreamNotification } from '../../src/machines/notificationStream.ts'
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

/** The signed-in frame with the live stream, as App.tsx puts them together. */
function SignedInFrame() {
  useNotificationStream()
  return (
    <AppShell profile={aProfile()}>
      <p>page</p>
    </AppShell>
  )
}

afterEach(() => {
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
    await panel.findByText('New booking')
    expect(panel.queryByText('Double booking')).toBeNull()

    const [source] = FakeEventSource.opened
    expect(source!.url).toBe(NOTIFICATION_STREAM_URL)
    act(() => {
      source!.onopen?.()
      source!.send('notification', CONFLICT)
    })

    // react-query tells its observers on the next tick; nothing is fetched in between.
    await panel.findByText('Double booking')
    const [first] = screen.getAllByTestId('notification-group')
    expect(first!.dataset.group).toBe('conflicts')
    const conflict = within(first!)
    expect(conflict.getByText('Double bookings')).toBeTruthy()
    const [item] = conflict.getAllByTestId('notification')
    expect(item!.dataset.kind).toBe('conflict')
    expect(within(item!).getByText('Double booking')).toBeTruthy()
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
})
