import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import type { Booking } from '../../src/domain/bookings.ts'
import { addDays, type DateOnly } from '../../src/domain/dates.ts'
import { BookingsModal } from '../../src/ui/calendar/BookingsModal.tsx'
import { bookingsOn } from '../../src/ui/calendar/month/calendarDays.ts'
import { CalendarGrid } from '../../src/ui/calendar/CalendarGrid.tsx'
import { MonthCalendar } from '../../src/ui/calendar/month/MonthCalendar.tsx'
import { StayListCard } from '../../src/ui/calendar/month/StayListCard.tsx'
import { aBooking, aManualStay } from './builders.ts'
import { renderWithProviders } from './providers.tsx'

const BOOKINGS = [
  aBooking({}),
  aBooking({ uid: 'uid-2', guestName: 'Omar', platform: 'Booking.com', color: '#10B785', conflict: true }),
  aBooking({ uid: 'uid-3', guestName: 'Lina', start: '2026-03-09', end: '2026-03-11', color: '#648DE5' }),
  aBooking({
    uid: 'uid-4',
    propertyName: '',
    guestName: '',
    status: '',
    platform: '',
    color: '#FCE48C',
    start: '2026-03-20',
    end: '2026-03-21',
  }),
]

/** The grid and the modal wired as /calendar wires them. */
function CalendarWithModal({
  bookings,
  onStayClick,
}: {
  bookings: Booking[]
  onStayClick?: (booking: Booking) => void
}) {
  const [day, setDay] = useState<DateOnly | null>(null)
  return (
    <>
      <CalendarGrid
        month="2026-03"
        today="2026-03-05"
        bookings={bookings}
        onPrevious={() => {}}
        onNext={() => {}}
        onDayClick={setDay}
        onStayClick={onStayClick}
      />
      <BookingsModal day={day} bookings={day ? bookingsOn(bookings, day) : []} onClose={() => setDay(null)} />
    </>
  )
}

const cell = (day: string) =>
  document.querySelector<HTMLElement>(`[data-testid="calendar-grid"] [data-day="${day}"]`)!
/** A day's own button, beside its bars. */
const dayButton = (day: string) => cell(day).querySelector<HTMLElement>('[data-item^="day:"]')!

/** The bars that cover `day`: each starts in its first day's cell and spans `data-span` days. */
const barsOn = (day: DateOnly) =>
  [
    ...document.querySelectorAll<HTMLElement>('[data-testid="calendar-grid"] [data-testid="event-bar"]'),
  ].filter((bar) => {
    const first = bar.closest<HTMLElement>('[data-day]')!.dataset.day!
    return first <= day && day < addDays(first, Number(bar.dataset.span))
  })
/** What a bar writes: its title, after its marks. */
const titleOf = (bar: HTMLElement) => bar.querySelector('[dir="auto"]')?.textContent
const texts = (bars: HTMLElement[]) => bars.map(titleOf)

describe('the calendar grid', () => {
  it('lays out March 2026 from Sunday with SUN to SAT headers', async () => {
    await renderWithProviders(<CalendarWithModal bookings={BOOKINGS} />)
    const grid = screen.getByTestId('calendar-grid')
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'])
    expect(screen.getByTestId('month-title').textContent).toBe('March 2026')
    expect(within(grid).getAllByRole('gridcell')[0]!.dataset.day).toBe('2026-03-01')
    expect(cell('2026-03-05').getAttribute('aria-current')).toBe('date')
  })

  it('draws a stay as one bar from its first to its last night, the check-out day left free', async () => {
    await renderWithProviders(<CalendarWithModal bookings={[BOOKINGS[0]!]} />)
    const [bar, ...others] = barsOn('2026-03-10')
    expect(others).toHaveLength(0)
    expect(titleOf(bar!)).toBe('Sara Ali')
    expect(bar!.dataset.span).toBe('2')
    expect(within(cell('2026-03-10')).getByTestId('event-bar')).toBe(bar)
    expect(barsOn('2026-03-11')).toEqual([bar])
    expect(barsOn('2026-03-12')).toHaveLength(0)
    expect(bar!.getAttribute('title')).toBe(
      'Sara Ali · 2 nights · Palm Villa · Airbnb · 10 Mar 2026 – 12 Mar 2026',
    )
    expect(bar!.className).not.toMatch(/rounded-[se]-none/)
  })

  it('goes on in the next week row with a square edge where a stay crosses the week', async () => {
    await renderWithProviders(
      <CalendarWithModal bookings={[aBooking({ start: '2026-03-12', end: '2026-03-17' })]} />,
    )
    const [thisWeek, nextWeek] = screen.getAllByTestId('event-bar')
    expect([thisWeek!.closest<HTMLElement>('[data-day]')!.dataset.day, thisWeek!.dataset.span]).toEqual([
      '2026-03-12',
      '3',
    ])
    expect([nextWeek!.closest<HTMLElement>('[data-day]')!.dataset.day, nextWeek!.dataset.span]).toEqual([
      '2026-03-15',
      '2',
    ])
    expect(thisWeek!.className).toContain('rounded-e-none')
    expect(thisWeek!.className).not.toContain('rounded-s-none')
    expect(nextWeek!.className).toContain('rounded-s-none')
    expect(nextWeek!.className).not.toContain('rounded-e-none')
    expect(barsOn('2026-03-17')).toHaveLength(0)
  })

  it('shows at most two bars a day, then "+ N more", and every stay of a day that has two', async () => {
    await renderWithProviders(<CalendarWithModal bookings={BOOKINGS} />)
    // 10 March holds Sara, Omar and Lina: two bars, then "+ 1 more".
    expect(texts(barsOn('2026-03-10'))).toEqual(['Lina', 'Sara Ali'])
    expect(within(cell('2026-03-10')).getByText('+ 1 more')).toBeTruthy()
    // Omar is flagged, but no other stay of his nights is: no night of the 10th is sold twice.
    expect(within(cell('2026-03-10')).queryByTestId('hidden-conflict')).toBeNull()
    expect(dayButton('2026-03-10').textContent).not.toContain('double booked')
    // Lina leaves on the 11th: Omar, left out on the 10th, shows there, cut where it goes on.
    const eleventh = barsOn('2026-03-11')
    expect(texts(eleventh)).toEqual(['Sara Ali', 'Omar'])
    expect(eleventh[1]!.dataset.conflict).toBe('true')
    expect(eleventh[1]!.className).toContain('rounded-s-none')
    expect(within(cell('2026-03-11')).queryByText(/more/)).toBeNull()
    expect(texts(barsOn('2026-03-09'))).toEqual(['Lina'])
    expect(within(cell('2026-03-09')).queryByText(/more/)).toBeNull()
    // The check-out day is free.
    expect(barsOn('2026-03-12')).toHaveLength(0)
  })

  it('shows both sides of a double booking first on the days they clash, the others in their order', async () => {
    // Sara and Omar sell the 10th and 11th twice; Lina, there first, yields the 10th to them.
    const doubled = BOOKINGS.map((booking) =>
      booking.uid === 'uid-1' ? { ...booking, conflict: true } : booking,
    )
    await renderWithProviders(<CalendarWithModal bookings={doubled} />)
    expect(texts(barsOn('2026-03-10'))).toEqual(['Omar', 'Sara Ali'])
    expect(barsOn('2026-03-10').map((bar) => bar.dataset.conflict)).toEqual(['true', 'true'])
    expect(within(cell('2026-03-10')).getByText('+ 1 more')).toBeTruthy()
    expect(within(cell('2026-03-10')).queryByTestId('hidden-conflict')).toBeNull()
    expect(dayButton('2026-03-10').textContent).toBe('10 Mar 2026: 3 bookings · double booked10+ 1 more')
    // Omar is one bar over both his nights; Lina keeps her first night, cut where she goes on.
    expect(barsOn('2026-03-11').map((bar) => [titleOf(bar), bar.dataset.span])).toEqual([
      ['Omar', '2'],
      ['Sara Ali', '2'],
    ])
    const [lina] = barsOn('2026-03-09')
    expect([titleOf(lina!), lina!.dataset.span, lina!.className.includes('rounded-e-none')]).toEqual([
      'Lina',
      '1',
      true,
    ])
    expect(dayButton('2026-03-09').textContent).not.toContain('double booked')
  })

  it('shows in red a double booking left behind "+ N more"', async () => {
    // A third platform's stay on the same nights: three sides, two lanes.
    const threeSides = [
      ...BOOKINGS.map((booking) => (booking.uid === 'uid-1' ? { ...booking, conflict: true } : booking)),
      aBooking({ uid: 'uid-5', guestName: 'Noor', platform: 'Vrbo', conflict: true, end: '2026-03-11' }),
    ]
    await renderWithProviders(<CalendarWithModal bookings={threeSides} />)
    expect(barsOn('2026-03-10').map((bar) => bar.dataset.conflict)).toEqual(['true', 'true'])
    expect(within(cell('2026-03-10')).getByTestId('hidden-conflict').textContent).toContain('+ 2 more')
    expect(dayButton('2026-03-10').textContent).toContain('double booked')
  })

  it('marks a conflict on the bar', async () => {
    await renderWithProviders(<CalendarWithModal bookings={BOOKINGS} />)
    const [, conflicted] = barsOn('2026-03-11')
    expect(conflicted!.dataset.conflict).toBe('true')
    expect(conflicted!.className).toContain('ring-red-600')
  })

  it('opens a stay from its bar, or its day without a stay handler', async () => {
    const onStayClick = vi.fn()
    const { unmount } = await renderWithProviders(
      <CalendarWithModal bookings={BOOKINGS} onStayClick={onStayClick} />,
    )
    fireEvent.click(barsOn('2026-03-11')[0]!)
    expect(onStayClick).toHaveBeenCalledWith(BOOKINGS[0])
    expect(screen.queryByTestId('bookings-modal')).toBeNull()
    unmount()
    await renderWithProviders(<CalendarWithModal bookings={BOOKINGS} />)
    fireEvent.click(barsOn('2026-03-11')[0]!)
    const modal = await screen.findByTestId('bookings-modal')
    expect(within(modal).getByRole('heading').textContent).toBe('Bookings on 10 Mar 2026')
  })

  it('opens the Bookings modal with every field of every booking of the day', async () => {
    await renderWithProviders(<CalendarWithModal bookings={BOOKINGS} />)
    fireEvent.click(dayButton('2026-03-10'))
    const modal = await screen.findByTestId('bookings-modal')
    expect(within(modal).getByRole('heading').textContent).toBe('Bookings on 10 Mar 2026')
    const details = within(modal).getAllByTestId('booking-details')
    expect(details).toHaveLength(3)
    const fields = (element: HTMLElement) =>
      Object.fromEntries(
        within(element)
          .getAllByRole('term')
          .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
      )
    expect(fields(details[0]!)).toEqual({
      Property: 'Palm Villa',
      Guest: 'Sara Ali',
      Start: '10 Mar 2026',
      End: '12 Mar 2026',
      Status: 'Confirmed',
      Platform: 'Airbnb',
    })
    // The colour shows as a swatch beside the guest, never as a code.
    expect(within(details[0]!).queryByText(/#[0-9A-F]{6}/i)).toBeNull()
    expect(within(details[1]!).getByText('Conflict')).toBeTruthy()
  })

  it('falls back to "Unknown property", "Unknown guest", "Pending" and "Manual"', async () => {
    await renderWithProviders(<CalendarWithModal bookings={BOOKINGS} />)
    // A sale that names nobody is a reservation on its bar.
    expect(titleOf(within(cell('2026-03-20')).getByTestId('event-bar'))).toBe('Reservation')
    fireEvent.click(dayButton('2026-03-20'))
    const modal = await screen.findByTestId('bookings-modal')
    for (const text of ['Unknown property', 'Unknown guest', 'Pending', 'Manual']) {
      expect(within(modal).getAllByText(text).length).toBeGreaterThan(0)
    }
  })

  it('says "No bookings" for a day without any, which opens too (a stay can be added from it)', async () => {
    await renderWithProviders(<CalendarWithModal bookings={BOOKINGS} />)
    fireEvent.click(dayButton('2026-03-02'))
    const modal = await screen.findByTestId('bookings-modal')
    expect(within(modal).getByText('No bookings')).toBeTruthy()
    // Without an add handler (the dashboard), no "Add stay".
    expect(within(modal).queryByRole('button', { name: 'Add stay' })).toBeNull()
  })

  it('shows Arabic headers and labels right to left', async () => {
    await renderWithProviders(<CalendarWithModal bookings={BOOKINGS} />, { language: 'ar' })
    expect(document.documentElement.dir).toBe('rtl')
    expect(within(screen.getByTestId('calendar-grid')).getAllByRole('columnheader')[0]!.textContent).toBe(
      'الأحد',
    )
    expect(within(cell('2026-03-10')).getByText('+ ١ آخر')).toBeTruthy()
  })
})
describe('a stay whose feed names no guest', () => {
  // Airbnb's bare "Reserved", as the summary rule reads it: status "Reserved", guest "Blocked".
  const RESERVED = aBooking({ uid: 'reserved', guestName: 'Blocked', status: 'Reserved' })
  // Booking.com's "CLOSED - Not available" taken as a sale (docs/product.md §11.2).
  const CLOSURE = aBooking({
    uid: 'closure',
    platform: 'Booking.com',
    guestName: 'Blocked',
    status: 'Not available',
    start: '2026-03-16',
    end: '2026-03-18',
  })
  const BLOCK = aBooking({
    uid: 'block',
    kind: 'block',
    guestName: 'Blocked',
    status: 'Blocked',
    start: '2026-03-23',
    end: '2026-03-25',
  })

  it('reads "Reservation" on its bar and "Unknown guest" in the modal and the lists, never "Blocked"', async () => {
    await renderWithProviders(
      <>
        <CalendarWithModal bookings={[RESERVED, CLOSURE, BLOCK]} />
        <StayListCard
          title="Upcoming"
          emptyText="No stays"
          bookings={[RESERVED, CLOSURE]}
          testId="upcoming"
        />
      </>,
    )
    expect(texts(screen.getAllByTestId('event-bar'))).toEqual(['Reservation', 'Not available', 'Blocked'])
    const list = screen.getByTestId('upcoming')
    expect(within(list).getAllByText('Unknown guest')).toHaveLength(2)
    expect(list.textContent).not.toContain('Blocked')
    fireEvent.click(dayButton('2026-03-10'))
    const modal = await screen.findByTestId('bookings-modal')
    const fields = Object.fromEntries(
      within(modal)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    )
    expect(fields).toMatchObject({ Guest: 'Unknown guest', Status: 'Reserved', Platform: 'Airbnb' })
    expect(modal.textContent).not.toContain('Blocked')
  })

  it('says it in Arabic too', async () => {
    await renderWithProviders(<CalendarWithModal bookings={[RESERVED, BLOCK]} />, { language: 'ar' })
    expect(texts(screen.getAllByTestId('event-bar'))).toEqual(['حجز', 'محجوب'])
  })
})

describe('manual stays and echoes on the calendar', () => {
  const MANUAL = aManualStay({
    color: '#648DE5',
  })
  const ECHO = aBooking({
    uid: 'echo-1@manzil',
    stayId: 'echo-1',
    echo: true,
    kind: 'block',
    platform: 'Airbnb',
    status: 'Blocked',
    guestName: 'Blocked',
    color: '#10B785',
  })

  it('shows a manual stay as "Manual" with its note, and Edit and Delete for it alone', async () => {
    const onEdit = vi.fn()
    const onDelete = vi.fn()
    const onAdd = vi.fn()
    await renderWithProviders(
      <BookingsModal
        day="2026-03-10"
        bookings={[aBooking({}), MANUAL]}
        onClose={() => {}}
        onAdd={onAdd}
        onEdit={onEdit}
        onDelete={onDelete}
      />,
    )
    const modal = await screen.findByTestId('bookings-modal')
    const [platformStay, manual] = within(modal).getAllByTestId('booking-details')
    expect(within(platformStay!).queryByRole('button', { name: 'Edit' })).toBeNull()
    expect(within(platformStay!).queryByText('Note')).toBeNull()
    const fields = Object.fromEntries(
      within(manual!)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    )
    expect(fields).toMatchObject({
      Guest: 'Huda Al-Harbi',
      Status: 'Booked',
      Platform: 'Manual',
      Note: 'Paid in cash\nLate check-in',
    })
    fireEvent.click(within(manual!).getByRole('button', { name: 'Edit' }))
    fireEvent.click(within(manual!).getByRole('button', { name: 'Delete' }))
    fireEvent.click(within(modal).getByRole('button', { name: 'Add stay' }))
    expect(onEdit).toHaveBeenCalledWith(MANUAL)
    expect(onDelete).toHaveBeenCalledWith(MANUAL)
    expect(onAdd).toHaveBeenCalledWith('2026-03-10')
  })

  it('shows a manual stay in Arabic: "يدوي", its status and its note', async () => {
    await renderWithProviders(<BookingsModal day="2026-03-10" bookings={[MANUAL]} onClose={() => {}} />, {
      language: 'ar',
    })
    const details = within(await screen.findByTestId('bookings-modal')).getByTestId('booking-details')
    for (const text of ['يدوي', 'محجوز', 'ملاحظة']) expect(within(details).getByText(text)).toBeTruthy()
    // Without handlers (the dashboard) a manual stay has no buttons.
    expect(within(details).queryAllByRole('button')).toHaveLength(0)
  })

  it('mutes an echo: "Synced from Manzil" in the modal, a pale bar, a faded dot, a badge in the lists', async () => {
    await renderWithProviders(
      <>
        <CalendarWithModal bookings={[ECHO]} />
        <MonthCalendar
          month="2026-03"
          today="2026-03-05"
          bookings={[ECHO]}
          onPrevious={() => {}}
          onNext={() => {}}
        />
        <StayListCard title="Upcoming" emptyText="No stays" bookings={[ECHO]} testId="upcoming" />
      </>,
    )
    const bar = within(cell('2026-03-10')).getByTestId('event-bar')
    expect(bar.dataset.echo).toBe('true')
    // Drawn apart from a sale: dashed and white, hatched in its colour.
    expect(bar.className).toContain('border-dashed')
    expect(bar.style.backgroundImage).toContain('repeating-linear-gradient')
    expect(bar.getAttribute('title')).toBe(
      'Blocked · 2 nights · Palm Villa · Airbnb · 10 Mar 2026 – 12 Mar 2026 · Synced from Manzil',
    )
    expect(bar.className).not.toMatch(/\b(?:ml|mr|pl|pr|left|right|border-l|border-r)-/)
    const dot = screen
      .getByTestId('month-calendar')
      .querySelector('[data-day="2026-03-10"] span > span[style]')!
    expect(dot.getAttribute('class')).toContain('opacity-35')
    expect(within(screen.getByTestId('upcoming')).getByText('Synced from Manzil')).toBeTruthy()
    fireEvent.click(dayButton('2026-03-10'))
    const details = within(await screen.findByTestId('bookings-modal')).getByTestId('booking-details')
    expect(details.dataset.echo).toBe('true')
    expect(details.className).toContain('bg-slate-50')
    expect(within(details).getByText('Synced from Manzil')).toBeTruthy()
    expect(within(details).queryByText('Conflict')).toBeNull()
  })
})

describe('the dashboard booking widgets', () => {
  it('month calendar: arrows, greyed neighbours, today, dots on start days and day clicks', async () => {
    const onPrevious = vi.fn()
    const onNext = vi.fn()
    const onDayClick = vi.fn()
    await renderWithProviders(
      <MonthCalendar
        month="2026-04"
        today="2026-04-15"
        bookings={BOOKINGS.map((b) => ({
          ...b,
          start: b.start.replace('-03-', '-04-'),
          end: b.end.replace('-03-', '-04-'),
        }))}
        onPrevious={onPrevious}
        onNext={onNext}
        onDayClick={onDayClick}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }))
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }))
    expect([onPrevious.mock.calls.length, onNext.mock.calls.length]).toEqual([1, 1])
    const day = (date: string) => document.querySelector<HTMLElement>(`[data-day="${date}"]`)!
    expect(day('2026-03-29').querySelector('span')!.className).toContain('text-slate-500')
    expect(day('2026-04-15').getAttribute('aria-current')).toBe('date')
    expect(day('2026-04-10').getAttribute('aria-label')).toBe('Friday, 10 April 2026: 2 check-ins')
    expect(day('2026-04-10').querySelectorAll('span > span[style]')).toHaveLength(2)
    fireEvent.click(day('2026-04-09'))
    expect(onDayClick).toHaveBeenCalledWith('2026-04-09')
  })

  it('stay list: property, guest, platform, dates and status; its own empty words without stays', async () => {
    await renderWithProviders(
      <>
        <StayListCard
          title="Current"
          emptyText="No stays"
          bookings={[BOOKINGS[0]!, BOOKINGS[1]!]}
          testId="current"
        />
        <StayListCard title="Upcoming" emptyText="No upcoming stays" bookings={[]} testId="upcoming" />
      </>,
    )
    const current = screen.getByTestId('current')
    expect(current.className).toContain('h-[341px]')
    for (const text of [
      'Palm Villa',
      'Sara Ali',
      'Airbnb',
      'Booking.com',
      '10 Mar 2026 – 12 Mar 2026',
      'Conflict',
    ]) {
      expect(within(current).getAllByText(text).length).toBeGreaterThan(0)
    }
    expect(within(screen.getByTestId('upcoming')).getByText('No upcoming stays')).toBeTruthy()
  })
})

describe('kinds of stay and double bookings on the month', () => {
  /** Sara (Airbnb) and Omar (Booking.com) both sell the 10th and 11th of March. */
  const DOUBLED = [
    aBooking({ conflict: true, calendarId: 'airbnb' }),
    aBooking({
      uid: 'uid-2',
      guestName: 'Omar',
      platform: 'Booking.com',
      conflict: true,
      calendarId: 'booking',
    }),
  ]
  const phoneMonth = (bookings: Booking[]) => (
    <MonthCalendar
      month="2026-03"
      today="2026-03-05"
      bookings={bookings}
      onPrevious={() => {}}
      onNext={() => {}}
      onDayClick={() => {}}
    />
  )
  const monthDay = (day: string) =>
    document.querySelector<HTMLElement>(`[data-testid="month-calendar"] [data-day="${day}"]`)!

  it('marks a night sold twice on the small month with a "!" and says it, in English and Arabic', async () => {
    const { unmount } = await renderWithProviders(phoneMonth(DOUBLED))
    expect(monthDay('2026-03-10').getAttribute('aria-label')).toBe(
      'Tuesday, 10 March 2026: 2 check-ins · double booked',
    )
    expect(monthDay('2026-03-11').getAttribute('aria-label')).toBe('Wednesday, 11 March 2026: double booked')
    expect(within(monthDay('2026-03-10')).getByTestId('day-conflict').textContent).toBe('!')
    // The check-out day, and a stay flagged with no other side on the night, are not marked.
    expect(within(monthDay('2026-03-12')).queryByTestId('day-conflict')).toBeNull()
    unmount()
    const apart = await renderWithProviders(phoneMonth([DOUBLED[0]!, { ...DOUBLED[1]!, propertyId: 'p2' }]))
    expect(within(monthDay('2026-03-10')).queryByTestId('day-conflict')).toBeNull()
    expect(monthDay('2026-03-10').getAttribute('aria-label')).toBe('Tuesday, 10 March 2026: 2 check-ins')
    apart.unmount()
    await renderWithProviders(phoneMonth(DOUBLED), { language: 'ar' })
    expect(monthDay('2026-03-10').getAttribute('aria-label')).toMatch(/ ١٠ .*: وصولان، محجوز مرتين$/)
    expect(within(monthDay('2026-03-11')).getByTestId('day-conflict')).toBeTruthy()
  })

  it('names the property and the nights on every month bar, with Arabic plurals', async () => {
    const stays = [
      aBooking({ guestName: 'Lucas Martin', start: '2026-03-03', end: '2026-03-06' }),
      aBooking({ uid: 'uid-2', guestName: 'Noor', propertyName: 'Corniche Flat', propertyId: 'p2' }),
      aBooking({ uid: 'uid-3', guestName: 'Hadi', start: '2026-03-18', end: '2026-03-19' }),
    ]
    const { unmount } = await renderWithProviders(<CalendarWithModal bookings={stays} />)
    const [lucas, noor, hadi] = screen.getAllByTestId('event-bar')
    expect(lucas!.getAttribute('title')).toMatch(/^Lucas Martin · 3 nights · Palm Villa · Airbnb · /)
    expect(noor!.getAttribute('title')).toMatch(/^Noor · 2 nights · Corniche Flat · Airbnb · /)
    expect(hadi!.getAttribute('title')).toMatch(/^Hadi · 1 night · Palm Villa · /)
    // The name is what the bar shows, then the rest for screen readers: the tooltip's words.
    expect(lucas!.textContent).toBe(`Ab${lucas!.getAttribute('title')}`)
    unmount()
    await renderWithProviders(<CalendarWithModal bookings={stays} />, { language: 'ar' })
    const names = screen.getAllByTestId('event-bar').map((bar) => bar.getAttribute('title'))
    expect(names[0]).toMatch(/^Lucas Martin، ٣ ليالٍ، Palm Villa، Airbnb، /)
    expect(names[1]).toMatch(/^Noor، ليلتان، Corniche Flat، /)
    expect(names[2]).toMatch(/^Hadi، ليلة واحدة، /)
  })

  it('draws each kind its own way, as its legend sample is drawn, and a partial echo as no conflict', async () => {
    const partialEcho = aBooking({
      uid: 'closed@booking',
      platform: 'Booking.com',
      status: 'Not available',
      guestName: 'Blocked',
      start: '2026-03-10',
      end: '2026-03-14',
      echoRuns: [{ start: '2026-03-10', end: '2026-03-12' }],
    })
    const stays = [
      aBooking({ uid: 'sale', start: '2026-03-02', end: '2026-03-04' }),
      aManualStay({ start: '2026-03-04', end: '2026-03-06' }),
      aBooking({ uid: 'block', kind: 'block', guestName: 'Blocked', start: '2026-03-16', end: '2026-03-18' }),
      aBooking({ uid: 'echo', kind: 'block', echo: true, start: '2026-03-18', end: '2026-03-20' }),
      partialEcho,
      aBooking({ uid: 'rule', kind: 'block', rule: 'preparation', start: '2026-03-24', end: '2026-03-25' }),
    ]
    await renderWithProviders(<CalendarWithModal bookings={stays} />)
    const bars = screen.getAllByTestId('event-bar')
    const legend = screen.getByTestId('calendar-legend')
    const looks = new Set<string>()
    for (const bar of bars) {
      const sample = legend.querySelector<HTMLElement>(`[data-shape="${bar.dataset.shape}"] > span`)!
      // The sample's classes and pattern are the bar's (drawn in the legend's own colour).
      const classes = (element: HTMLElement) =>
        element.className.split(/\s+/).filter((name) => /^(border|bg-|text-slate|italic)/.test(name))
      expect(classes(sample)).toEqual(classes(bar))
      expect(sample.style.backgroundImage === '').toBe(bar.style.backgroundImage === '')
      looks.add(`${classes(bar).join(' ')}|${bar.style.backgroundImage.replace(/#[0-9A-F]{6}/gi, 'C')}`)
    }
    expect(bars.map((bar) => bar.dataset.shape)).toEqual([
      'sale',
      'manual',
      'partialEcho',
      'block',
      'echo',
      'rule',
    ])
    // Six kinds, six looks, none told apart by colour alone.
    expect(looks.size).toBe(6)
    const partial = bars.find((bar) => bar.dataset.shape === 'partialEcho')!
    expect(partial.className).not.toContain('ring-red-600')
    expect(partial.querySelector('[aria-hidden="true"]')?.textContent).not.toBe('!')
    expect(partial.style.backgroundColor).toBe('')
    expect(partial.getAttribute('title')?.replace(/\u2009/g, ' ')).toBe(
      'Not available · 4 nights · Palm Villa · Booking.com · 10 Mar 2026 – 14 Mar 2026 · ' +
        'Booking.com closure, partly synced from Manzil; Booking.com’s own: 12 – 14 Mar 2026',
    )
    const rule = bars.find((bar) => bar.dataset.shape === 'rule')!
    expect(rule.getAttribute('title')).toMatch(/^Airbnb preparation time · 1 night · .+ · Platform rule$/)
  })
})
