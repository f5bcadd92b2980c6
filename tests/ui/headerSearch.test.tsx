import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { api } from '../../src/actors/api.ts'
import { AppShell } from '../../src/frame/AppShell.tsx'
import { aProfile } from '../machines/settingsFixtures.ts'
import { renderRoute } from './render.tsx'

afterEach(() => vi.restoreAllMocks())

/** The signed-in shell on the dashboard, at a desktop's width (the header's box). */
async function renderShell() {
  vi.spyOn(api.stay, 'search').mockResolvedValue([])
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })),
  )
  return renderRoute(
    <AppShell profile={aProfile()}>
      <p>page</p>
    </AppShell>,
    { path: '/dashboard' },
  )
}

describe("the header's search", () => {
  afterEach(() => vi.unstubAllGlobals())

  it('stays on the page while one types, and opens the properties it finds on Enter', async () => {
    const view = await renderShell()
    const user = userEvent.setup()
    const box = screen.getByTestId('global-search')
    await user.type(box, 'palm')
    expect(view.currentPath()).toBe('/dashboard')
    expect((screen.getByTestId('global-search') as HTMLInputElement).value).toBe('palm')
    await user.keyboard('{Enter}')
    expect(view.currentPath()).toBe('/properties?search=palm')
  })
})
