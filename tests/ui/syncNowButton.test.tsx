import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Toaster } from 'react-hot-toast'
import { SyncNowButton } from '../../src/features/sync/SyncNowButton.tsx'
import type { Language } from '../../src/domain/translator.ts'
import { renderWithProviders } from './providers.tsx'

const TOO_SOON = 'You synced a moment ago. You can sync again in 3 seconds'

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  })

/** The server behind the button: each press takes the next answer. */
function serverAnswering(...answers: Response[]) {
  const presses: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      presses.push(url)
      return answers.shift() ?? json({ message: 'Unexpected error' }, { status: 500 })
    }),
  )
  return presses
}

const refused = (seconds: number, message = TOO_SOON) =>
  json({ message }, { status: 429, headers: { 'retry-after': String(seconds) } })
const synced = () => json({ message: 'Synced 2 calendars', synced: 2, failed: 0 })

async function renderButton(language: Language = 'en') {
  await renderWithProviders(
    <>
      <SyncNowButton />
      <Toaster />
    </>,
    { language },
  )
  // Only the countdown's clock is faked: the locale, the requests and the toasts run as usual.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
  return screen.getByTestId('sync-now') as HTMLButtonElement
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('the Sync now button', () => {
  it("shows the server's message after a 429 and counts the wait down, disabled, then syncs again", async () => {
    const presses = serverAnswering(refused(3), synced())
    const button = await renderButton()
    const user = userEvent.setup()
    expect(button.textContent).toBe('Sync now')

    await user.click(button)
    expect(await screen.findByText(TOO_SOON)).toBeTruthy()
    expect(button.textContent).toBe('Sync again in 3 s')
    expect(button.disabled).toBe(true)

    await user.click(button)
    expect(presses).toHaveLength(1)

    await advance(1000)
    expect(button.textContent).toBe('Sync again in 2 s')
    expect(button.disabled).toBe(true)
    await advance(1000)
    expect(button.textContent).toBe('Sync again in 1 s')
    await advance(1000)
    expect(button.textContent).toBe('Sync now')
    expect(button.disabled).toBe(false)

    await user.click(button)
    expect(await screen.findByText('2 calendars synced')).toBeTruthy()
    expect(presses).toEqual(['/api/notification/trigger', '/api/notification/trigger'])
  })

  it("counts the account's wait down on every Sync now on screen, not only the one pressed", async () => {
    const presses = serverAnswering(refused(3))
    await renderWithProviders(
      <>
        <SyncNowButton />
        <SyncNowButton />
        <Toaster />
      </>,
    )
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    const [pressed, other] = screen.getAllByTestId('sync-now') as HTMLButtonElement[]
    await userEvent.setup().click(pressed!)
    expect((await screen.findAllByText(TOO_SOON)).length).toBeGreaterThan(0)
    expect(pressed!.textContent).toBe('Sync again in 3 s')
    expect(other!.textContent).toBe('Sync again in 3 s')
    expect(other!.disabled).toBe(true)
    await advance(1000)
    expect(other!.textContent).toBe('Sync again in 2 s')
    await advance(2000)
    expect(other!.textContent).toBe('Sync now')
    expect(presses).toHaveLength(1)
  })

  it('counts down in Arabic, with Arabic figures', async () => {
    serverAnswering(refused(42, 'لقد أجريت المزامنة قبل لحظات'))
    const button = await renderButton('ar')
    expect(button.textContent).toBe('مزامنة الآن')
    await userEvent.setup().click(button)
    expect(await screen.findByText('لقد أجريت المزامنة قبل لحظات')).toBeTruthy()
    expect(button.textContent).toBe('مزامنة مجددًا بعد ٤٢ ثانية')
    expect(button.disabled).toBe(true)
    await advance(40_000)
    expect(button.textContent).toBe('مزامنة مجددًا بعد ثانيتين')
    await advance(2000)
    expect(button.textContent).toBe('مزامنة الآن')
    expect(button.disabled).toBe(false)
  })

  it('stays pressable after a failure that names no wait', async () => {
    serverAnswering(json({ message: 'Unexpected error' }, { status: 500 }))
    const button = await renderButton()
    await userEvent.setup().click(button)
    expect(await screen.findByText('Unexpected error')).toBeTruthy()
    expect(button.textContent).toBe('Sync now')
    expect(button.disabled).toBe(false)
  })

  it('says how many calendars could not be synced, and does not call it a success when none was', async () => {
    serverAnswering(
      json({ message: 'x', synced: 0, failed: 3 }),
      json({ message: 'x', synced: 1, failed: 1 }),
    )
    const button = await renderButton()
    const user = userEvent.setup()
    await user.click(button)
    expect(await screen.findByText('3 calendars could not be synced: their links say why')).toBeTruthy()
    expect(screen.queryByText('0 calendars synced')).toBeNull()
    await user.click(button)
    expect(await screen.findByText('1 calendar could not be synced: its link says why')).toBeTruthy()
    expect(await screen.findByText('1 calendar synced')).toBeTruthy()
  })
})
