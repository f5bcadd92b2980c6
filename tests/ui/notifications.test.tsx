import { describe, expect, it, vi } from 'vitest'
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AppNotification, NoticeStay, NotificationData } from '../../src/actors/api.ts'
import type { Language } from '../../src/domain/translator.ts'
import { parseFeed } from '../../src/features/calendar/calendarFeed.ts'
import { notificationItems } from '../../src/features/notifications/noticeItems.ts'
import { notificationGroups } from '../../src/features/notifications/notifications.ts'
import { NotificationList } from '../../src/ui/shell/NotificationList.tsx'
import { NotificationsPanel } from '../../src/ui/shell/NotificationsPanel.tsx'
import { renderWithProviders } from './providers.tsx'

const itemsOf = (history: readonly AppNotification[]) => notificationItems(history, parseFeed)

const ical = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Manzil//EN', ...events, 'END:VCALENDAR'].join('\r\n')
const vevent = (uid: string, start: string, end: string, summary?: string, extra: string[] = []) =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTART;VALUE=DATE:${start}`,
    `DTEND;VALUE=DATE:${end}`,
    ...(summary ? [`SUMMARY:${summary}`] : []),
    ...extra,
    'END:VEVENT',
  ].join('\r\n')

const aStay = (overrides: Partial<NoticeStay> = {}): NoticeStay => ({
  guestName: 'Sara M',
  start: '2026-03-10',
  end: '2026-03-13',
  platform: 'Airbnb',
  kind: 'booking',
  ...overrides,
})

/** A notification as the server stores it; without `kind` it is the older shape, a new booking. */
const aNotification = (
  id: string,
  createdAt: string,
  data: Partial<NotificationData> = {},
  readAt: string | null = null,
): AppNotification => ({
  id,
  title: null,
  data: {
    ical: ical(vevent(`${id}-uid`, '20260310', '20260313', 'Reserved - Sara M')),
    platformName: 'Airbnb',
    propertyName: 'Palm Villa',
    ...data,
  },
  readAt,
  createdAt,
})

const aChange = (id: string, createdAt: string) =>
  aNotification(id, createdAt, {
    kind: 'changed',
    stay: aStay({ start: '2026-03-11', end: '2026-03-14' }),
    previous: { start: '2026-03-10', end: '2026-03-13' },
  })
const aCancellation = (id: string, createdAt: string) =>
  aNotification(id, createdAt, {
    kind: 'cancelled',
    platformName: 'Booking.com',
    stay: aStay({ guestName: 'Omar K', platform: 'Booking.com', start: '2026-04-02', end: '2026-04-05' }),
  })
const aConflict = (id: string, createdAt: string, nights = { start: '2026-03-11', end: '2026-03-13' }) =>
  aNotification(id, createdAt, {
    kind: 'conflict',
    platformName: 'Booking.com',
    conflict: true,
    stay: aStay({ guestName: 'Blocked', platform: 'Booking.com', start: nights.start, end: nights.end }),
    other: aStay({ start: addDaysTo(nights.start, -1), end: nights.end }),
    nights,
  })
const addDaysTo = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

const TODAY = '2026-03-04'

/** One of each kind, over five days; the first conflict's nights are still to come. */
const HISTORY = [
  aNotification('legacy', '2026-03-04T10:00:00.000Z', {}, '2026-03-04T10:05:00.000Z'),
  aNotification('new', '2026-03-04T11:00:00.000Z', {
    kind: 'new',
    ical: ical(vevent('n', '20260320', '20260322', 'Reserved - Lina')),
    stay: aStay({ guestName: 'Lina', start: '2026-03-20', end: '2026-03-22' }),
  }),
  aConflict('conflict', '2026-03-04T12:00:00.000Z'),
  aChange('changed', '2026-03-03T12:00:00.000Z'),
  aCancellation('cancelled', '2026-03-01T12:00:00.000Z'),
  aConflict('past-conflict', '2026-01-10T12:00:00.000Z', { start: '2026-01-15', end: '2026-01-17' }),
]

async function renderPanel(history: AppNotification[], language: Language = 'en') {
  const items = itemsOf(history)
  const rendered = await renderWithProviders(
    <NotificationsPanel open onClose={() => {}} isEmpty={items.length === 0}>
      <NotificationList groups={notificationGroups(items, TODAY)} />
    </NotificationsPanel>,
    { language },
  )
  return rendered
}

const groups = () =>
  screen.getAllByTestId('notification-group').map((group) => ({
    group: group.dataset.group,
    title: within(group).getByTestId('notification-group-title').textContent,
    count: within(group).getByTestId('notification-group-count').querySelector('[aria-hidden]')?.textContent,
    said: within(group).getByTestId('notification-group-count').querySelector('.sr-only')?.textContent,
    kinds: within(group)
      .getAllByTestId('notification')
      .map((element) => element.dataset.kind),
  }))

describe('the notifications panel', () => {
  it('keeps notifications with events, newest first, and logs calendar text that does not parse', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const items = itemsOf([
      aNotification('older', '2026-03-01T08:00:00.000Z', {
        ical: ical(vevent('a', '20260310', '20260312', 'Reserved')),
      }),
      aNotification('no-events', '2026-03-02T08:00:00.000Z', { ical: ical() }),
      aNotification('broken', '2026-03-03T08:00:00.000Z', { ical: 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT' }),
      aNotification('newer', '2026-03-04T08:00:00.000Z', {
        ical: ical(vevent('b', '20260401', '20260403')),
      }),
    ])
    expect(items.map((item) => item.id)).toEqual(['newer', 'older'])
    expect(error).toHaveBeenCalledOnce()
    error.mockRestore()
  })

  it('reads a notification without a kind as a new booking: each event in the stay’s words', async () => {
    await renderPanel([
      aNotification('n1', '2026-03-04T08:00:00.000Z', {
        ical: ical(
          vevent('a', '20260310', '20260312', 'Reserved - Sara'),
          vevent('b', '20260401', '20260403'),
        ),
      }),
    ])
    const [item] = screen.getAllByTestId('notification')
    expect(item!.dataset.kind).toBe('new')
    const view = within(item!)
    expect(view.getByTestId('notification-title').textContent).toBe(
      'New booking: Sara, 2 nights from 10 Mar 2026 · Airbnb · Palm Villa',
    )
    // The feed's own words are not shown: its summary is read, not repeated.
    expect(view.getByText('Unknown guest, 2 nights from 1 Apr 2026')).toBeTruthy()
    expect(item!.textContent).not.toContain('Reserved - Sara')
  })

  it('says that a new booking takes another platform’s preparation time, in both languages', async () => {
    const sale = aNotification('p1', '2026-03-04T08:00:00.000Z', {
      kind: 'new',
      platformName: 'Booking.com',
      ical: ical(vevent('p', '20260313', '20260314', 'CLOSED - Not available')),
      overPreparation: { start: '2026-03-13', end: '2026-03-14', platform: 'Airbnb' },
    })
    await renderPanel([sale])
    expect(screen.getByTestId('over-preparation').textContent).toBe(
      'Takes Airbnb’s preparation time, 13 Mar 2026 – 14 Mar 2026: that turnover has no buffer left',
    )
    cleanup()
    await renderPanel([sale], 'ar')
    expect(screen.getByTestId('over-preparation').textContent).toContain('وقت التجهيز')
  })

  it('says "Dates changed" with the old dates struck out and the new ones', async () => {
    await renderPanel([aChange('c1', '2026-03-04T08:00:00.000Z')])
    const [item] = screen.getAllByTestId('notification')
    const view = within(item!)
    expect(item!.dataset.kind).toBe('changed')
    expect(view.getByTestId('notification-title').textContent).toBe(
      'Dates changed: Sara M, 3 nights from 11 Mar 2026 · Airbnb · Palm Villa',
    )
    expect(view.getByText('Sara M').getAttribute('dir')).toBe('auto')
    const previous = view.getByTestId('previous-dates')
    expect(previous.tagName).toBe('DEL')
    expect(previous.textContent).toBe('10 Mar 2026 – 13 Mar 2026')
    expect(view.getByTestId('current-dates').textContent).toBe('11 Mar 2026 – 14 Mar 2026')
    expect(view.getByText('Was')).toBeTruthy()
    expect(view.getByText('Now')).toBeTruthy()
  })

  it('says "Cancelled" with the guest, the platform and the freed dates', async () => {
    await renderPanel([aCancellation('x1', '2026-03-04T08:00:00.000Z')])
    const [item] = screen.getAllByTestId('notification')
    const view = within(item!)
    expect(item!.dataset.kind).toBe('cancelled')
    expect(view.getByTestId('notification-title').textContent).toBe(
      'Cancelled: Omar K, 3 nights from 2 Apr 2026 · Booking.com · Palm Villa',
    )
    expect(view.getByText('Omar K').getAttribute('dir')).toBe('auto')
    expect(view.getByTestId('cancelled-dates').textContent).toBe('2 Apr 2026 – 5 Apr 2026')
    expect(item!.textContent).not.toContain('New booking')
  })

  it('says "Double booking" in red with both platforms, both stays and the nights sold twice', async () => {
    await renderPanel([aConflict('d1', '2026-03-04T08:00:00.000Z')])
    const [item] = screen.getAllByTestId('notification')
    const view = within(item!)
    expect(item!.dataset.kind).toBe('conflict')
    const title = view.getByTestId('notification-title')
    expect(title.textContent).toBe('Double booking: Palm Villa · 11\u2009–\u200912 Mar 2026')
    expect(title.className).toContain('text-red-700')
    expect(item!.className).toContain('border-red-600')
    expect(view.getByTestId('conflict-platforms').textContent).toBe('Booked on Booking.com and Airbnb')
    expect(view.getByTestId('conflict-nights').textContent).toBe(
      'Nights sold twice: 11 Mar 2026 – 13 Mar 2026 (2 nights)',
    )
    // An older notice did not keep the status that tells Booking.com's sale written as a closure:
    // a sale with an unknown guest, beside Airbnb's guest.
    expect(view.getByText('Unknown guest')).toBeTruthy()
    expect(view.getByText('Sara M').getAttribute('dir')).toBe('auto')
    expect(view.getByText('10 Mar 2026 – 13 Mar 2026')).toBeTruthy()
  })

  it('names a Booking.com sale written as a closure as the closure its export writes, never "Unknown guest"', async () => {
    const sale = aStay({ guestName: 'Blocked', platform: 'Booking.com', status: 'Not available' })
    await renderPanel([
      aNotification('b1', '2026-03-04T08:00:00.000Z', {
        kind: 'new',
        platformName: 'Booking.com',
        stay: sale,
      }),
      aNotification('b2', '2026-03-04T09:00:00.000Z', {
        kind: 'conflict',
        stay: sale,
        other: aStay(),
        nights: { start: '2026-03-10', end: '2026-03-13' },
      }),
    ])
    const [conflict, news] = screen.getAllByTestId('notification')
    expect(within(news!).getByTestId('notification-title').textContent).toMatch(
      /^New booking: Booking\.com closed 10\s–\s12 Mar 2026 · Palm Villa$/,
    )
    expect(within(conflict!).getByText('Booking.com reservation')).toBeTruthy()
    expect(document.body.textContent).not.toMatch(/Unknown guest|Not available|CLOSED/)
  })

  it('says a calendar keeps changing, and that its changes are no longer told one by one', async () => {
    await renderPanel([aNotification('u1', '2026-03-04T08:00:00.000Z', { kind: 'unstable', stay: aStay() })])
    const [item] = screen.getAllByTestId('notification')
    const view = within(item!)
    expect(item!.dataset.kind).toBe('unstable')
    expect(view.getByTestId('notification-title').textContent).toBe(
      'Calendar keeps changing: Airbnb · Palm Villa',
    )
    expect(view.getByTestId('unstable-hint').textContent).toBe(
      'Its changes are no longer announced one by one until it is quiet for a day. Double bookings are still announced.',
    )
  })

  it('says which nights a platform has not imported, which platform stopped importing, and which link none ever did, in both languages', async () => {
    const alarms = [
      aNotification('a1', '2026-03-04T08:00:00.000Z', {
        kind: 'at-risk',
        ical: '',
        platformName: 'Vrbo',
        propertyId: 'p1',
        atRisk: [
          { platformName: 'Vrbo', start: '2026-03-20', end: '2026-03-23', since: '2026-03-04T01:00:00.000Z' },
          {
            platformName: 'Booking.com',
            start: '2026-03-21',
            end: '2026-03-23',
            since: '2026-03-04T01:00:00.000Z',
          },
        ],
      }),
      aNotification('a2', '2026-03-04T08:01:00.000Z', {
        kind: 'silent',
        ical: '',
        platformName: 'Booking.com',
        propertyId: 'p1',
        lastFetchedAt: '2026-03-02T10:00:00.000Z',
      }),
      aNotification('a3', '2026-03-04T08:02:00.000Z', {
        kind: 'never-imported',
        ical: '',
        platformName: 'Airbnb',
        propertyId: 'p1',
      }),
    ]
    const [atRiskItem, silentItem] = itemsOf(alarms).sort((a, b) => a.id.localeCompare(b.id))
    // An alarm carries no calendar text: a portfolio's hundreds are neither parsed nor logged.
    const reader = vi.fn(parseFeed)
    expect(notificationItems(alarms, reader)).toHaveLength(3)
    expect(reader).not.toHaveBeenCalled()
    expect(atRiskItem!.link).toBe('/calendar?month=2026-03&property=p1')
    expect(silentItem!.link).toBe('/calendar?property=p1')
    await renderPanel(alarms)
    const items = screen.getAllByTestId('notification').map((item) => within(item))
    const [never, silent, atRisk] = items
    expect(atRisk!.getByTestId('notification-title').textContent).toMatch(
      /^Not yet blocked elsewhere: Vrbo, Booking.com · 20\s–\s22 Mar 2026 · Palm Villa$/,
    )
    expect(atRisk!.getByTestId('at-risk-nights').textContent).toMatch(
      /^Not yet on Vrbo: .*Not yet on Booking.com: /,
    )
    expect(silent!.getByTestId('notification-title').textContent).toBe(
      'A platform stopped importing: Booking.com · Palm Villa',
    )
    expect(silent!.getByTestId('import-alarm-hint').textContent).toMatch(
      /^Last imported .*Booking.com’s calendar import/,
    )
    expect(never!.getByTestId('notification-title').textContent).toBe(
      'Link never imported: Airbnb · Palm Villa',
    )
    cleanup()
    await renderPanel(alarms, 'ar')
    const [arNever, , arAtRisk] = screen.getAllByTestId('notification').map((item) => within(item))
    expect(arAtRisk!.getByTestId('notification-title').textContent).toMatch(
      /^لم تُغلق بعد في المنصات الأخرى: Vrbo، Booking.com، /,
    )
    expect(arNever!.getByTestId('notification-title').textContent).toBe(
      'رابط لم يُستورد قط: Airbnb، Palm Villa',
    )
  })

  it('reads a double booking from its calendar text when the data does not name the stays', () => {
    const [item] = itemsOf([
      aNotification('d2', '2026-03-04T08:00:00.000Z', {
        kind: 'conflict',
        ical: ical(
          vevent('s1', '20260310', '20260314', 'Reserved - Sara', ['X-MANZIL-PLATFORM:Airbnb']),
          vevent('s2', '20260312', '20260316', 'CLOSED - Not available', [
            'X-MANZIL-PLATFORM:Booking.com',
            'X-MANZIL-KIND:booking',
          ]),
        ),
      }),
    ])
    expect(item).toMatchObject({
      kind: 'conflict',
      stay: { guestName: 'Sara', platform: 'Airbnb', start: '2026-03-10', end: '2026-03-14' },
      other: { platform: 'Booking.com', kind: 'booking', start: '2026-03-12', end: '2026-03-16' },
      nights: { start: '2026-03-12', end: '2026-03-14' },
    })
  })

  it('links every kind to its stays on the calendar: a conflict to both, older notices by their calendar UIDs', () => {
    const links = itemsOf([
      aNotification('n', '2026-03-04T08:00:00.000Z', { kind: 'new', stay: aStay({ id: 'stay-new' }) }),
      aNotification('c', '2026-03-04T08:01:00.000Z', {
        kind: 'changed',
        stay: aStay({ id: 'stay-moved' }),
        previous: { start: '2026-03-09', end: '2026-03-12' },
      }),
      aNotification('x', '2026-03-04T08:02:00.000Z', {
        kind: 'cancelled',
        propertyId: 'p1',
        stay: aStay({ id: 'stay-gone', start: '2026-04-02', end: '2026-04-05' }),
      }),
      aNotification('d', '2026-03-04T08:03:00.000Z', {
        kind: 'conflict',
        stay: aStay({ id: 'stay-a' }),
        other: aStay({ id: 'stay-b', platform: 'Manual' }),
        nights: { start: '2026-03-11', end: '2026-03-13' },
      }),
      aNotification('u', '2026-03-04T08:04:00.000Z', { kind: 'unstable', stay: aStay({ id: 'stay-churn' }) }),
      aNotification('u2', '2026-03-04T08:05:00.000Z', { kind: 'unstable', propertyId: 'p1' }),
      // From before the ids: the UID Manzil's export wrote.
      aNotification('legacy', '2026-03-04T08:06:00.000Z', {
        ical: ical(vevent('0f3c@manzil', '20260310', '20260313', 'Reserved - Sara M')),
      }),
    ]).map((item) => [item.id, item.link])
    expect(links).toEqual([
      ['legacy', '/calendar?stay=0f3c'],
      ['u2', '/calendar?property=p1'],
      ['u', '/calendar?stay=stay-churn'],
      ['d', '/calendar?stay=stay-a&stay=stay-b'],
      ['x', '/calendar?month=2026-04&stay=stay-gone'],
      ['c', '/calendar?stay=stay-moved'],
      ['n', '/calendar?stay=stay-new'],
    ])
  })

  it('makes each notification a link that closes the panel, and words a clash with a manual stay as such', async () => {
    const onOpen = vi.fn()
    const items = itemsOf([
      aNotification('d', '2026-03-04T08:03:00.000Z', {
        kind: 'conflict',
        stay: aStay({ id: 'stay-a' }),
        other: aStay({ id: 'stay-b', platform: 'Manual' }),
        nights: { start: '2026-03-11', end: '2026-03-13' },
      }),
    ])
    await renderWithProviders(<NotificationList groups={notificationGroups(items, TODAY)} onOpen={onOpen} />)
    const link = screen.getByRole('link', { name: /Double booking/ })
    expect(link.getAttribute('href')).toBe('/calendar?stay=stay-a&stay=stay-b')
    expect(screen.getByTestId('conflict-platforms').textContent).toBe('Booked on Airbnb and entered by hand')
    link.focus()
    await userEvent.keyboard('{Enter}')
    expect(onOpen).toHaveBeenCalledOnce()
  })

  it('skips a change that names no stay, and a kind it does not know', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const futureKind = aNotification('future-kind', '2026-03-04T09:00:00.000Z')
    futureKind.data.kind = 'renamed' as NotificationData['kind']
    const items = itemsOf([
      aNotification('empty-change', '2026-03-04T08:00:00.000Z', { kind: 'changed', ical: ical() }),
      futureKind,
      aCancellation('kept', '2026-03-04T07:00:00.000Z'),
    ])
    expect(items.map((item) => item.id)).toEqual(['kept'])
    expect(error).not.toHaveBeenCalled()
    error.mockRestore()
  })

  it('puts double bookings still to come first, then the rest by day, newest first, each with its count', () => {
    const items = itemsOf(HISTORY)
    const grouped = notificationGroups(items, TODAY).map((group) => ({
      heading: group.heading,
      day: group.heading === 'conflicts' ? undefined : group.day,
      ids: group.items.map((item) => item.id),
    }))
    expect(grouped).toEqual([
      { heading: 'conflicts', day: undefined, ids: ['conflict'] },
      { heading: 'today', day: '2026-03-04', ids: ['new', 'legacy'] },
      { heading: 'yesterday', day: '2026-03-03', ids: ['changed'] },
      { heading: 'day', day: '2026-03-01', ids: ['cancelled'] },
      // Its nights are over: nothing to act on, so it is history like the rest.
      { heading: 'day', day: '2026-01-10', ids: ['past-conflict'] },
    ])
  })

  it('keeps a double booking under its heading until its last shared night has passed', () => {
    const items = itemsOf([
      aConflict('d', '2026-03-01T12:00:00.000Z', { start: '2026-03-02', end: '2026-03-05' }),
    ])
    expect(notificationGroups(items, '2026-03-04')[0]?.heading).toBe('conflicts')
    expect(notificationGroups(items, '2026-03-05')[0]?.heading).toBe('day')
  })

  it('shows the groups under their headings with their counts, and unread ones highlighted', async () => {
    await renderPanel(HISTORY)
    expect(groups()).toEqual([
      {
        group: 'conflicts',
        title: 'Double bookings',
        count: '1',
        said: '1 notification',
        kinds: ['conflict'],
      },
      { group: '2026-03-04', title: 'Today', count: '2', said: '2 notifications', kinds: ['new', 'new'] },
      { group: '2026-03-03', title: 'Yesterday', count: '1', said: '1 notification', kinds: ['changed'] },
      { group: '2026-03-01', title: '1 Mar 2026', count: '1', said: '1 notification', kinds: ['cancelled'] },
      { group: '2026-01-10', title: '10 Jan 2026', count: '1', said: '1 notification', kinds: ['conflict'] },
    ])
    expect(screen.getByText('Cancel or move one of the two stays on its platform.')).toBeTruthy()
    const today = within(screen.getAllByTestId('notification-group')[1]!).getAllByTestId('notification')
    const [unread, read] = today
    expect(unread!.dataset.unread).toBe('true')
    expect(unread!.className).toContain('bg-brand-50/60')
    expect(read!.dataset.unread).toBeUndefined()
    expect(read!.className).not.toContain('bg-brand-50')
  })

  it('uses logical utilities only, and wraps rather than cuts text on a phone', async () => {
    await renderPanel(HISTORY)
    const classes = [...screen.getByTestId('notifications-panel').querySelectorAll('[class]')].flatMap(
      (element) => element.getAttribute('class')!.split(/\s+/),
    )
    const physical =
      /^(?:[a-z0-9-]+:)*-?(?:m[lr]|p[lr]|left|right|border-[lr]|rounded-[lr]|text-(?:left|right))(?:-|$)/
    expect(classes.filter((name) => physical.test(name))).toEqual([])
    expect(classes.filter((name) => name === 'truncate' || name.startsWith('line-clamp'))).toEqual([])
  })

  it('says every kind and heading in Arabic, with Arabic figures', async () => {
    await renderPanel(HISTORY, 'ar')
    expect(groups().map(({ title, count, said }) => [title, count, said])).toEqual([
      ['حجوزات مزدوجة', '١', 'إشعار واحد'],
      ['اليوم', '٢', 'إشعاران'],
      ['أمس', '١', 'إشعار واحد'],
      ['٠١\u200f/٠٣\u200f/٢٠٢٦', '١', 'إشعار واحد'],
      ['١٠\u200f/٠١\u200f/٢٠٢٦', '١', 'إشعار واحد'],
    ])
    const items = screen.getAllByTestId('notification')
    expect(items).toHaveLength(6)
    const [conflict, newBooking, legacy, change, cancellation] = items.map((item) => within(item))
    expect(conflict!.getByTestId('notification-title').textContent).toMatch(/^حجز مزدوج: Palm Villa، /)
    expect(conflict!.getByTestId('conflict-platforms').textContent).toBe('محجوز على Booking.com وAirbnb')
    expect(conflict!.getByTestId('conflict-nights').textContent).toBe(
      'ليالٍ بيعت مرتين: ١١\u200f/٠٣\u200f/٢٠٢٦ – ١٣\u200f/٠٣\u200f/٢٠٢٦ (ليلتان)',
    )
    expect(conflict!.getByText('ضيف غير معروف')).toBeTruthy()
    expect(newBooking!.getByTestId('notification-title').textContent).toBe(
      'حجز جديد: Lina، ليلتان من ٢٠\u200f/٠٣\u200f/٢٠٢٦، Airbnb، Palm Villa',
    )
    expect(legacy!.getByTestId('notification-title').textContent).toBe(
      'حجز جديد: Sara M، ٣ ليالٍ من ١٠\u200f/٠٣\u200f/٢٠٢٦، Airbnb، Palm Villa',
    )
    expect(change!.getByTestId('notification-title').textContent).toMatch(/^تغيّرت التواريخ: Sara M، /)
    expect(change!.getByTestId('previous-dates').textContent).toBe(
      '١٠\u200f/٠٣\u200f/٢٠٢٦ – ١٣\u200f/٠٣\u200f/٢٠٢٦',
    )
    expect(change!.getByText('سابقًا')).toBeTruthy()
    expect(cancellation!.getByTestId('notification-title').textContent).toMatch(/^أُلغي الحجز: Omar K، /)
    expect(cancellation!.getByText('Omar K').getAttribute('dir')).toBe('auto')
  })

  it('says "No notifications" when none is left to show', async () => {
    await renderWithProviders(<NotificationsPanel open onClose={() => {}} isEmpty />)
    expect(screen.getByText('No notifications')).toBeTruthy()
  })
})
