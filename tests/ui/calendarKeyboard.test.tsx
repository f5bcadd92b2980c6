import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, within } from '@testing-library/react'
import type { Booking } from '../../src/domain/bookings.ts'
import { addMonths, type DateOnly } from '../../src/domain/dates.ts'
import { ALL, timelineRows } from '../../src/domain/timeline.ts'
import { CalendarGrid } from '../../src/ui/calendar/CalendarGrid.tsx'
import { MonthCalendar } from '../../src/ui/calendar/month/MonthCalendar.tsx'
import { Timeline } from '../../src/ui/calendar/Timeline.tsx'
import { aBooking, aManualStay } from './builders.ts'
import { renderWithProviders } from './providers.tsx'

const STAYS = [
  aBooking({}),
  aBooking({ uid: 'uid-2', guestName: 'Omar', platform: 'Booking.com', conflict: true }),
  aManualStay({ start: '2026-03-14', end: '2026-03-15' }),
  aBooking({
    uid: 'uid-4',
    kind: 'block',
    guestName: 'Blocked',
    status: 'Blocked',
    start: '2026-03-17',
    end: '2026-03-19',
  }),
]

/** The grid's items a Tab reaches: exactly one per grid. */
const tabStops = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('[data-item]')].filter((item) => item.tabIndex === 0)

const press = (key: string, options: { shiftKey?: boolean } = {}) =>
  fireEvent.keyDown(document.activeElement!, { key, ...options })

const focused = () => document.activeElement as HTMLElement

/**
 * What a screen reader says of an element: its aria-label, else its text without what is hidden
 * from screen readers (a bar: its title, then the rest of its name).
 */
function nameOf(element: Element) {
  const label = element.getAttribute('aria-label')
  if (label !== null) return label
  const copy = element.cloneNode(true) as Element
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove())
  return copy.textContent
}

function renderMonth(language: 'en' | 'ar' = 'en') {
  const onStayClick = vi.fn()
  const onDayClick = vi.fn()
  const onSelectNights = vi.fn()
  const rendered = renderWithProviders(
    <CalendarGrid
      month="2026-03"
      today="2026-03-09"
      bookings={STAYS}
      onPrevious={() => {}}
      onNext={() => {}}
      onDayClick={onDayClick}
      onStayClick={onStayClick}
      onSelectNights={onSelectNights}
    />,
    { language },
  )
  return { rendered, onStayClick, onDayClick, onSelectNights }
}

describe('the month grid by keyboard', () => {
  it('is one Tab stop, on today, and arrows move between days and stays', async () => {
    const { onStayClick } = renderMonth()
    await screen.findByTestId('calendar-grid')
    const grid = screen.getByRole('grid')
    const [stop, ...others] = tabStops(grid)
    expect(others).toHaveLength(0)
    expect(stop!.dataset.item).toBe('day:2026-03-09')
    stop!.focus()
    press('ArrowRight')
    expect(focused().dataset.item).toBe('day:2026-03-10')
    // Down goes through the day's stays: the first lane's bar, named by all it is.
    press('ArrowDown')
    expect(focused().dataset.testid).toBe('event-bar')
    const names = [nameOf(focused())]
    press('ArrowDown')
    names.push(nameOf(focused()))
    expect(names).toEqual([
      'Sara Ali · 2 nights · Palm Villa · Airbnb · 10 Mar 2026 – 12 Mar 2026',
      'Omar · 2 nights · Palm Villa · Booking.com · 10 Mar 2026 – 12 Mar 2026 · Conflict',
    ])
    // Still one Tab stop, now the focused stay.
    expect(tabStops(grid)).toEqual([focused()])
    press('Enter')
    fireEvent.click(focused())
    expect(onStayClick).toHaveBeenCalledWith(expect.objectContaining({ guestName: 'Omar' }))
    // On from the bar's last night; then down past the day's stays to the next week.
    press('ArrowRight')
    expect(focused().dataset.item).toBe('day:2026-03-12')
    press('ArrowDown')
    expect(focused().dataset.item).toBe('day:2026-03-19')
    press('ArrowUp')
    expect(focused().dataset.item).toBe('day:2026-03-12')
    press('Home')
    expect(focused().dataset.item).toBe('day:2026-03-08')
  })

  it('goes back to the day it left on Down then Up, through a stay begun the day before', async () => {
    renderMonth()
    await screen.findByTestId('calendar-grid')
    tabStops(screen.getByRole('grid'))[0]!.focus()
    // The 11th is the second night of Sara's and Omar's stays, whose bars start on the 10th.
    press('ArrowRight')
    press('ArrowRight')
    expect(focused().dataset.item).toBe('day:2026-03-11')
    press('ArrowDown')
    press('ArrowDown')
    expect(nameOf(focused())).toMatch(/^Omar/)
    press('ArrowDown')
    expect(focused().dataset.item).toBe('day:2026-03-18')
    press('ArrowUp')
    expect(nameOf(focused())).toMatch(/^Omar/)
    press('ArrowUp')
    expect(nameOf(focused())).toMatch(/^Sara/)
    press('ArrowUp')
    expect(focused().dataset.item).toBe('day:2026-03-11')
    // Shift and Home select to the week's Sunday.
    press('Home', { shiftKey: true })
    expect(document.querySelectorAll('[data-selected]')).toHaveLength(4)
  })

  it('names manual stays and blocks, and runs from the right in Arabic', async () => {
    renderMonth('ar')
    await screen.findByTestId('calendar-grid')
    const bars = screen.getAllByTestId('event-bar')
    const manual = bars.find((bar) => bar.dataset.manual)!
    expect(nameOf(manual)).toContain('يدوي')
    const block = bars.find((bar) => bar.dataset.kind === 'block')!
    expect(nameOf(block)).toContain('محجوب')
    tabStops(screen.getByRole('grid'))[0]!.focus()
    press('ArrowLeft')
    expect(focused().dataset.item).toBe('day:2026-03-10')
  })

  it('selects nights with Shift and the arrows, and Enter adds a stay on them', async () => {
    const { onSelectNights, onDayClick } = renderMonth()
    await screen.findByTestId('calendar-grid')
    tabStops(screen.getByRole('grid'))[0]!.focus()
    press('ArrowRight', { shiftKey: true })
    press('ArrowRight', { shiftKey: true })
    expect(screen.getByTestId('selection-hint').textContent).toBe(
      '3 nights selected, 9 Mar 2026 to 12 Mar 2026: Enter adds a stay, Escape clears',
    )
    expect(document.querySelectorAll('[data-selected]')).toHaveLength(3)
    press('Enter')
    expect(onSelectNights).toHaveBeenCalledWith({ start: '2026-03-09', end: '2026-03-12', row: undefined })
    expect(onDayClick).not.toHaveBeenCalled()
    expect(document.querySelectorAll('[data-selected]')).toHaveLength(0)
    // Escape clears a selection without adding.
    press('ArrowLeft', { shiftKey: true })
    press('Escape')
    expect(screen.getByTestId('selection-hint').textContent).toBe('')
    expect(onSelectNights).toHaveBeenCalledTimes(1)
  })

  it('keeps a legend of the platforms shown and the marks', async () => {
    renderMonth()
    const legend = await screen.findByTestId('calendar-legend')
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'AbAirbnb',
      'BkBooking.com',
      'Sold on a platform',
      'Manual',
      'Blocked',
      'Synced from Manzil',
      'Partly synced from Manzil',
      'Platform rule',
      '!Conflict',
    ])
  })
})

/** The side panel's month, its arrows turning it as the calendar screen's do. */
function SideMonth({ onDayClick }: { onDayClick: (day: DateOnly) => void }) {
  const [month, setMonth] = useState('2026-03')
  return (
    <MonthCalendar
      month={month}
      today="2026-03-09"
      bookings={STAYS}
      onPrevious={() => setMonth((shown) => addMonths(shown, -1))}
      onNext={() => setMonth((shown) => addMonths(shown, 1))}
      onDayClick={onDayClick}
    />
  )
}

const sideDays = () =>
  within(screen.getByTestId('month-calendar'))
    .getAllByRole('gridcell')
    .filter((cell) => cell.tabIndex === 0)

describe('the side month by keyboard', () => {
  it('is one Tab stop, on today; the keys move it, into the next month, and Enter opens the day', async () => {
    const onDayClick = vi.fn()
    await renderWithProviders(<SideMonth onDayClick={onDayClick} />)
    const [stop, ...others] = sideDays()
    expect(others).toHaveLength(0)
    expect(stop!.dataset.day).toBe('2026-03-09')
    stop!.focus()
    press('ArrowRight')
    press('End')
    expect(focused().dataset.day).toBe('2026-03-14')
    press('ArrowDown')
    press('ArrowUp')
    press('ArrowDown')
    expect(focused().dataset.day).toBe('2026-03-21')
    press('PageDown')
    expect(screen.getByTestId('month-title').textContent).toBe('April 2026')
    expect(focused().dataset.day).toBe('2026-04-21')
    expect(sideDays()).toEqual([focused()])
    // Down from the last row leaves April's days: May.
    press('ArrowDown')
    press('ArrowDown')
    expect(focused().dataset.day).toBe('2026-05-05')
    expect(screen.getByTestId('month-title').textContent).toBe('May 2026')
    fireEvent.click(focused())
    expect(onDayClick).toHaveBeenCalledWith('2026-05-05')
  })

  it('runs from the right in Arabic', async () => {
    await renderWithProviders(<SideMonth onDayClick={() => {}} />, { language: 'ar' })
    sideDays()[0]!.focus()
    press('ArrowLeft')
    expect(focused().dataset.day).toBe('2026-03-10')
    press('Home')
    expect(focused().dataset.day).toBe('2026-03-08')
  })
})

const PROPERTIES = [
  { id: 'p1', name: 'Palm Villa', images: [] },
  { id: 'p2', name: 'Corniche Flat', images: [] },
]

function renderTimeline(stays: Booking[] = STAYS, properties = PROPERTIES) {
  const onStayClick = vi.fn()
  const onSelectNights = vi.fn()
  const period = { start: '2026-03-08', days: 14 }
  renderWithProviders(
    <Timeline
      rows={timelineRows(stays, properties, period, { property: ALL, platform: ALL })}
      period={period}
      today="2026-03-09"
      length={14}
      phone={false}
      onPrevious={() => {}}
      onNext={() => {}}
      onToday={() => {}}
      onLengthChange={() => {}}
      onStayClick={onStayClick}
      onSelectNights={onSelectNights}
    />,
  )
  return { onStayClick, onSelectNights }
}

describe('the timeline by keyboard', () => {
  it('is one Tab stop; arrows move over nights and stays, across properties', async () => {
    const { onStayClick, onSelectNights } = renderTimeline()
    const grid = await screen.findByRole('grid')
    const [stop, ...others] = tabStops(grid)
    expect(others).toHaveLength(0)
    // Today's night on the first property, free.
    expect(nameOf(stop!)).toMatch(/^Palm Villa, 9 Mar 2026: free/)
    stop!.focus()
    press('ArrowRight')
    expect(nameOf(focused())).toBe('Sara Ali · 2 nights · Airbnb · 10 Mar 2026 – 12 Mar 2026')
    press('ArrowDown')
    expect(nameOf(focused())).toBe('Omar · 2 nights · Booking.com · 10 Mar 2026 – 12 Mar 2026 · Conflict')
    press('Enter')
    fireEvent.click(focused())
    expect(onStayClick).toHaveBeenCalledWith(expect.objectContaining({ guestName: 'Omar' }))
    // Past the stay's last night, then down to the next property's same night.
    press('ArrowRight')
    expect(nameOf(focused())).toMatch(/^Palm Villa, 12 Mar 2026: free/)
    press('ArrowDown')
    expect(nameOf(focused())).toMatch(/^Corniche Flat, 12 Mar 2026: free/)
    expect(tabStops(grid)).toEqual([focused()])
    // Enter on a free night adds a stay of one night there.
    press('Enter')
    expect(onSelectNights).toHaveBeenCalledWith({ propertyId: 'p2', start: '2026-03-12', end: '2026-03-13' })
  })

  it('selects free nights with Shift and the arrows, never over a taken one', async () => {
    const { onSelectNights } = renderTimeline()
    const grid = await screen.findByRole('grid')
    tabStops(grid)[0]!.focus()
    press('ArrowLeft')
    expect(nameOf(focused())).toMatch(/^Palm Villa, 8 Mar 2026: free/)
    press('ArrowRight', { shiftKey: true })
    // The 10th is Sara's: the selection stops on the 9th.
    press('ArrowRight', { shiftKey: true })
    expect(screen.getByTestId('selection-hint').textContent).toMatch(
      /^2 nights selected, 8 Mar 2026 to 10 Mar 2026/,
    )
    press('Enter')
    expect(onSelectNights).toHaveBeenCalledWith({ propertyId: 'p1', start: '2026-03-08', end: '2026-03-10' })
  })

  it('shows a one-night stay by its guest, its marks on the bar`s name', async () => {
    renderTimeline()
    const manual = (await screen.findAllByTestId('timeline-bar')).find((bar) => bar.dataset.manual)!
    expect(manual.querySelector('[dir="auto"]')!.textContent).toBe('Huda Al-Harbi')
    expect(manual.textContent).toMatch(/^Huda Al-Harbi/)
    expect(nameOf(manual)).toBe('Huda Al-Harbi · 1 night · Manual · 14 Mar 2026 – 15 Mar 2026')
  })
})

describe("a portfolio's timeline", () => {
  const MANY = Array.from({ length: 100 }, (_, index) => ({
    id: `p${index}`,
    name: `Flat ${index}`,
    images: [],
  }))
  it('draws its first rows, the next as the last drawn nears the screen, and always the keyboard’s', async () => {
    const watched: { callback: IntersectionObserverCallback; element: Element }[] = []
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(element: Element) {
          watched.push({ callback: this.callback, element })
        }
        disconnect() {}
      },
    )
    try {
      renderTimeline([], MANY)
      const grid = await screen.findByRole('grid')
      const rows = () => screen.getAllByTestId('timeline-row')
      expect(rows()).toHaveLength(40)
      expect(grid.getAttribute('aria-rowcount')).toBe('101')
      expect(rows().at(-1)?.getAttribute('aria-rowindex')).toBe('41')
      // The mark after the last row comes near the screen: forty more.
      const near = watched.at(-1)!
      act(() =>
        near.callback(
          [{ isIntersecting: true, target: near.element } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        ),
      )
      expect(rows()).toHaveLength(80)
      // Down from the last drawn row: the next is drawn, and has the focus.
      tabStops(grid)[0]!.focus()
      for (let row = 0; row < 80; row++) press('ArrowDown')
      expect(rows()).toHaveLength(81)
      expect(nameOf(focused())).toMatch(/^Flat 80, 9 Mar 2026: free/)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
