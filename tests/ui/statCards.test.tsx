import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import type { DashboardStatistics } from '../../src/actors/api.ts'
import { DashboardStatCards } from '../../src/ui/dashboard/DashboardStatCards.tsx'
import { PeriodStatCards } from '../../src/ui/statistics/PeriodStatCards.tsx'
import { renderWithProviders } from './providers.tsx'

const STATISTICS: DashboardStatistics = {
  monthlyRevenue: { current: 12500, percentDiffLastMonth: 25 },
  propertyCount: { total: 4, thisMonthIncrease: 1 },
  platformConnections: 6,
  syncingConnections: 5,
  occupancyRate: { current: 62.5, percentDiffLastMonth: -10 },
  activeBookings: { prevWeek: 3, currWeek: 5 },
}

// Intl puts a no-break space between "SAR" and the amount.
const text = (element: Element) => element.textContent?.replace(/\u00a0/g, ' ')
const values = () => screen.getAllByTestId('stat-value').map(text)

describe('the dashboard statistic cards', () => {
  it('say "Loading..." while the figures load', async () => {
    await renderWithProviders(<DashboardStatCards loading />)
    expect(screen.getByRole('status').textContent).toBe('Loading...')
    expect(screen.queryAllByTestId('stat-card')).toHaveLength(0)
  })

  it('show a failure as red text', async () => {
    await renderWithProviders(<DashboardStatCards loading={false} error="Database unavailable" />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('Database unavailable')
    expect(alert.className).toContain('text-red-600')
  })

  it('show five figures, the first highlighted, with their comparisons', async () => {
    await renderWithProviders(<DashboardStatCards loading={false} statistics={STATISTICS} />)
    const cards = screen.getAllByTestId('stat-card')
    expect(cards).toHaveLength(5)
    expect(cards.map((card) => card.hasAttribute('data-highlighted'))).toEqual([
      true,
      false,
      false,
      false,
      false,
    ])
    expect(values()).toEqual(['SAR 12,500', '4', '6', '62.5%', '5'])
    expect(text(cards[0]!)).toContain('+25%vs last month')
    expect(cards[0]!.querySelector('[data-trend]')?.getAttribute('data-trend')).toBe('up')
    expect(cards[1]!.textContent).toContain('+1 this month')
    // A failing or paused link is not counted as syncing (issue 15).
    expect(cards[2]!.textContent).toContain('5 of 6 syncing')
    expect(cards[3]!.querySelector('[data-trend]')?.getAttribute('data-trend')).toBe('down')
    expect(cards[3]!.textContent).toContain('-10%vs last month')
    expect(cards[4]!.textContent).toContain('+2vs 3 last week')
  })

  it('write the figures the Arabic way', async () => {
    await renderWithProviders(<DashboardStatCards loading={false} statistics={STATISTICS} />, {
      language: 'ar',
    })
    expect(values()[0]).toContain('١٢٬٥٠٠')
    expect(values()[0]).toContain('ر.س')
    expect(values()[3]).toContain('٦٢٫٥')
    expect(screen.getAllByTestId('stat-card')[2]!.textContent).toContain('٥ من ٦ روابط تتزامن')
  })
})

describe('the property statistic cards', () => {
  it('show "-" for every figure once a failure has cleared them', async () => {
    await renderWithProviders(<PeriodStatCards loading={false} statistics={null} />)
    expect(values()).toEqual(['-', '-', '-', '-', '-'])
  })

  it("show the window's five figures", async () => {
    await renderWithProviders(
      <PeriodStatCards
        loading={false}
        statistics={{
          revenue: 2100,
          occupancyRate: 22.58,
          bookedNights: 7,
          bookings: 2,
          averageNightlyRate: 300,
        }}
      />,
    )
    expect(values()).toEqual(['SAR 2,100', '22.6%', '7', '2', 'SAR 300'])
  })
})
