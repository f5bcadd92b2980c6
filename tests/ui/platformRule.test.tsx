import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { calendarText } from '../../server/calendar/ics.ts'
import { parseFeed } from '../../src/features/calendar/calendarFeed.ts'
import { toBookings } from '../../src/features/calendar/feedBookings.ts'
import { CalendarGrid } from '../../src/ui/calendar/CalendarGrid.tsx'
import { StayDetails } from '../../src/ui/calendar/StayDetails.tsx'
import { aBooking } from './builders.ts'
import { aProperty } from './propertyBuilders.ts'
import { renderWithProviders } from './providers.tsx'

/** Airbnb's booking window as the private feed writes it and the calendar screen reads it. */
function aBookingWindow() {
  const feed = calendarText([
    {
      id: 'stay-9',
      summary: 'Airbnb (Not available)',
      start_date: '2026-03-20',
      end_date: '2026-04-02',
      status: 'Blocked',
      guest_name: 'Blocked',
      platform: 'Airbnb',
      kind: 'block',
      updated_at: '2026-03-01T08:00:00.000Z',
      conflict: false,
      platform_rule: 'window',
    },
  ])
  const [read] = toBookings(parseFeed(feed), { id: 'p1', name: 'Palm Villa' }, feed)
  return aBooking({ ...read, color: '#9E1946' })
}

const grid = (bookings = [aBookingWindow()]) => (
  <CalendarGrid
    month="2026-03"
    today="2026-03-05"
    bookings={bookings}
    onPrevious={() => {}}
    onNext={() => {}}
    onDayClick={() => {}}
  />
)

describe("a platform's own rule on the calendar", () => {
  it('reads the rule the private feed names', () => {
    expect(aBookingWindow()).toMatchObject({ kind: 'block', platform: 'Airbnb', rule: 'window' })
  })

  it('shows Airbnb’s booking window as its rule, muted, neither a block nor a booking', async () => {
    await renderWithProviders(grid())
    // The run goes on over three week rows: a bar in each.
    const bars = screen.getAllByTestId('event-bar')
    expect(bars).toHaveLength(3)
    for (const bar of bars) {
      expect(bar.dataset.rule).toBe('window')
      // The platform's mark, then the rule; drawn dotted and grey, apart from a sale, a block or an echo.
      expect(bar.querySelector('[dir="auto"]')?.textContent).toBe('Airbnb booking window')
      expect(bar.textContent).toMatch(
        /^AbAirbnb booking window · 13 nights · Palm Villa · Airbnb · .+ · Platform rule$/,
      )
      expect(bar.dataset.shape).toBe('rule')
      expect(bar.className).toContain('border-dotted')
      expect(bar.className).not.toContain('border-dashed')
      expect(bar.className).not.toContain('bg-slate-100')
    }
  })

  it('explains the rule in its details, in English and in Arabic', async () => {
    const booking = aBookingWindow()
    const details = (
      <StayDetails booking={booking} bookings={[booking]} properties={[aProperty({ id: 'p1' })]} />
    )
    const { unmount } = await renderWithProviders(details)
    expect(screen.getByTestId('platform-rule').textContent).toMatch(
      /^Airbnb closes these nights because they are further ahead than guests may book\./,
    )
    // A rule has no guest: its dialog's title names it (tests/ui/stayDetails.test.tsx).
    expect(screen.queryByText('Guest')).toBeNull()
    expect(screen.getByText('Status').nextElementSibling?.textContent).toBe('Platform rule')
    unmount()

    await renderWithProviders(details, { language: 'ar' })
    expect(screen.getByTestId('platform-rule').textContent).toMatch(/^تغلق Airbnb هذه الليالي/)
    expect(screen.queryByText('الضيف')).toBeNull()
  })
})
