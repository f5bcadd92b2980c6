import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { AppShell } from '../../src/frame/AppShell.tsx'
import { aProfile } from '../machines/settingsFixtures.ts'
import { renderRoute } from './render.tsx'

const happyDom = () =>
  (window as unknown as { happyDOM: { setViewport: (size: { width: number }) => void } }).happyDOM

afterEach(() => {
  vi.unstubAllGlobals()
  happyDom().setViewport({ width: 1024 })
})

/** The panels are chunks of their own: the first one opened waits for its code. */
const LOADING = { timeout: 5000 }

/** Every call answers an empty list: the shell's notifications have nothing to show. */
const quietServer = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })),
  )

/** The signed-in shell on the dashboard, on a phone, on a quiet server. */
async function renderShell() {
  quietServer()
  happyDom().setViewport({ width: 390 })
  await renderRoute(
    <AppShell profile={aProfile()}>
      <p>page</p>
    </AppShell>,
    { path: '/dashboard' },
  )
}

describe('the mobile top bar', () => {
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

describe('the frame draws the bars of its screen size', () => {
  it('draws the sidebar and the desktop header from md up, the mobile top bar below it, never both', async () => {
    await renderShell()
    expect(screen.getByTestId('mobile-top-bar')).toBeTruthy()
    expect(screen.queryByTestId('desktop-header')).toBeNull()
    expect(screen.queryByTestId('sidebar')).toBeNull()
    act(() => happyDom().setViewport({ width: 768 }))
    expect(screen.getByTestId('desktop-header')).toBeTruthy()
    expect(screen.getByTestId('sidebar')).toBeTruthy()
    expect(screen.queryByTestId('mobile-top-bar')).toBeNull()
  })
})
