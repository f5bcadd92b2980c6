import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ConnectedProperties } from '../../src/ui/integration/ConnectedProperties.tsx'
import { PlatformCard } from '../../src/ui/integration/PlatformCard.tsx'
import { INTEGRATION_PLATFORMS } from '../../src/domain/platforms.ts'
import { renderWithProviders } from './providers.tsx'

const AIRBNB = INTEGRATION_PLATFORMS[0]!

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

  it('lists its linked properties and still offers Connect while another property is not linked', async () => {
    const onConnect = vi.fn()
    await renderWithProviders(
      <PlatformCard
        platform={AIRBNB}
        connectedProperties={['Palm Villa']}
        canConnect
        onConnect={onConnect}
      />,
    )
    expect(screen.getByTestId('platform-linked').textContent).toBe('Linked to Palm Villa')
    expect(screen.queryByRole('button', { name: 'Connected' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Connect Airbnb' }))
    expect(onConnect).toHaveBeenCalledOnce()
  })

  it('says how many of its links fail, in English and Arabic', async () => {
    const card = (
      <PlatformCard
        platform={AIRBNB}
        connectedProperties={['Palm Villa', 'Corniche Flat', 'Desert Lodge']}
        links={{ total: 3, failing: 1, unstable: 0 }}
        canConnect={false}
        onConnect={() => {}}
      />
    )
    const { unmount } = await renderWithProviders(card)
    expect(screen.getByTestId('platform-failing').textContent).toBe('1 of 3 failing')
    unmount()
    await renderWithProviders(card, { language: 'ar' })
    expect(screen.getByTestId('platform-failing').textContent).toBe('١ من ٣ روابط متعطّلة')
  })

  it('says that a link keeps changing, in English and Arabic, and nothing while none does', async () => {
    const card = (unstable: number) => (
      <PlatformCard
        platform={AIRBNB}
        connectedProperties={['Palm Villa', 'Corniche Flat']}
        links={{ total: 2, failing: 0, unstable }}
        canConnect={false}
        onConnect={() => {}}
      />
    )
    const { unmount } = await renderWithProviders(card(1))
    expect(screen.getByTestId('platform-unstable').textContent).toBe(
      'Keeps changing: changes not announced one by one',
    )
    unmount()
    const arabic = await renderWithProviders(card(1), { language: 'ar' })
    expect(screen.getByTestId('platform-unstable').textContent).toBe(
      'يتغيّر باستمرار: لا يُعلن عن تغييراته واحدًا واحدًا',
    )
    arabic.unmount()
    await renderWithProviders(card(0))
    expect(screen.queryByTestId('platform-unstable')).toBeNull()
  })

  it('shows no failing count while every link syncs', async () => {
    await renderWithProviders(
      <PlatformCard
        platform={AIRBNB}
        connectedProperties={['Palm Villa']}
        links={{ total: 1, failing: 0, unstable: 0 }}
        canConnect
        onConnect={() => {}}
      />,
    )
    expect(screen.queryByTestId('platform-failing')).toBeNull()
  })

  it('shows a disabled "Connected" once every property links it', async () => {
    await renderWithProviders(
      <PlatformCard
        platform={AIRBNB}
        connectedProperties={['Palm Villa', 'Corniche Flat']}
        canConnect={false}
        onConnect={() => {}}
      />,
    )
    const button = screen.getByRole('button', { name: 'Connected' })
    expect(button.hasAttribute('disabled')).toBe(true)
    expect(screen.getByText('Every property is linked')).toBeTruthy()
    const card = screen.getByTestId('platform-card')
    expect(card.textContent).toContain('Linked to Palm Villa and Corniche Flat')
    // Each name keeps its own direction.
    expect([...card.querySelectorAll('bdi')].map((name) => name.textContent)).toEqual([
      'Palm Villa',
      'Corniche Flat',
    ])
    expect(screen.getByTestId('platform-card').hasAttribute('data-connected')).toBe(true)
  })

  it('cannot connect without a property to link, and says so beside the button, in English and Arabic', async () => {
    const card = (
      <PlatformCard platform={AIRBNB} connectedProperties={[]} canConnect={false} onConnect={() => {}} />
    )
    const reason = (button: HTMLElement) =>
      document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent
    const { unmount } = await renderWithProviders(card)
    const connect = screen.getByRole('button', { name: 'Connect Airbnb' })
    expect(connect.hasAttribute('disabled')).toBe(true)
    expect(reason(connect)).toBe('Add a property first')
    unmount()
    await renderWithProviders(card, { language: 'ar' })
    expect(reason(screen.getByRole('button', { name: 'ربط Airbnb' }))).toBe('أضف عقارًا أولًا')
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
