import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { browserLanguage, I18nProvider, LANGUAGE_STORAGE_KEY, useI18n } from '../../src/i18n.tsx'

afterEach(() => vi.restoreAllMocks())

/** A browser whose preferred languages are `languages`, as `navigator.languages` lists them. */
const browserPrefers = (...languages: string[]) =>
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages)

function Greeting() {
  const { t, setLanguage } = useI18n()
  return (
    <>
      <p data-testid="greeting">{t('auth.signIn')}</p>
      <button type="button" onClick={() => setLanguage('en')}>
        English
      </button>
    </>
  )
}

async function openApp() {
  const rendered = render(
    <I18nProvider>
      <Greeting />
    </I18nProvider>,
  )
  await screen.findByTestId('greeting')
  return rendered
}

describe('the first visit takes the browser language', () => {
  it('opens in Arabic, right to left, for a browser that prefers Arabic', async () => {
    browserPrefers('ar-SA', 'en-US')
    await openApp()
    expect(screen.getByTestId('greeting').textContent).toBe('تسجيل الدخول')
    expect(document.documentElement.dir).toBe('rtl')
    expect(document.documentElement.lang).toBe('ar')
  })

  it('opens in English for an English browser, and for one whose languages the app does not have', async () => {
    browserPrefers('en-GB', 'ar')
    const first = await openApp()
    expect(screen.getByTestId('greeting').textContent).toBe('Sign in')
    first.unmount()
    browserPrefers('fr-FR', 'de')
    await openApp()
    expect(screen.getByTestId('greeting').textContent).toBe('Sign in')
    expect(document.documentElement.dir).toBe('ltr')
  })

  it('takes the first language it has from the list', () => {
    expect(browserLanguage(['fr-FR', 'AR-eg', 'en'])).toBe('ar')
    expect(browserLanguage(['en-US', 'ar'])).toBe('en')
    expect(browserLanguage([])).toBeUndefined()
  })

  it("then the person's choice wins, and is kept for the next visit", async () => {
    browserPrefers('ar-SA')
    const first = await openApp()
    expect(screen.getByTestId('greeting').textContent).toBe('تسجيل الدخول')
    fireEvent.click(screen.getByRole('button', { name: 'English' }))
    await waitFor(() => expect(screen.getByTestId('greeting').textContent).toBe('Sign in'))
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en')
    first.unmount()
    await openApp()
    expect(screen.getByTestId('greeting').textContent).toBe('Sign in')
    expect(document.documentElement.dir).toBe('ltr')
  })

  it('does not store the browser language: until a choice, the browser keeps deciding', async () => {
    browserPrefers('ar-SA')
    await openApp()
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull()
  })
})
