import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import type { MonthlyFigures } from '../../src/actors/api.ts'
import { weekdayColumns } from '../../src/ui/calendar/month/calendarDays.ts'
import { StayListCard } from '../../src/ui/calendar/month/StayListCard.tsx'
import { chartLayout } from '../../src/ui/dashboard/RevenueChart.tsx'
import { PropertyCard } from '../../src/ui/property/PropertyCard.tsx'
import { DateRangePicker } from '../../src/ui/common/DateRangePicker.tsx'
import { aBooking } from './builders.ts'
import { aProperty } from './propertyBuilders.ts'
import { renderWithProviders } from './providers.tsx'
import userEvent from '@testing-library/user-event'

const VILLA = aProperty({
  name: 'Desert Rose Villa',
  description: 'A quiet villa at the edge of the dunes, with a shaded courtyard.',
})

const STAY = aBooking({
  propertyId: VILLA.id,
  propertyName: VILLA.name,
  guestName: 'Alexandra Whitfield-Montgomery',
  status: 'Reserved',
})

/** The element that holds `text` takes its direction from it, and truncates it at its own end. */
const ownDirection = (text: string) => screen.getByText(text).closest('[dir="auto"]')

describe('text that people and feeds wrote, in the Arabic interface', () => {
  it('a property card keeps the name, the location and the description in their own direction', async () => {
    await renderWithProviders(<PropertyCard property={VILLA} onOpen={() => {}} />, { language: 'ar' })
    expect(document.documentElement.dir).toBe('rtl')
    const name = within(screen.getByTestId('property-card')).getByRole('button', { name: VILLA.name })
    // The truncating element itself carries dir="auto": its ellipsis then ends the name, not starts it.
    expect(name.getAttribute('dir')).toBe('auto')
    expect(name.className).toContain('truncate')
    expect(screen.getByTestId('card-description').getAttribute('dir')).toBe('auto')
    expect(screen.getByTestId('card-location').querySelector('[dir="auto"]')?.textContent).toContain('Olaya')
  })

  it('a stay list keeps property and guest names in their own direction', async () => {
    await renderWithProviders(<StayListCard title="الحالية" emptyText="No stays" bookings={[STAY]} />, {
      language: 'ar',
    })
    expect(ownDirection('Desert Rose Villa')?.className).toContain('truncate')
    expect(ownDirection('Alexandra Whitfield-Montgomery')?.className).toContain('truncate')
  })
})

describe('a date picker in Arabic', () => {
  it('names the weekdays with one letter each, and in full for screen readers', async () => {
    await renderWithProviders(
      <DateRangePicker range={{ start: '2026-03-01', end: '2026-03-15' }} onChange={() => {}} />,
      { language: 'ar' },
    )
    await userEvent.click(screen.getAllByRole('button')[0]!)
    const headers = within(await screen.findByRole('grid')).getAllByRole('columnheader')
    expect(headers.map((header) => header.textContent)).toEqual(['ح', 'ن', 'ث', 'ر', 'خ', 'ج', 'س'])
    expect(headers.map((header) => header.getAttribute('aria-label'))).toEqual([
      'الأحد',
      'الاثنين',
      'الثلاثاء',
      'الأربعاء',
      'الخميس',
      'الجمعة',
      'السبت',
    ])
  })

  it('keeps SUN to SAT in English, and whole names on a wide Arabic grid', () => {
    expect(weekdayColumns('en-GB', true).map((column) => column.label)).toEqual([
      'SUN',
      'MON',
      'TUE',
      'WED',
      'THU',
      'FRI',
      'SAT',
    ])
    expect(weekdayColumns('ar-SA-u-ca-gregory', false)[4]?.label).toBe('الخميس')
  })
})

describe("the revenue chart's axes", () => {
  const MONTHS: MonthlyFigures[] = Array.from({ length: 12 }, (_, index) => ({
    month: `2026-${String(index + 1).padStart(2, '0')}`,
    revenue: index === 11 ? 8250 : 0,
    occupancyRate: 0,
  }))

  it('leave each axis room for its longest label, so none is cut at the edge', () => {
    const labels = { revenue: 46, rate: 38, month: 40 }
    for (const rtl of [false, true]) {
      const layout = chartLayout(MONTHS, rtl, 342, labels)
      const revenueEdge = rtl ? layout.width - layout.revenueAxis.x : layout.revenueAxis.x
      const rateEdge = rtl ? layout.rateAxis.x : layout.width - layout.rateAxis.x
      // The revenue labels end at the axis; the rate labels start there.
      expect(revenueEdge).toBeGreaterThanOrEqual(labels.revenue)
      expect(rateEdge).toBeGreaterThanOrEqual(labels.rate)
    }
  })

  it('names only as many months as fit side by side', () => {
    const layout = chartLayout(MONTHS, true, 342, { revenue: 46, rate: 38, month: 40 })
    const named = layout.points.filter((point) => point.labelled)
    const gaps = named.slice(1).map((point, index) => Math.abs(point.centre - named[index]!.centre))
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(40)
    expect(layout.points.at(-1)?.labelled).toBe(true)
  })
})
