import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { SESSION_HINT_KEY } from '../../src/common/sessionHint.ts'
import { AppShell } from '../../src/frame/AppShell.tsx'
import { App } from '../../src/routes/App.tsx'
import { isCleanerPath, navigationFor } from '../../src/domain/navigation.ts'
import { EditPropertyDialog } from '../../src/routes/properties/EditPropertyDialog.tsx'
import { PropertyCard } from '../../src/ui/property/PropertyCard.tsx'
import { aProfile } from '../machines/settingsFixtures.ts'
import { aProperty } from './propertyBuilders.ts'
import { renderRoute } from './render.tsx'

const happyDom = () =>
  (window as unknown as { happyDOM: { setViewport: (size: { width: number }) => void } }).happyDOM

/** Every call answers an empty list: nothing the screens ask for matters here. */
const quietServer = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })),
  )

afterEach(() => {
  vi.unstubAllGlobals()
  happyDom().setViewport({ width: 1024 })
  localStorage.removeItem(SESSION_HINT_KEY)
  window.history.replaceState(null, '', '/')
})

const SHARED = aProperty({ sharedBy: { role: 'cohost', ownerName: 'Huda Al-Harbi', memberId: 'm1' } })
const OWN = aProperty({ id: 'property-2', name: 'Corniche Loft' })

describe('a property shared with the reader', () => {
  it('says on its card whose it is, in English and Arabic; the reader’s own says nothing', async () => {
    await renderRoute(
      <>
        <PropertyCard property={SHARED} onOpen={() => {}} />
        <PropertyCard property={OWN} onOpen={() => {}} />
      </>,
    )
    const [shared, own] = screen.getAllByTestId('property-card')
    expect(within(shared!).getByTestId('shared-mark').textContent).toBe('Shared with you by Huda Al-Harbi')
    expect(within(own!).queryByTestId('shared-mark')).toBeNull()
  })

  it('says it in Arabic too', async () => {
    await renderRoute(<PropertyCard property={SHARED} onOpen={() => {}} />, { language: 'ar' })
    expect(screen.getByTestId('shared-mark').textContent).toBe('مشارك معك من Huda Al-Harbi')
  })

  it('opens for a co-host with the mark, without Team, Delete or a new link', async () => {
    quietServer()
    const user = userEvent.setup()
    await renderRoute(<EditPropertyDialog property={SHARED} onClosed={() => {}} />)
    const modal = within(screen.getByTestId('property-modal'))
    expect(modal.getByTestId('shared-mark').textContent).toContain('Huda Al-Harbi')
    expect(modal.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'About',
      'Connections',
      'Statistics',
    ])
    await user.click(modal.getByTestId('mode-edit'))
    expect(modal.getByTestId('save-property')).toBeTruthy()
    expect(modal.queryByTestId('delete-property')).toBeNull()
    await user.click(modal.getByRole('tab', { name: 'Connections' }))
    expect(modal.queryByRole('button', { name: 'New link' })).toBeNull()
  })

  it('opens for its owner with a Team tab and Delete, and no mark', async () => {
    quietServer()
    const user = userEvent.setup()
    await renderRoute(<EditPropertyDialog property={OWN} onClosed={() => {}} />)
    const modal = within(screen.getByTestId('property-modal'))
    expect(modal.queryByTestId('shared-mark')).toBeNull()
    await user.click(modal.getByRole('tab', { name: 'Team' }))
    expect(await modal.findByTestId('team-empty', {}, { timeout: 5000 })).toBeTruthy()
    expect(modal.getByRole('button', { name: 'Send invitation' })).toBeTruthy()
    await user.click(modal.getByTestId('mode-edit'))
    expect(modal.getByTestId('delete-property')).toBeTruthy()
  })
})

describe('a cleaner’s account', () => {
  it('has Turnovers alone in its menu', async () => {
    quietServer()
    await renderRoute(
      <AppShell profile={{ ...aProfile(), workspace: 'cleaner' }}>
        <p>page</p>
      </AppShell>,
      { path: '/turnovers' },
    )
    const menu = within(screen.getByRole('navigation', { name: 'Main menu' }))
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual(['Turnovers'])
  })

  it('has every host screen in a host’s menu', async () => {
    quietServer()
    await renderRoute(
      <AppShell profile={{ ...aProfile(), workspace: 'host' }}>
        <p>page</p>
      </AppShell>,
      { path: '/dashboard' },
    )
    const menu = within(screen.getByRole('navigation', { name: 'Main menu' }))
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Properties',
      'Integration',
      'Calendar',
      'Turnovers',
    ])
  })

  it.each(['/', '/dashboard', '/properties'])('opening %s lands on Turnovers', async (path) => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        new URL(String(input), window.location.origin).pathname === '/api/user/profile'
          ? json({ ...aProfile(), workspace: 'cleaner' })
          : json([]),
      ),
    )
    // The signed-in page opens the notification stream, which has nothing to say here.
    vi.stubGlobal(
      'EventSource',
      class {
        addEventListener() {}
        close() {}
      },
    )
    localStorage.setItem(SESSION_HINT_KEY, '1')
    window.history.replaceState(null, '', path)
    render(<App />)
    await waitFor(() => expect(window.location.pathname).toBe('/turnovers'), { timeout: 5000 })
  })

  it('stays on Turnovers and the settings; `/`, the dashboard and every property screen leave for Turnovers', () => {
    expect(['/turnovers', '/settings'].every(isCleanerPath)).toBe(true)
    expect(['/', '/dashboard', '/properties', '/calendar', '/integration'].some(isCleanerPath)).toBe(false)
    expect(navigationFor(true, 'cleaner').admin.length).toBeGreaterThan(0)
  })
})
