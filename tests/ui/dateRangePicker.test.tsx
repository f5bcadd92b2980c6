import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { addMonths, monthGrid } from '../../src/domain/dates.ts'
import { DateRangePicker } from '../../src/ui/common/DateRangePicker.tsx'
import { renderWithProviders } from './providers.tsx'

describe('the month grid', () => {
  it('starts on Sunday and pads to whole weeks', () => {
    const days = monthGrid('2026-02')
    expect(days.slice(0, 1)).toEqual(['2026-02-01'])
    expect(days).toHaveLength(28)
    const march = monthGrid('2026-03')
    expect(march.indexOf('2026-03-01')).toBe(0)
    expect(march.length % 7).toBe(0)
    expect(monthGrid('2024-02').filter(Boolean)).toHaveLength(29)
  })

  it('moves across years', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12')
    expect(addMonths('2025-12', 1)).toBe('2026-01')
  })
})

describe('the statistics date range', () => {
  it('shows day/month/year and picks a start no later than the end', async () => {
    const onChange = vi.fn()
    await renderWithProviders(
      <DateRangePicker range={{ start: '2026-03-01', end: '2026-03-15' }} onChange={onChange} />,
    )
    const start = screen.getByRole('button', { name: 'Start date: 01/03/2026' })
    expect(screen.getByRole('button', { name: 'End date: 15/03/2026' })).toBeTruthy()
    await userEvent.click(start)
    const grid = await screen.findByRole('grid', { name: 'March 2026' })
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'])
    // A day past the end is said to be unavailable, and a click on it picks nothing.
    const afterEnd = within(grid).getByRole('gridcell', { name: 'Friday, 20 March 2026' })
    expect(afterEnd.getAttribute('aria-disabled')).toBe('true')
    await userEvent.click(afterEnd)
    expect(onChange).not.toHaveBeenCalled()
    await userEvent.click(within(grid).getByRole('gridcell', { name: 'Tuesday, 10 March 2026' }))
    expect(onChange).toHaveBeenCalledWith({ start: '2026-03-10', end: '2026-03-15' })
  })
})
