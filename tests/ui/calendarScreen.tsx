import { screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { Toaster } from 'react-hot-toast'
import { vi } from 'vitest'
import { api } from '../../src/actors/api.ts'
import { addMonths, localToday, type DateOnly } from '../../src/domain/dates.ts'
import { todayIn } from '../../src/domain/timeZones.ts'
import CalendarRoute from '../../src/routes/calendar/CalendarRoute.tsx'
import type { ManualStayImplementations } from '../../src/features/calendar/ManualStayFlow.tsx'
import { formattersFor } from '../../src/ui/common/format.ts'
import type { Language } from '../../src/domain/translator.ts'
import { aProperty } from './propertyBuilders.ts'
import { renderRoute } from './render.tsx'
import { textOrder } from '../../src/domain/textOrder.ts'

export const VILLA = aProperty({ id: 'property-1', name: 'Palm Villa' })
export const LOFT = aProperty({ id: 'property-2', name: 'Corniche Loft' })

/** One stay of Manzil's private export feed (server/calendar/ics.ts): the X-MANZIL-* fields included. */
export type ExportedStay = {
  stayId: string
  start: DateOnly
  end: DateOnly
  summary: string
  platform: string
  status: string
  guest?: string
  kind: 'booking' | 'block'
  note?: string
  echo?: boolean
  conflict?: boolean
  /** X-MANZIL-PRICE: the nightly price it earns. */
  price?: number
  /** X-MANZIL-PROPERTY, in the feed of all of a host's properties. */
  propertyId?: string
}

const compact = (date: DateOnly) => date.replaceAll('-', '')
const escapeText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n')

/** A private export feed as the server writes it for the calendar screen. */
export function exportFeed(stays: ExportedStay[]): string {
  const events = stays.flatMap((stay) => [
    'BEGIN:VEVENT',
    `UID:${stay.stayId}@manzil`,
    'DTSTAMP:20261120T081512Z',
    `DTSTART;VALUE=DATE:${compact(stay.start)}`,
    `DTEND;VALUE=DATE:${compact(stay.end)}`,
    `SUMMARY:${escapeText(stay.summary)}`,
    `X-MANZIL-PLATFORM:${escapeText(stay.platform)}`,
    `X-MANZIL-STATUS:${escapeText(stay.status)}`,
    `X-MANZIL-GUEST:${escapeText(stay.guest ?? '')}`,
    `X-MANZIL-KIND:${stay.kind}`,
    ...(stay.note ? [`DESCRIPTION:${escapeText(stay.note)}`] : []),
    ...(stay.echo ? ['X-MANZIL-ECHO:TRUE'] : []),
    ...(stay.conflict ? ['X-MANZIL-CONFLICT:TRUE'] : []),
    ...(stay.price !== undefined ? [`X-MANZIL-PRICE:${stay.price}`] : []),
    ...(stay.propertyId ? [`X-MANZIL-PROPERTY:${stay.propertyId}`] : []),
    'END:VEVENT',
  ])
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Manzil//Booking calendar//EN',
    ...events,
    'END:VCALENDAR',
    '',
  ].join('\r\n')
}

type ZonedRef = { id: string; timeZone: string }

/**
 * The server's answer to one of the calendar screens' stay reads (server/calendar/feeds.ts), over
 * `stays` (each naming its property) of `properties`: the feed's window (`from`, `to`), the stays
 * a link names (`stay`), or a stay list's page (`list`, filters) with its total, each stay current or upcoming by today in its
 * property's zone. One page holds every stay of a list here.
 */
export function stayAnswer(path: string, stays: ExportedStay[], properties: readonly ZonedRef[]): Response {
  const query = new URL(path, 'http://manzil.test').searchParams
  const list = query.get('list')
  const from = query.get('from') ?? ''
  const to = query.get('to')
  const ids = query.get('stay')?.split(',')
  const shown = stays.filter((stay) => {
    if (ids !== undefined) return ids.includes(stay.stayId)
    if ((query.get('property') ?? stay.propertyId) !== stay.propertyId) return false
    if (list === null) return stay.end > from && (to === null || stay.start < to)
    const zone = properties.find((property) => property.id === stay.propertyId)?.timeZone
    const today = zone ? todayIn(zone) : localToday()
    return (
      (query.get('platform') ?? stay.platform) === stay.platform &&
      (list === 'current' ? stay.start <= today && stay.end > today : stay.start > today)
    )
  })
  const ordered = list === null ? shown : [...shown].sort((a, b) => textOrder(a.start, b.start))
  return new Response(exportFeed(ordered), {
    headers: {
      'content-type': 'text/calendar',
      ...(list === null ? {} : { 'x-total-count': String(ordered.length) }),
    },
  })
}

/**
 * `stays` of `properties`, served as the server serves the feed of all of the host's properties
 * and its stay lists; the returned list records every address fetched.
 */
export function serveStays(stays: ExportedStay[], properties: readonly ZonedRef[]) {
  const fetched: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      fetched.push(path)
      return stayAnswer(path, stays, properties)
    }),
  )
  return fetched
}

/** Two properties whose stays are `feeds[propertyId]`, served as `serveStays` does. */
export function serveCalendars(feeds: Record<string, ExportedStay[]>) {
  vi.spyOn(api.property, 'list').mockResolvedValue([VILLA, LOFT])
  return serveStays(
    Object.entries(feeds).flatMap(([propertyId, ofProperty]) =>
      ofProperty.map((stay) => ({ ...stay, propertyId })),
    ),
    [VILLA, LOFT],
  )
}

/** /calendar with its toasts, once every feed has loaded. */
export async function renderCalendar({
  manualStay,
  language = 'en',
}: { manualStay?: ManualStayImplementations; language?: Language } = {}) {
  const rendered = await renderRoute(
    <>
      <CalendarRoute manualStay={manualStay} />
      <Toaster />
    </>,
    { path: '/calendar', language },
  )
  await screen.findByRole('option', { name: LOFT.name })
  await vi.waitFor(() => {
    if (document.querySelector('.animate-spin')) throw new Error('the calendar is still loading')
  })
  return rendered
}

const grid = () => screen.getByTestId('calendar-grid')
const english = formattersFor('en')

/** The calendar grid moved to `day`'s month (it opens on today's), then that day clicked. */
export async function openDay(user: UserEvent, day: DateOnly) {
  let month = localToday().slice(0, 7)
  const target = day.slice(0, 7)
  while (month !== target) {
    const forward = month < target
    await user.click(within(grid()).getByRole('button', { name: forward ? 'Next month' : 'Previous month' }))
    month = addMonths(month, forward ? 1 : -1)
  }
  // The day's own button, not one of its stays' bars.
  await user.click(grid().querySelector<HTMLElement>(`[data-day="${day}"] [data-item="day:${day}"]`)!)
  return screen.findByTestId('bookings-modal')
}

/** "Check-in: 10/03/2026" → 2026-03-10. */
function pickerValue(button: HTMLElement): DateOnly {
  const [, day, month, year] =
    /(\d{2})\/(\d{2})\/(\d{4})$/.exec(button.getAttribute('aria-label') ?? '') ?? []
  return `${year}-${month}-${day}`
}

/** Picks `date` in the date picker `testId`, moving its month grid there as a person would. */
export async function pickDate(user: UserEvent, testId: string, date: DateOnly) {
  const standIn = within(screen.getByTestId(testId)).getByRole('button')
  let month = pickerValue(standIn).slice(0, 7)
  if (pickerValue(standIn) === date) return
  // The picker's code comes when its button is pointed at, then its own button (Headless
  // UI's, with an id) takes the stand-in's place: on a busy machine a click can land on the
  // stand-in as it is taken away, and nothing opens. So the click waits for the picker.
  await user.hover(standIn)
  const button = await vi.waitFor(
    () => {
      const current = within(screen.getByTestId(testId)).getByRole('button')
      if (!current.id) throw new Error('the date picker is still loading')
      return current
    },
    { timeout: 5000 },
  )
  await user.click(button)
  const panel = await screen.findByTestId(`${testId}-panel`)
  const target = date.slice(0, 7)
  while (month !== target) {
    const forward = month < target
    await user.click(within(panel).getByRole('button', { name: forward ? 'Next month' : 'Previous month' }))
    month = addMonths(month, forward ? 1 : -1)
  }
  await user.click(within(panel).getByRole('gridcell', { name: english.fullDate(date) }))
}

/** The dates of the stay form, in an order the check-out picker allows (never before check-in + 1). */
export async function pickStayDates(user: UserEvent, dates: { start: DateOnly; end: DateOnly }) {
  const currentStart = pickerValue(within(screen.getByTestId('stay-start')).getByRole('button'))
  if (dates.end > currentStart) {
    await pickDate(user, 'stay-end', dates.end)
    await pickDate(user, 'stay-start', dates.start)
  } else {
    await pickDate(user, 'stay-start', dates.start)
    await pickDate(user, 'stay-end', dates.end)
  }
}

export const shownDate = (date: DateOnly) => english.numericDate(date)
