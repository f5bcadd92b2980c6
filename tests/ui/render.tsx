import type { ReactElement } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { Language } from '../../src/domain/translator.ts'
import { renderWithProviders } from './providers.tsx'

/**
 * A route (or any screen with links) inside the app's providers and an in-memory location that
 * records every navigation, once the locale has loaded.
 */
export async function renderRoute(
  ui: ReactElement,
  { path = '/', language = 'en' }: { path?: string; language?: Language } = {},
) {
  const location = memoryLocation({ path, record: true })
  const rendered = await renderWithProviders(
    <Router hook={location.hook} searchHook={location.searchHook}>
      {ui}
    </Router>,
    { language },
  )
  return { ...rendered, history: location.history, currentPath: () => location.history.at(-1) }
}
