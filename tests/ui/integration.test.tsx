import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ConnectedProperties } from '../../src/ui/integration/ConnectedProperties.tsx'
import { PlatformCard } from '../../src/ui/integration/PlatformCard.tsx'
import { INTEGRATION_PLATFORMS } from '../../src/ui/integration/PlatformLogo.tsx'
import { renderWithProviders } from './providers.tsx'

const [AIRBNB] = INTEGRATION_PLATFORMS

describe('a platform card', () => {
  it('offers Connect while no property links the platform', async () => {
    const onConnect = vi.fn()
    await renderWithProviders(
      <PlatformCard platform={AIRBNB} connectedProperties={[]} canConnect onConnect={onConnect} />,
    )
    expect(screen.getByText('Not connected')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Connect Airbnb' }))
    expect(onConnect).toHaveBeenCalledOnce()
  })

  it('shows a disabled "Connected" once any property links it', async () => {
    await renderWithProviders(
      <PlatformCard
        platform={AIRBNB}
        connectedProperties={['Palm Villa', 'Corniche Flat']}
        canConnect
        onConnect={() => {}}
      />,
    )
    const button = screen.getByRole('button', { name: 'Connected' })
    expect(button.hasAttribute('disabled')).toBe(true)
    const card = screen.getByTestId('platform-card')
    expect(card.textContent).toContain('Linked to Palm Villa and Corniche Flat')
    // Each name keeps its own direction (issue 15).
    expect([...card.querySelectorAll('bdi')].map((name) => name.textContent)).toEqual([
      'Palm Villa',
      'Corniche Flat',
    ])
    expect(screen.getByTestId('platform-card').hasAttribute('data-connected')).toBe(true)
  })

  it('cannot connect without a property to link', async () => {
    await renderWithProviders(
      <PlatformCard platform={AIRBNB} connectedProperties={[]} canConnect={false} onConnect={() => {}} />,
    )
    expect(screen.getByRole('button', { name: 'Connect Airbnb' }).hasAttribute('disabled')).toBe(true)
  })

  it('draws its own logo and speaks Arabic', async () => {
    await renderWithProviders(
      <PlatformCard platform={AIRBNB} connectedProperties={[]} canConnect onConnect={() => {}} />,
      { language: 'ar' },
    )
    expect(screen.getByTestId('platform-card').querySelector('svg')).toBeTruthy()
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.getByRole('button', { name: 'ربط Airbnb' })).toBeTruthy()
  })
})

describe('the connected properties list', () => {
  it('says "No properties yet" without properties', async () => {
    await renderWithProviders(<ConnectedProperties properties={[]} />)
    expect(screen.getByTestId('integration-empty').textContent).toBe('No properties yet')
  })

  it('says "No connected properties" when none links a platform', async () => {
    await renderWithProviders(
      <ConnectedProperties properties={[{ id: 'p1', name: 'Palm Villa', externalCalendars: [] }]} />,
    )
    expect(screen.getByTestId('integration-empty').textContent).toBe('No connected properties')
  })

  it('lists each linked property with its platforms', async () => {
    await renderWithProviders(
      <ConnectedProperties
        properties={[
          {
            id: 'p1',
            name: 'Palm Villa',
            externalCalendars: [{ platformName: 'Airbnb' }, { platformName: 'Vrbo' }],
          },
        ]}
      />,
    )
    expect(screen.getByText('Palm Villa')).toBeTruthy()
    expect(screen.getByText('Vrbo')).toBeTruthy()
  })
})
