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

const MARCH = { start: '2026-03-01', end: '2026-03-31' }

// Intl puts a no-break space between "SAR" and the amount, and thin ones around a range's dash.
const text = (element: Element) => element.textContent?.replace(/[\u00a0\u2009]/g, ' ')
const values = () => screen.getAllByTestId('stat-value').map(text)

describe('the dashboard statistic cards', () => {
  it('say "Loading..." while the figures load', async () => {
    await renderWithProviders(<DashboardStatCards period={MARCH} loading />)
    expect(screen.getByRole('status').textContent).toBe('Loading...')
    expect(screen.queryAllByTestId('stat-card')).toHaveLength(0)
  })

  it('show a failure as red text', async () => {
    await renderWithProviders(
      <DashboardStatCards period={MARCH} loading={false} error="Database unavailable" />,
    )
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('Database unavailable')
    expect(alert.className).toContain('text-red-600')
  })

  it('show five figures, the first highlighted, compared with the month before a month', async () => {
    await renderWithProviders(<DashboardStatCards period={MARCH} loading={false} statistics={STATISTICS} />)
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
    expect(text(cards[0]!)).toContain('+25%vs 1 – 28 Feb 2026')
    expect(cards[0]!.querySelector('[data-trend]')?.getAttribute('data-trend')).toBe('up')
    expect(cards[1]!.textContent).toContain('+1 in this period')
    // A failing or paused link is not counted as syncing.
    expect(cards[2]!.textContent).toContain('5 of 6 syncing')
    expect(cards[3]!.querySelector('[data-trend]')?.getAttribute('data-trend')).toBe('down')
    expect(text(cards[3]!)).toContain('-10%vs 1 – 28 Feb 2026')
    expect(text(cards[4]!)).toContain('+2vs 3 in 1 – 28 Feb 2026')
  })

  it('compare any other period with as many days just before it', async () => {
    await renderWithProviders(
      <DashboardStatCards
        period={{ start: '2026-03-10', end: '2026-03-19' }}
        loading={false}
        statistics={STATISTICS}
      />,
    )
    const cards = screen.getAllByTestId('stat-card')
    expect(text(cards[0]!)).toContain('+25%vs 28 Feb – 9 Mar 2026')
    expect(text(cards[4]!)).toContain('vs 3 in 28 Feb – 9 Mar 2026')
  })

  it('write the figures the Arabic way', async () => {
    await renderWithProviders(<DashboardStatCards period={MARCH} loading={false} statistics={STATISTICS} />, {
      language: 'ar',
    })
    expect(values()[0]).toContain('١٢٬٥٠٠')
    expect(values()[0]).toContain('ر.س')
    expect(values()[3]).toContain('٦٢٫٥')
    expect(screen.getAllByTestId('stat-card')[2]!.textContent).toContain('٥ من ٦ روابط تتزامن')
  })
})

describe('the active bookings card', () => {
  const activeCard = () => screen.getAllByTestId('stat-card')[4]!
  const withActive = (currWeek: number) => ({ ...STATISTICS, activeBookings: { prevWeek: 0, currWeek } })

  it.each([
    ['en', 0, '0 active bookings'],
    ['en', 1, '1 active booking'],
    ['ar', 0, 'لا حجوزات نشطة'],
    ['ar', 1, 'حجز نشط واحد'],
    ['ar', 2, 'حجزان نشطان'],
    ['ar', 3, '٣ حجوزات نشطة'],
    ['ar', 11, '١١ حجزًا نشطًا'],
  ] as const)('says its figure in words (%s, %i)', async (language, count, words) => {
    await renderWithProviders(
      <DashboardStatCards period={MARCH} loading={false} statistics={withActive(count)} />,
      { language },
    )
    expect(activeCard().textContent).toContain(words)
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
