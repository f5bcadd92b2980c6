import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import toast from 'react-hot-toast'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, OfflineError } from '../../src/actors/http.ts'
import { api } from '../../src/actors/api.ts'
import { failureFrom } from '../../src/machines/parts/feedback.ts'
import { feedbackText } from '../../src/common/notify.ts'
import { createTranslator } from '../../src/domain/translator.ts'
import OfflineBanner from '../../src/ui/common/OfflineBanner.tsx'
import { Modal } from '../../src/ui/common/Modal.tsx'
import en from '../../locales/en.json' with { type: 'json' }
import ar from '../../locales/ar.json' with { type: 'json' }
import { exportFeed, LOFT, renderCalendar, VILLA } from './calendarScreen.tsx'
import { renderWithProviders } from './providers.tsx'

const OFFLINE = {
  en: "You're offline. Your changes are kept; try again when you're back online.",
  ar: 'أنت غير متصل بالإنترنت. تغييراتك باقية هنا؛ حاول مرة أخرى عند عودة الاتصال.',
}
const BANNER = {
  en: "You're offline. What you type is kept until you're back online.",
  ar: 'أنت غير متصل بالإنترنت. ما تكتبه يبقى هنا حتى يعود الاتصال.',
}

afterEach(() => {
  setOnline(true)
  toast.remove()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

/** The browser says it is online or not, and tells the page as it does. */
function setOnline(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online)
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')))
}

const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (failure: unknown) => failure,
  )

describe('a call that gets no answer', () => {
  it('is an OfflineError when fetch fails with the browser offline, and only then', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    setOnline(false)
    const dropped = await failureOf(api.property.stay.remove('villa', 'stay'))
    expect(dropped).toBeInstanceOf(OfflineError)
    expect(dropped).toMatchObject({ status: 0, offline: true })

    // A server out of reach from a network that works: nothing says the person is offline.
    setOnline(true)
    const unreachable = await failureOf(api.property.stay.remove('villa', 'stay'))
    expect(unreachable).toBeInstanceOf(ApiError)
    expect(unreachable).not.toBeInstanceOf(OfflineError)

    // Nor does the timeout: the server may have done the work.
    setOnline(false)
    vi.stubGlobal('fetch', () => Promise.reject(new DOMException('signal timed out', 'TimeoutError')))
    expect(await failureOf(api.property.list())).not.toBeInstanceOf(OfflineError)

    setOnline(true)
    vi.stubGlobal('fetch', async () => new Response('{"message":"Down"}', { status: 503 }))
    expect(await failureOf(api.property.list())).toMatchObject({ status: 503, message: 'Down' })
  })

  it.each([
    ['en', en],
    ['ar', ar],
  ] as const)('says one translated offline message in every flow, in %s', (language, messages) => {
    const t = createTranslator(language, messages)
    for (const key of ['manualStay.saveFailed', 'property.updateFailed', 'settings.saveFailed']) {
      expect(feedbackText(t, failureFrom(key, new OfflineError('')))).toBe(OFFLINE[language])
      // Without a network problem the browser knows of, the action's own words, as before.
      expect(failureFrom(key, new ApiError('', 0))).toEqual({ key })
    }
    expect(failureFrom('manualStay.saveFailed', new ApiError('Overlaps', 409))).toEqual({
      key: 'manualStay.saveFailed',
      detail: 'Overlaps',
    })
  })
})

describe('the offline banner', () => {
  it.each(['en', 'ar'] as const)(
    'is a polite live region of the body, empty online, saying so offline in %s',
    async (language) => {
      await renderWithProviders(<OfflineBanner />, { language })
      const region = screen.getByTestId('offline-status')
      expect(region.parentElement).toBe(document.body)
      expect(region.getAttribute('role')).toBe('status')
      expect(region.getAttribute('aria-live')).toBe('polite')
      expect(region.textContent).toBe('')
      setOnline(false)
      expect((await within(region).findByTestId('offline-banner')).textContent).toBe(BANNER[language])
      // The page makes room for it, so it covers none of the header's controls.
      expect(document.documentElement.style.getPropertyValue('--offline-bar')).toMatch(/^\d+px$/)
      setOnline(true)
      expect(region.textContent).toBe('')
      expect(document.documentElement.style.getPropertyValue('--offline-bar')).toBe('')
    },
  )

  it('is still heard while a dialog holds the rest of the page inert', async () => {
    await renderWithProviders(
      <>
        <Modal open onClose={() => {}} title="A form" testId="a-dialog">
          <input aria-label="Guest" />
        </Modal>
        <OfflineBanner />
      </>,
    )
    await screen.findByTestId('a-dialog')
    setOnline(false)
    const region = screen.getByTestId('offline-status')
    await within(region).findByTestId('offline-banner')
    const page = [...document.body.children].find((element) => element.contains(screen.getByRole('textbox')))
    await waitFor(() =>
      expect(
        [...document.body.children].some(
          (element) => element !== page && element.getAttribute('aria-hidden'),
        ),
      ).toBe(true),
    )
    expect(region.getAttribute('aria-hidden')).toBeNull()
    expect((region as HTMLElement).inert).toBe(false)
  })
})

describe('a manual stay saved with no network', () => {
  it('keeps the dialog open with what was typed, says so, and saves once the network is back', async () => {
    let online = false
    const posted: unknown[] = []
    vi.spyOn(api.property, 'list').mockResolvedValue([VILLA, LOFT])
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        if (init?.method !== 'POST') {
          return new Response(exportFeed([]), { headers: { 'content-type': 'text/calendar' } })
        }
        if (!online) throw new TypeError('Failed to fetch')
        posted.push(JSON.parse(String(init.body)))
        return new Response(JSON.stringify({ id: 'stay-1' }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        })
      }),
    )
    await renderCalendar()
    const user = userEvent.setup()
    await user.click(screen.getByTestId('add-stay'))
    const dialog = await screen.findByTestId('manual-stay-dialog')
    await user.type(within(dialog).getByLabelText('Guest name (optional)'), 'Layla Haddad')
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Late arrival')

    setOnline(false)
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(OFFLINE.en)
    expect(screen.getByTestId('manual-stay-dialog')).toBe(dialog)
    expect(within(dialog).getByLabelText<HTMLInputElement>('Guest name (optional)').value).toBe(
      'Layla Haddad',
    )
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>('Note (optional)').value).toBe('Late arrival')
    expect(posted).toEqual([])

    online = true
    setOnline(true)
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByTestId('manual-stay-dialog')).toBeNull())
    expect(posted).toMatchObject([{ guestName: 'Layla Haddad', note: 'Late arrival' }])
  })
})
