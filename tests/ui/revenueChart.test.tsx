import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import type { MonthlyFigures } from '../../src/actors/api.ts'
import { chartLayout, RevenueChart, roundAxisMaximum } from '../../src/ui/dashboard/RevenueChart.tsx'
import { renderWithProviders } from './providers.tsx'

const MONTHS: MonthlyFigures[] = Array.from({ length: 12 }, (_, index) => {
  const date = new Date(Date.UTC(2025, 3 + index, 1))
  return { month: date.toISOString().slice(0, 7), revenue: (index + 1) * 1000, occupancyRate: index * 8 }
})

const barX = (bar: Element) => Number(bar.querySelector('rect')?.getAttribute('x'))

describe('the revenue and occupancy chart', () => {
  it('draws twelve bars, oldest first from the left, with a summary and a table for screen readers', async () => {
    await renderWithProviders(<RevenueChart months={MONTHS} />)
    const bars = screen.getAllByTestId('revenue-bar')
    expect(bars).toHaveLength(12)
    expect(barX(bars[0]!)).toBeLessThan(barX(bars[11]!))
    const image = screen.getByRole('img')
    expect(image.getAttribute('aria-label')?.replace(/\u00a0/g, ' ')).toBe(
      'Revenue and occupancy from April 2025 to March 2026: SAR 78,000 in total, the highest in March 2026 (SAR 12,000); average occupancy 44%.',
    )
    const table = screen.getByRole('table')
    expect(table.parentElement?.className).toContain('sr-only')
    expect(screen.getAllByRole('row')).toHaveLength(13)
  })

  it('mirrors in Arabic: the oldest month on the right, Arabic labels', async () => {
    await renderWithProviders(<RevenueChart months={MONTHS} />, { language: 'ar' })
    const bars = screen.getAllByTestId('revenue-bar')
    expect(bars).toHaveLength(12)
    expect(barX(bars[0]!)).toBeGreaterThan(barX(bars[11]!))
    expect(bars[0]!.textContent).toContain('أبريل')
  })

  it('puts each bar where its mirror image would be', () => {
    for (const width of [720, 340]) {
      const ltr = chartLayout(MONTHS, false, width)
      const rtl = chartLayout(MONTHS, true, width)
      ltr.points.forEach((point, index) => {
        const mirrored = rtl.points[index]!
        expect(mirrored.bar.x + mirrored.bar.width).toBeCloseTo(width - point.bar.x)
        expect(mirrored.bar.height).toBeCloseTo(point.bar.height)
      })
    }
  })

  it('names every month when there is room, and every other one up to the latest on a phone', () => {
    expect(chartLayout(MONTHS, false, 720).points.every((point) => point.labelled)).toBe(true)
    const narrow = chartLayout(MONTHS, false, 340).points.map((point) => point.labelled)
    expect(narrow.filter(Boolean)).toHaveLength(6)
    expect(narrow.at(-1)).toBe(true)
  })

  it('rounds the revenue axis up to a readable step', () => {
    expect(roundAxisMaximum(0)).toBe(1000)
    expect(roundAxisMaximum(12000)).toBe(20000)
    expect(roundAxisMaximum(2300)).toBe(2500)
    expect(roundAxisMaximum(5000)).toBe(5000)
    expect(roundAxisMaximum(710)).toBe(1000)
  })
})
