import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { IntegrationCards, type PlatformSummary } from '../../src/ui/dashboard/IntegrationCards.tsx'
import { INTEGRATION_PLATFORMS, type IntegrationPlatform } from '../../src/domain/platforms.ts'
import { renderWithProviders } from './providers.tsx'

const [airbnb, booking, vrbo, gathern] = INTEGRATION_PLATFORMS as [
  IntegrationPlatform,
  IntegrationPlatform,
  IntegrationPlatform,
  IntegrationPlatform,
]
const PLATFORMS: PlatformSummary[] = [
  { platform: airbnb, linkedProperties: 2, links: { total: 2, failing: 0 }, canConnect: true },
  { platform: booking, linkedProperties: 3, links: { total: 3, failing: 2 }, canConnect: false },
  { platform: vrbo, linkedProperties: 1, links: { total: 1, failing: 1 }, canConnect: true },
  { platform: gathern, linkedProperties: 0, links: { total: 0, failing: 0 }, canConnect: true },
]

const card = (platform: string) =>
  screen.getAllByTestId('integration-card').find((item) => item.dataset.platform === platform)!

describe("the dashboard's integration cards", () => {
  it('count linked properties and failing or paused links, and offer Connect while a property is left', async () => {
    const onConnect = vi.fn()
    await renderWithProviders(<IntegrationCards platforms={PLATFORMS} onConnect={onConnect} />)
    expect(screen.getAllByTestId('integration-card')).toHaveLength(4)
    expect(within(card('Airbnb')).getByTestId('integration-linked').textContent).toBe('2 properties linked')
    expect(within(card('Airbnb')).getByTestId('integration-syncing').textContent).toBe('All links syncing')
    expect(within(card('Booking.com')).getByTestId('integration-failing').textContent).toBe(
      '2 links failing or paused',
    )
    expect(within(card('Vrbo')).getByTestId('integration-failing').textContent).toBe(
      '1 link failing or paused',
    )
    expect(within(card('Gathern')).queryByTestId('integration-syncing')).toBeNull()
    // Every property links Booking.com already.
    expect(
      within(card('Booking.com')).getByRole('button', { name: 'Connected' }).hasAttribute('disabled'),
    ).toBe(true)
    await userEvent.click(within(card('Vrbo')).getByRole('button', { name: 'Connect Vrbo' }))
    expect(onConnect).toHaveBeenCalledWith('Vrbo')
  })

  it('say it in Arabic, with its plurals', async () => {
    await renderWithProviders(<IntegrationCards platforms={PLATFORMS} onConnect={() => {}} />, {
      language: 'ar',
    })
    expect(within(card('Airbnb')).getByTestId('integration-linked').textContent).toBe('عقاران مرتبطان')
    expect(within(card('Booking.com')).getByTestId('integration-failing').textContent).toBe(
      'رابطان متعطّلان أو موقوفان',
    )
    expect(within(card('Gathern')).getByTestId('integration-linked').textContent).toBe('لا عقارات مرتبطة')
  })
})
