import type { ReactElement, ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { I18nProvider, LANGUAGE_STORAGE_KEY } from '../../src/i18n.tsx'
import type { Language } from '../../src/domain/translator.ts'

const LOADING_LOCALE = 'loading locale'

/** The app's providers around `ui`, in `language`, once that locale has loaded. */
export async function renderWithProviders(
  ui: ReactElement,
  { language = 'en' }: { language?: Language } = {},
) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider
      fallback={<p>{LOADING_LOCALE}</p>}
      initialParts={['public', 'signedIn', 'admin', 'turnovers', 'cleaner', 'alerts', 'team']}
    >
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nProvider>
  )
  const rendered = render(ui, { wrapper })
  await waitFor(() => {
    if (screen.queryByText(LOADING_LOCALE)) throw new Error('the locale is still loading')
  })
  return { ...rendered, queryClient }
}
