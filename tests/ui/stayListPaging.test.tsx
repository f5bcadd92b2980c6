import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Booking } from '../../src/domain/bookings.ts'
import { addDays } from '../../src/domain/dates.ts'
import { STAYS_PER_STEP, StayListCard } from '../../src/ui/calendar/month/StayListCard.tsx'
import { renderWithProviders } from './providers.tsx'

const stay = (index: number): Booking => ({
  uid: `stay-${index}@manzil`,
  stayId: `stay-${index}`,
  manual: false,
  echo: false,
  note: null,
  propertyId: `property-${index % 7}`,
  propertyName: `Flat ${index % 7}`,
  guestName: `Guest ${index}`,
  start: addDays('2030-01-01', index),
  end: addDays('2030-01-03', index),
  status: 'Reserved',
  platform: 'Airbnb',
  color: '#0ea5e9',
  kind: 'booking',
  conflict: false,
  feedWarning: null,
})

describe('a list of thousands of stays', () => {
  it('counts them all, draws the first, and draws more as it is scrolled to its end', async () => {
    const stays = Array.from({ length: STAYS_PER_STEP * 2 + 5 }, (_, index) => stay(index))
    await renderWithProviders(
      <StayListCard title="Upcoming" emptyText="No stays" bookings={stays} testId="upcoming" />,
    )
    const card = screen.getByTestId('upcoming')
    const rows = () => within(card).getAllByRole('listitem')
    expect(within(card).getByText(String(stays.length))).toBeTruthy()
    expect(rows()).toHaveLength(STAYS_PER_STEP)
    expect(rows()[0]?.textContent).toContain('Guest 0')
    // jsdom lays nothing out: every scroll is at the end of what is drawn.
    fireEvent.scroll(within(card).getByRole('list'))
    expect(rows()).toHaveLength(STAYS_PER_STEP * 2)
    fireEvent.scroll(within(card).getByRole('list'))
    fireEvent.scroll(within(card).getByRole('list'))
    expect(rows()).toHaveLength(stays.length)
    expect(rows().at(-1)?.textContent).toContain(`Guest ${stays.length - 1}`)
  })
})
