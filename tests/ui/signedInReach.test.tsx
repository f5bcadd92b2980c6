import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { AppShell } from '../../src/frame/AppShell.tsx'
import { SignedIn } from '../../src/frame/guards.tsx'
import { aProfile } from '../machines/settingsFixtures.ts'
import { renderRoute } from './render.tsx'

afterEach(() => vi.unstubAllGlobals())

/** A signed-in screen's guard, its profile call answered by `answer`. */
async function renderSignedIn(answer: () => Promise<Response>, language: 'en' | 'ar' = 'en') {
  vi.stubGlobal('fetch', vi.fn(answer))
  await renderRoute(<SignedIn>{() => <p>the screen</p>}</SignedIn>, { path: '/calendar', language })
}

describe('a signed-in screen whose profile cannot be read', () => {
  it.each([
    ['en', "You're offline"],
    ['ar', 'أنت غير متصل بالإنترنت'],
  ] as const)('shows the offline page when no answer comes at all, in %s', async (language, title) => {
    // What a reload with no network gets, whatever navigator.onLine says for the moment.
    await renderSignedIn(() => Promise.reject(new TypeError('Failed to fetch')), language)
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy()
    expect(screen.queryByText(/Unexpected error|خطأ غير متوقع/)).toBeNull()
  })

  it('says "Unexpected error" when the server answers with a failure', async () => {
    await renderSignedIn(async () => new Response('{"message":"down"}', { status: 500 }))
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(screen.queryByTestId('offline-page')).toBeNull()
  })
})

describe('/settings', () => {
  it.each([
    ["a host's", 'host', '/dashboard'],
    ["a cleaner's", 'cleaner', '/turnovers'],
  ] as const)(
    'opens the settings over the page, and closing them goes to %s home screen',
    async (_, workspace, home) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(
          async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }),
        ),
      )
      const rendered = await renderRoute(
        <AppShell profile={{ ...aProfile(), workspace }}>
          <p>page</p>
        </AppShell>,
        { path: '/settings' },
      )
      const settings = await screen.findByTestId('settings-modal', {}, { timeout: 5000 })
      fireEvent.click(settings.querySelector('button[aria-label="Close"]')!)
      await waitFor(() => expect(rendered.currentPath()).toBe(home))
      await waitFor(() => expect(screen.queryByTestId('settings-modal')).toBeNull())
    },
  )
})
