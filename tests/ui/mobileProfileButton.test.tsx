import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { AppShell } from '../../src/routes/AppShell.tsx'
import { aProfile } from '../machines/settingsFixtures.ts'
import { renderRoute } from './render.tsx'

afterEach(() => vi.unstubAllGlobals())

/** The panels are chunks of their own (issue 17): the first one opened waits for its code. */
const LOADING = { timeout: 5000 }

/** Every call answers an empty list: the shell's notifications have nothing to show. */
const quietServer = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })),
  )

/** The signed-in shell on the dashboard, on a quiet server. */
async function renderShell() {
  quietServer()
  await renderRoute(
    <AppShell profile={aProfile()}>
      <p>page</p>
    </AppShell>,
    { path: '/dashboard' },
  )
}

describe('the mobile top bar (SPEC 2, shell; issue 15)', () => {
  it('opens the profile dialog from the profile button, not the user-menu sheet', async () => {
    await renderShell()
    fireEvent.click(screen.getByTestId('mobile-profile-button'))
    await screen.findByTestId('settings-modal', {}, LOADING)
    expect(screen.queryByTestId('user-menu-sheet')).toBeNull()
  })

  it('still opens the bottom-sheet user menu from its own button', async () => {
    await renderShell()
    fireEvent.click(screen.getByTestId('mobile-user-button'))
    await screen.findByTestId('user-menu-sheet', {}, LOADING)
    await waitFor(() => expect(screen.queryByTestId('settings-modal')).toBeNull())
  })
})
