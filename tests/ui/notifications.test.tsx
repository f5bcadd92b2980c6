import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import type { AppNotification } from '../../src/actors/api.ts'
import { notificationItems } from '../../src/routes/notifications.ts'
import { NotificationList } from '../../src/ui/shell/NotificationList.tsx'
import { NotificationsPanel } from '../../src/ui/shell/NotificationsPanel.tsx'
import { renderWithProviders } from './providers.tsx'

const ical = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Manzil//EN', ...events, 'END:VCALENDAR'].join('\r\n')
const vevent = (uid: string, start: string, end: string, summary?: string) =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTART;VALUE=DATE:${start}`,
    `DTEND;VALUE=DATE:${end}`,
    ...(summary ? [`SUMMARY:${summary}`] : []),
    'END:VEVENT',
  ].join('\r\n')

const aNotification = (id: string, createdAt: string, calendar: string): AppNotification => ({
  id,
  title: null,
  data: { ical: calendar, platformName: 'Airbnb', propertyName: 'Palm Villa' },
  readAt: null,
  createdAt,
})

describe('the notifications panel', () => {
  it('keeps notifications with events, newest first, and logs calendar text that does not parse', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const items = notificationItems([
      aNotification(
        'older',
        '2026-03-01T08:00:00.000Z',
        ical(vevent('a', '20260310', '20260312', 'Reserved')),
      ),
      aNotification('no-events', '2026-03-02T08:00:00.000Z', ical()),
      aNotification('broken', '2026-03-03T08:00:00.000Z', 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT'),
      aNotification('newer', '2026-03-04T08:00:00.000Z', ical(vevent('b', '20260401', '20260403'))),
    ])
    expect(items.map((item) => item.id)).toEqual(['newer', 'older'])
    expect(error).toHaveBeenCalledOnce()
    error.mockRestore()
  })

  it('shows "new booking", the platform, the property and each event with its dates', async () => {
    const items = notificationItems([
      aNotification(
        'n1',
        '2026-03-04T08:00:00.000Z',
        ical(vevent('a', '20260310', '20260312', 'Reserved - Sara'), vevent('b', '20260401', '20260403')),
      ),
    ])
    await renderWithProviders(
      <NotificationsPanel open onClose={() => {}} isEmpty={false}>
        <NotificationList items={items} />
      </NotificationsPanel>,
    )
    const [notification] = screen.getAllByTestId('notification')
    const view = within(notification!)
    for (const text of ['New booking', 'Airbnb', 'Palm Villa', 'Reserved - Sara', 'no title']) {
      expect(view.getByText(text)).toBeTruthy()
    }
    expect(view.getByText('10 Mar 2026 – 12 Mar 2026')).toBeTruthy()
    expect(view.getByText('1 Apr 2026 – 3 Apr 2026')).toBeTruthy()
  })

  it('says "No notifications" when none is left to show', async () => {
    await renderWithProviders(<NotificationsPanel open onClose={() => {}} isEmpty />)
    expect(screen.getByText('No notifications')).toBeTruthy()
  })
})
